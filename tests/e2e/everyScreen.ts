import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { consoleResources, consoleScreens } from '../../src/resources/registry';
import { declarations } from '../../server/http/resource-declarations';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, signInThroughPage, startE2e, watchProblems, type E2e } from './harness';
import { codeSnifferErrors, seedDemoData, seriousAxeViolations, preferColourScheme, preferKorean } from './axeSurvey';
import { codeWordsTable, englishOnKoreanScreen, foreignClockFindings, headersWrappedMidWord, rawCodeFindings, untranslatedEnglish, type CodeWordsTable } from './readableText';

/**
 * The every-screen survey: every screen of the console with the demo data, the way a person meets it,
 * reached by clicking from its list. Each pass is a file of its own (every-screen*.e2e.ts), so the
 * passes run side by side, each on its own server and browser. Each screen must pass axe with no
 * serious or critical violation, make no failing call, show no time but as YYYY-MM-DD HH:mm and no
 * code without its words, and must not scroll the page sideways. With SURVEY_SHOTS set, a full-page
 * screenshot of every screen of every pass goes there as <pass>-<screen>.png.
 */
const SHOTS = process.env.SURVEY_SHOTS;

/** The registry's menu screens, in menu order. */
const LIST_SCREENS = consoleScreens.filter((screen) => !screen.hidden).map((screen) => screen.path);
/** List screen → react-admin resource whose records open from it (a show, an edit or a record screen of its own) by a click on the first row. */
const OPENED_FROM_LIST: Record<string, string> = Object.fromEntries(
  consoleResources.filter((resource) => resource.show || resource.edit || resource.screens?.some((screen) => screen.hidden)).map((resource) => [resource.listPath, resource.name]),
);
/** Every create form: a resource's at react-admin's /<name>/create, and the screens of their own that create. */
const CREATE_SCREENS = [
  ...consoleScreens.filter((screen) => screen.path.endsWith('/create')).map((screen) => screen.path),
  ...consoleResources.filter((resource) => resource.create).map((resource) => `/${resource.name}/create`),
];
const PUBLIC_SCREENS = ['/sign-in', '/sign-up', '/new-password'];

interface Finding {
  screen: string;
  pass: string;
  problem: string;
}

let e2e: E2e;

/** The survey's server with the demo data, started before the file's pass and closed after it. */
function withSurveyServer(): void {
  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2e({ tableau: SURVEY_TABLEAU });
    // The collect and post catch-all alert mails (migration 018) put the Alert Mail record screens in the survey.
    await seedDemoData(e2e);
    // A declared resource the demo leaves empty is given its declaration's example, so its record screens are surveyed too.
    const api = await adminApi(e2e);
    for (const { path, example } of declarations) {
      if (example && (await api('GET', `/api${path}`)).data?.totalCount === 0) expect((await api('POST', `/api${path}`, example)).result, `the example of ${path}`).toBe('SUCCESS');
    }
    english = await untranslatedEnglish();
    // Project Properties' codes (ACME, KR, APAC…) read as their names, in either language.
    const properties = await Promise.all(PROPERTY_TABLES.map((table) => e2e.db.selectFrom(table).select(['code', 'name']).execute()));
    for (const language of ['en', 'ko'] as const) {
      codeWords[language] = await codeWordsTable(language);
      for (const { code, name } of properties.flat()) (codeWords[language][code] ??= []).push(name);
    }
  }, 180_000);
  afterAll(async () => e2e?.close());
}

