import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectAbsent, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';

const SHOTS = '/tmp/shots-projects';
const TABLEAU = { site: 'marketing', clientId: 'e2e-client', secretId: 'e2e-secret-id', secretValue: 'e2e-secret-value-long-enough-for-hs256' };
const VIEWER_EMAIL = 'viewer@example.com';
const VIEWER_PASSWORD = 'Passw0rd!';

let e2e: E2e;
let templateId: number;
let tableauServer: Server;
let tableauUrl: string;
/** What the embedded view asked the stand-in Tableau server for. */
const tableauRequests: string[] = [];
beforeAll(async () => {
  // A stand-in Tableau server on the loopback: it takes the embed sign-in (with CORS for the
  // console's origin, as a real one is set up) and answers every view with a plain page.
  tableauServer = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': request.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      tableauRequests.push(`${request.method} ${request.url} ${body}`);
      if (request.method === 'POST') return void response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
      response.writeHead(200, { ...cors, 'content-type': 'text/html' }).end('<p>Stand-in Tableau view</p>');
    });
  });
  await new Promise<void>((resolve) => tableauServer.listen(0, '127.0.0.1', resolve));
  tableauUrl = `http://127.0.0.1:${(tableauServer.address() as { port: number }).port}`;
  e2e = await startE2e({ tableau: { ...TABLEAU, serverUrl: tableauUrl } });
  mkdirSync(SHOTS, { recursive: true });
  const now = new Date().toISOString();
  templateId = (
    await e2e.db
      .insertInto('templates')
      .values({ name: 'Media Overview', data_type_code: 'MEDIA', description: 'Spend, reach and frequency', status: 'Y', file_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await e2e.db.insertInto('templates').values({ name: 'CRM Funnel', data_type_code: 'CRM', description: null, status: 'Y', file_id: null, created_at: now, updated_at: now }).execute();
  await e2e.createAccount(VIEWER_EMAIL, VIEWER_PASSWORD);
});
afterAll(async () => {
  await e2e?.close();
  tableauServer?.close();
});

describe('Projects screens', () => {
  it('creates a template project, shows its dashboard with a token, and shares it with a second user who then sees it', async () => {
    const { context, page } = await e2e.newPage();
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('No projects yet').waitFor();
    await page.screenshot({ path: `${SHOTS}/list-empty.png` });

    await page.getByRole('link', { name: 'New project' }).first().click();
    await page.waitForURL((url) => url.pathname === '/project/create');
    await page.locator('input[name=name]').fill('Spring launch');
    await page.locator('textarea[name=description]').fill('Media plan for the spring launch in Korea and Japan');
    // Only templates of the chosen data type are offered.
    await page.getByTestId(`template-${templateId}`).waitFor();
    await expectAbsent(page.locator('#main-content'), page.getByText('CRM Funnel'));
    await page.getByTestId(`template-${templateId}`).click();
    await page.getByRole('combobox', { name: 'Advertiser' }).click();
    await page.getByRole('option', { name: 'Acme Electronics' }).click();
    await page.getByRole('checkbox', { name: 'Korea' }).check();
    await page.getByRole('checkbox', { name: 'Japan' }).check();
    const conditions = page.locator('.ra-input-dataFilters\\.conditionFilters');
    await conditions.getByRole('button', { name: 'Add' }).click();
    await conditions.locator('input[name="dataFilters.conditionFilters.0.field"]').fill('impressions');
    await conditions.locator('input[name="dataFilters.conditionFilters.0.value"]').fill('1000');
    // Dates are typed as YYYY-MM-DD in every language; a day that does not exist is refused on the field.
    const endAt = page.getByRole('textbox', { name: 'End date' });
    await endAt.pressSequentially('20990230');
    await page.getByText('Enter a real date as YYYY-MM-DD.').waitFor();
    // An end before the start is refused on the form, before anything is sent.
    await endAt.fill('2020-01-01');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The end date must be after the start date.').waitFor();
    await endAt.fill('2099-12-31');
    await page.screenshot({ path: `${SHOTS}/create-filled.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => /^\/project\/detail\/\d+$/.test(url.pathname));
    await page.getByRole('banner').getByText('Spring launch').waitFor();
    const viz = page.locator('tableau-viz');
    await viz.waitFor({ state: 'attached' });
    const token = await viz.getAttribute('token');
    expect(token?.split('.')).toHaveLength(3);
    expect(await viz.getAttribute('src')).toBe(`${tableauUrl}/t/marketing/views/MediaOverview/Dashboard`);
    await page.getByText('impressions equals 1000').waitFor();

    // Share with the second user, found by e-mail.
    await page.getByRole('combobox', { name: 'Find people by e-mail' }).fill('viewer@');
    await page.getByRole('option', { name: /viewer@example.com/ }).click();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.locator(`tr[data-email="${VIEWER_EMAIL}"]`).waitFor();

    // A plan, written in its dialog, is listed with who made it.
    await page.getByRole('button', { name: 'Add plan' }).click();
    await page.locator('input[name=planTitle]').fill('Q2 search flight');
    await page.locator('textarea[name=planDescription]').fill('Brand and generic keywords');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Q2 search flight').waitFor();
    await page.getByText(/Created by: System Admin/).waitFor();
    await page.screenshot({ path: `${SHOTS}/detail.png`, fullPage: true });

    // Modify opens the same form filled from the project, countries included.
    await page.getByRole('link', { name: 'Modify' }).click();
    await page.waitForURL((url) => /^\/project\/modify\/\d+$/.test(url.pathname));
    await expect.poll(() => page.locator('input[name=name]').inputValue()).toBe('Spring launch');
    expect(await page.getByRole('checkbox', { name: 'Korea' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Singapore' }).isChecked()).toBe(false);
    await page.locator('input[name=name]').fill('Spring launch APAC');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /^\/project\/detail\/\d+$/.test(url.pathname));
    await page.getByRole('banner').getByText('Spring launch APAC').waitFor();
    await page.getByText('impressions equals 1000').waitFor();

    // An address typed in has no navigation state: the top bar's name is fetched.
    await page.goto(new URL(page.url()).pathname);
    await page.getByRole('banner').getByText('Spring launch APAC').waitFor();
    await viz.waitFor({ state: 'attached' });
    const views = await e2e.db.selectFrom('access_history').select('detail').where('event_type', '=', 'DASHBOARD_VIEW').execute();
    expect(views.length).toBeGreaterThanOrEqual(2);
    // The stand-in Tableau server received the minted token at its embed sign-in, then the view.
    const signIn = tableauRequests.find((line) => line.startsWith('POST /vizportal/api/web/v1/auth/embed/signin'));
    const { siteName, jwt } = JSON.parse(signIn!.slice(signIn!.indexOf('{')));
    expect(siteName).toBe('marketing');
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(TABLEAU.secretValue), { issuer: TABLEAU.clientId, audience: 'tableau' });
    expect(payload.sub).toBe(ADMIN_EMAIL);
    expect(tableauRequests.some((line) => line.startsWith('GET /t/marketing/views/MediaOverview/Dashboard?'))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();

    const viewer = await e2e.newPage();
    const viewerProblems = watchProblems(viewer.page);
    await signInThroughPage(e2e, viewer.page, VIEWER_EMAIL, VIEWER_PASSWORD);
    await viewer.page.waitForURL((url) => url.pathname === '/');
    const row = viewer.page.getByRole('row', { name: /Spring launch APAC/ });
    await row.waitFor();
    expect(await row.getByText('Stand by').count()).toBe(1);
    // A user without the creator flag is not offered a new project.
    await expectAbsent(viewer.page.locator('#main-content'), viewer.page.getByRole('link', { name: 'New project' }));
    await viewer.page.screenshot({ path: `${SHOTS}/list-viewer.png` });
    await row.click();
    await viewer.page.waitForURL((url) => /^\/project\/detail\/\d+$/.test(url.pathname));
    await viewer.page.getByText('Only owners can change who has access.').waitFor();
    await viewer.page.locator('tableau-viz').waitFor({ state: 'attached' });
    await viewer.page.screenshot({ path: `${SHOTS}/detail-viewer.png`, fullPage: true });
    await expectAbsent(viewer.page.locator('#main-content'), viewer.page.getByRole('link', { name: 'Modify' }));
    // The modify address typed in says at once that a viewer cannot modify, with no form to fill.
    const detailPath = new URL(viewer.page.url()).pathname;
    await viewer.page.goto(detailPath.replace('/detail/', '/modify/'));
    await viewer.page.getByText('You cannot modify this project.').waitFor();
    await expectAbsent(viewer.page.locator('#main-content'), viewer.page.getByRole('button', { name: 'Save' }));
    await viewer.page.screenshot({ path: `${SHOTS}/modify-viewer.png`, fullPage: true });
    await viewer.page.getByRole('link', { name: 'Back to the project' }).click();
    await viewer.page.waitForURL((url) => url.pathname === detailPath);
    expect(viewerProblems).toEqual([]);
    await viewer.context.close();
  });
});
