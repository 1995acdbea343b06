import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import domains from '../../src/resources/domains';
import { consoleResources, consoleScreens } from '../../src/resources/registry';
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminApi, expectAbsent, signInThroughPage, waitForSettled, startE2e, watchProblems, type E2e } from './harness';
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
  // Not the browser's "network idle": the record changes' stream stays open on every list and form.
  await waitForSettled(page, { timeout: 15_000 }).catch(() => undefined);
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

/** What one look at a settled screen finds wrong with it. */
async function look(page: Page, screen: string, axe: boolean, korean: boolean): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`page scrolls sideways by ${overflow}px`);
  problems.push(...(await foreignClockFindings(page)), ...(await headersWrappedMidWord(page)), ...(await rawCodeFindings(page, screen, codeWords[korean ? 'ko' : 'en'])));
  if (korean) problems.push(...(await englishOnKoreanScreen(page, english)));
  if (!axe) return problems;
  problems.push(...(await seriousAxeViolations(page)));
  // pa11y's other runner, beside axe: WCAG 2 AA errors that axe does not look for.
  for (const problem of await codeSnifferErrors(page)) problems.push(`htmlcs ${problem}`);
  return problems;
}

/**
 * Surveys one screen. A screen with findings is looked at again once it has had longer to settle,
 * and only what the second look still finds counts: on two loaded cores the first look can land on
 * a form still drawing (a finding on a different screen in each try, never on a quiet machine).
 * Every finding of either look is written to the log in full, so a run's log names it.
 */