const slug = (path: string) => path.replace(/^\//, '').replaceAll('/', '-') || 'home';

/** Waits for the screen to settle: no progress bar or spinner, the fonts and the data drawn. */
async function settle(page: Page) {
  // Generous waits: on a loaded machine a screen still loading would be surveyed as its spinner.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .locator('[role=progressbar]:not([aria-valuenow])')
    .first()
    .waitFor({ state: 'hidden', timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** The catalogue's English texts, for the Korean pass; filled before the surveys start. */
let english: string[] = [];
const PROPERTY_TABLES = ['regions', 'countries', 'companies', 'advertisers', 'data_types'] as const;
/** Every code a screen may show, with its words in each language; filled before the surveys start. */
const codeWords: Record<'en' | 'ko', CodeWordsTable> = { en: {}, ko: {} };

async function check(page: Page, screen: string, pass: string, findings: Finding[], axe: boolean, korean = false) {
  process.stderr.write(`${pass} ${screen}\n`);
  await settle(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${pass}-${slug(screen)}.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) findings.push({ screen, pass, problem: `page scrolls sideways by ${overflow}px` });
  for (const problem of await foreignClockFindings(page)) findings.push({ screen, pass, problem });
  for (const problem of await headersWrappedMidWord(page)) findings.push({ screen, pass, problem });
  for (const problem of await rawCodeFindings(page, screen, codeWords[korean ? 'ko' : 'en'])) findings.push({ screen, pass, problem });
  if (korean) for (const problem of await englishOnKoreanScreen(page, english)) findings.push({ screen, pass, problem });
  if (!axe) return;
  for (const problem of await seriousAxeViolations(page)) findings.push({ screen, pass, problem });
  // pa11y's other runner, beside axe: WCAG 2 AA errors that axe does not look for.
  for (const problem of await codeSnifferErrors(page)) findings.push({ screen, pass, problem: `htmlcs ${problem}` });
}

/**
 * The Tableau the demo's dashboards are on: the custom projects' URLs name this host, and the
 * template projects' views are under it once the server is configured with it. The browser itself
 * stands in for it (the server only signs tokens, it never calls Tableau): the embed sign-in is
 * accepted and every view is a plain page, so a project's dashboard loads without a failing call.
 */
const SURVEY_TABLEAU = {
  serverUrl: 'https://tableau.example.com',
  site: '',
  clientId: 'survey-client',
  secretId: 'survey-secret-id',
  secretValue: 'survey-secret-value-long-enough-for-hs256',
};

async function standInTableau(context: BrowserContext) {
  await context.route(`${SURVEY_TABLEAU.serverUrl}/**`, (route) => {
    const request = route.request();
    const headers = {
      'access-control-allow-origin': e2e.baseUrl,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': request.headers()['access-control-request-headers'] ?? '*',
    };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers });
    if (request.method() === 'POST') return route.fulfill({ headers, contentType: 'application/json', body: '{}' });
    return route.fulfill({ headers, contentType: 'text/html', body: '<p>Stand-in Tableau view</p>' });
  });
}

/** The record's other view: the edit form after its show page, the show page after its edit form. */
function otherView(screen: string, resource: string): string | undefined {
  if (resource === 'tasks' || resource === 'system-logs') return undefined;
  if (screen.startsWith('/project/detail/')) return screen.replace('/project/detail/', '/project/modify/');
  if (screen.endsWith('/show')) return screen.replace(/\/show$/, '');
  return screen.startsWith(`/${resource}/`) ? `${screen}/show` : undefined;
}

/**
 * One screen per kind of record on the list's first page, read from the API as the page itself
 * would: a record's kind is the set of its code values (type, status, data type, flags…), and the
 * opened record's address with its id swapped names the others'.
 */
async function otherKinds(page: Page, resource: string, opened: string): Promise<string[]> {
  // Through the context's own request client: the call is not the page's, so a list that needs a
  // filter (project properties, one kind at a time) answers 400 here without being a finding.
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'accessToken')?.value;
  const answer = await page.request.get(`/api/${resource}?range=${encodeURIComponent('[0,99]')}`, { headers: { authorization: `Bearer ${decodeURIComponent(token ?? '')}` } });
  if (!answer.ok()) return [];
  const rows = ((await answer.json()) as { data?: { list?: Record<string, unknown>[] } }).data?.list ?? [];
  const openedId = rows.map((row) => String(row.id)).find((id) => opened.split('/').includes(id));
  if (!openedId) return [];
  const isCode = (value: unknown) => typeof value === 'string' && /^[A-Z][A-Z0-9_]{0,23}$/.test(value);
  const codeFields = Object.keys(rows[0] ?? {}).filter((field) => {
    const values = new Set(rows.map((row) => row[field]));
    return rows.every((row) => row[field] === null || isCode(row[field])) && values.size > 1 && values.size <= 8;
  });
  const seen = new Map<string, string>();
  for (const row of rows) {
    const kind = codeFields.map((field) => `${field}=${String(row[field])}`).join(' ');
    if (!seen.has(kind)) seen.set(kind, String(row.id));
  }
  return [...seen.values()].slice(0, 8).map((id) =>
    opened
      .split('/')
      .map((segment) => (segment === openedId ? id : segment))
      .join('/'),
  );
}

async function survey(pass: string, viewport: { width: number; height: number }, dark: boolean, axe: boolean, everyKind = false, korean = false): Promise<{ findings: Finding[]; problems: string[] }> {
  const findings: Finding[] = [];
  const { context, page } = await e2e.newPage(viewport);
  await standInTableau(context);
  // Failed calls by address; the browser's own "Failed to load resource" lines say no more than these.
  const failed: string[] = [];
  page.on('response', (response) => {
    const call = `${response.status()} ${response.request().method()} ${response.url().replace(e2e.baseUrl, '')}`;
    if (response.status() >= 400) failed.push(call);
  });
  const watched = watchProblems(page);
  await preferColourScheme(page, dark);
  if (korean) await preferKorean(page);
  for (const screen of PUBLIC_SCREENS) {
    await page.goto(screen);
    await check(page, screen, pass, findings, axe, korean);
  }
  await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname === '/');
  for (const screen of LIST_SCREENS) {
    await page.goto(screen);
    await check(page, screen, pass, findings, axe, korean);
    const resource = OPENED_FROM_LIST[screen];
    if (!resource) continue;
    // Every list names its records by a link (a table row's, or a phone list's item).
    const link = page.locator(resource === 'projects' ? 'main a[href^="/project/detail/"]' : `main a[href^="/${resource}/"]:not([href*="/create"])`).first();
    if (
      !(await link.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      findings.push({ screen, pass, problem: 'no record to open: the demo data has none, and its declaration no example' });
      continue;
    }
    const before = page.url();
    await link.click();
    await page.waitForURL((url) => url.href !== before, { timeout: 10_000 }).catch(() => findings.push({ screen, pass, problem: 'the first row does not open' }));
    if (page.url() === before) continue;
    const opened = new URL(page.url()).pathname;
    await check(page, opened, pass, findings, axe, korean);
    // Records of other kinds draw other inputs (a template project's form is not a custom one's):
    // one of each kind the list's first page holds, its screen and its other view, in one pass.
    const screens = [opened, ...(everyKind ? (await otherKinds(page, resource, opened)).filter((screen) => screen !== opened) : [])];
    for (const [index, screen] of screens.entries()) {
      if (index > 0) {
        await page.goto(screen);
        await check(page, screen, pass, findings, axe, korean);
      }
      const other = otherView(screen, resource);
      if (other) {
        await page.goto(other);
        await check(page, other, pass, findings, axe, korean);
      }
    }
  }
  for (const screen of CREATE_SCREENS) {
    await page.goto(screen);
    await check(page, screen, pass, findings, axe, korean);
  }
  await context.close();
  return { findings, problems: [...failed, ...watched.filter((problem) => !problem.startsWith('console: Failed to load resource'))] };
}

const format = (findings: Finding[]) => findings.map((f) => `${f.pass} ${f.screen}: ${f.problem}`).join('\n');

/** One pass of the survey: its own server, one browser context at this width and scheme. */
export function surveyPass(title: string, pass: string, viewport: { width: number; height: number }, options: { dark?: boolean; axe?: boolean; everyKind?: boolean; korean?: boolean } = {}): void {
  withSurveyServer();
  it(
    title,
    async () => {
      const { findings, problems } = await survey(pass, viewport, options.dark ?? false, options.axe ?? true, options.everyKind ?? false, options.korean ?? false);
      expect(format(findings)).toBe('');
      expect(problems).toEqual([]);
    },
    // A pass shares the machine with another browser test file: the desktop pass, which opens a
    // record of every kind, took over 10 minutes beside another on a loaded machine.
    900_000,
  );
}