async function check(page: Page, screen: string, pass: string, findings: Finding[], axe: boolean, korean = false) {
  process.stderr.write(`${pass} ${screen}\n`);
  await settle(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${pass}-${slug(screen)}.png`, fullPage: true });
  let problems = await look(page, screen, axe, korean);
  if (problems.length === 0) return;
  process.stderr.write(`${pass} ${screen}, first look:\n  ${problems.join('\n  ')}\n`);
  await settle(page);
  await page.waitForTimeout(2_000);
  problems = await look(page, screen, axe, korean);
  if (problems.length > 0) process.stderr.write(`${pass} ${screen}, second look:\n  ${problems.join('\n  ')}\n`);
  for (const problem of problems) findings.push({ screen, pass, problem });
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

/**
 * A list screen on a phone: its records as cards (ConsoleCardList), never a table squeezed sideways,
 * and no Columns button (a card has no columns). A list with no record shows its empty state.
 */
async function phoneCardFindings(page: Page, screen: string): Promise<string[]> {
  const problems: string[] = [];
  const main = page.locator('#main-content');
  if ((await main.locator('.RaDataTable-table').count()) > 0) problems.push('a list table on a phone, not cards');
  const cards = await main.locator('.console-card').count();
  const empty = await main
    .locator('.RaEmpty-message, .RaList-noResults')
    .or(main.getByText(/^No .* found$|항목이 없습니다$/))
    .count();
  if (cards === 0 && empty === 0 && screen !== '/project/manual') problems.push('no cards and no empty state');
  if ((await main.getByRole('button', { name: /^(Columns|열)$/ }).count()) > 0) problems.push('a Columns button beside cards');
  return problems;
}

async function survey(
  pass: string,
  viewport: { width: number; height: number },
  dark: boolean,
  axe: boolean,
  everyKind = false,
  korean = false,
  cards = false,
): Promise<{ findings: Finding[]; problems: string[] }> {
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
    if (cards) for (const problem of await phoneCardFindings(page, screen)) findings.push({ screen, pass, problem });
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
      findings.push({ screen, pass, problem: 'no record to open: the demo data has none' });
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
export function surveyPass(
  title: string,
  pass: string,
  viewport: { width: number; height: number },
  options: { dark?: boolean; axe?: boolean; everyKind?: boolean; korean?: boolean; cards?: boolean } = {},
): void {
  withSurveyServer();
  it(
    title,
    async () => {
      const { findings, problems } = await survey(pass, viewport, options.dark ?? false, options.axe ?? true, options.everyKind ?? false, options.korean ?? false, options.cards ?? false);
      expect(format(findings)).toBe('');
      expect(problems).toEqual([]);
    },
    // A pass shares the machine with another browser test file: the desktop pass, which opens a
    // record of every kind, took over 10 minutes beside another on a loaded machine.
    900_000,
  );
}

/** The screen's sideways scroll, in pixels (0 when it fits). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Tabs from the top of the page to the list's first card and presses Enter on it; the page must not load again (client-side navigation). */
async function openFirstCardByKeyboard(page: Page, recordPath: RegExp) {
  const firstCard = page.locator('#main-content .console-card-link').first();
  await firstCard.waitFor();
  const name = (await firstCard.innerText()).split('\n')[0];
  expect(name.trim().length, 'the card has an accessible name').toBeGreaterThan(0);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.locator('body').focus();
  let reached = false;
  for (let presses = 0; presses < 60 && !reached; presses++) {
    await page.keyboard.press('Tab');
    reached = await firstCard.evaluate((card) => card === document.activeElement);
  }
  expect(reached, 'Tab reaches the first card').toBe(true);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => recordPath.test(url.pathname));
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
}

/**
 * Beside the phone pass, on its server: a card opens its record by keyboard, Activity's entries
 * read as sentences across the card, Users in Korean; and at 1,440 px the Collecting Status
 * board's task table keeps its actions and metric names on one line each.
 */
export function phoneCardChecks(): void {
  it('opens a record from its card by Tab and Enter, in the browser (Users, Projects, Allowed Domains)', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    const problems = watchProblems(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    for (const [list, record] of [
      ['/user/users', /^\/users\/\d+\/show$/],
      ['/', /^\/project\/detail\/\d+$/],
      [domains.listPath, /^\/domains\/\d+$/],
    ] as const) {
      await page.goto(list);
      await settle(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/cards-${slug(list)}.png`, fullPage: true });
      await openFirstCardByKeyboard(page, record);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows Activity as cards whose sentence reads across the card', async () => {
    // A change for the log: the survey's demo data has none.
    const api = await adminApi(e2e);
    const added = await api('POST', '/api/domains', { domain: 'cards.example.org', description: 'Head office' });
    expect((await api('PUT', `/api/domains/${added.data.id}`, { domain: 'cards.example.org', description: 'Cards on a phone' })).result).toBe('SUCCESS');
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/log/activity');
    const sentence = page.locator('#main-content .console-card-primary').first();
    await sentence.waitFor();
    await settle(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cards-activity.png`, fullPage: true });
    // One word a line was a table cell squeezed to a word's width: the card's line is most of the screen.
    expect((await sentence.boundingBox())!.width).toBeGreaterThan(300);
    await expectAbsent(page.locator('#main-content'), page.locator('.RaDataTable-table'));
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows the Users cards in Korean, with the filters behind their button', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    await preferKorean(page);
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/user/users');
    await page.locator('#main-content .console-card').first().waitFor();
    await settle(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cards-users-ko.png`, fullPage: true });
    await expectAbsent(page.locator('#main-content'), page.locator('.RaDataTable-table'));
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // The search and the selects wait behind the filter button until chosen (the field's label is its words).
    await expectAbsent(page.locator('#main-content'), page.locator('.MuiFormControl-root:has(input[name="q"])'));
    expect(await englishOnKoreanScreen(page, english)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }, 180_000);

  it('keeps the Collecting Status task table’s actions and metric names on one line at 1,440 px', async () => {
    const { context, page } = await e2e.newPage({ width: 1440, height: 900 });
    await signInThroughPage(e2e, page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/data/collect-status');
    const table = page.locator('#main-content .RaDataTable-table');
    await table.locator('tbody tr').first().waitFor();
    await settle(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/collect-status-1440.png`, fullPage: true });
    const measured = await table.evaluate((element) => {
      /** Lines a text takes: its text's boxes, a new line where one starts below the line before (small print sits lower on the same line). */
      const lines = (node: Element) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0).sort((a, b) => a.top - b.top);
        let count = rects.length > 0 ? 1 : 0;
        let bottom = rects[0]?.bottom ?? 0;
        for (const rect of rects.slice(1)) {
          if (rect.top >= bottom - 1) count++;
          bottom = rect.top >= bottom - 1 ? rect.bottom : Math.max(bottom, rect.bottom);
        }
        return count;
      };
      const rows = [...element.querySelectorAll('tbody tr.RaDataTable-row')];
      const metric = rows.map((row) => row.querySelector('td.column-metricName')).filter((cell): cell is Element => cell !== null);
      const buttons = [...element.querySelectorAll('tbody .MuiButton-root')];
      const wrapper = element.closest('.RaDataTable-tableWrapper')!;
      return {
        metric: metric.map((cell) => ({ text: cell.textContent, lines: lines(cell) })),
        buttons: buttons.map((button) => ({ text: button.textContent, lines: lines(button) })),
        cut: wrapper.scrollWidth - wrapper.clientWidth,
      };
    });
    expect(measured.metric.length).toBeGreaterThan(0);
    expect(measured.buttons.map((button) => button.text)).toEqual(expect.arrayContaining(['Post tasks', 'Retry']));
    expect(measured.metric.filter((cell) => cell.lines !== 1)).toEqual([]);
    expect(measured.buttons.filter((button) => button.lines !== 1)).toEqual([]);
    // Nothing hidden past the table's edge: its last column (Retry) is in view without scrolling.
    expect(measured.cut).toBeLessThanOrEqual(0);
    await context.close();
  }, 180_000);
}
