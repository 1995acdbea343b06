import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsByRank, approvedUser, type RankAccounts } from './harness';
import { collectConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { commit, createDataset, preview } from './uploads-support';
import { projectBody, seedTemplate } from './projects-fixtures';
import { ACTIVITY_ROUTES, isRecorded } from '../../server/modules/activity/routes-table';
import { entryWords, translatorFor } from '../../server/modules/activity/words';
import { activityChangeText } from '../../src/shared/activity';
import { ACTIVITY_SUBJECTS } from '../../server/modules/activity/subjects';
import { CODE_LISTS } from '../../src/shared/code-lists';
import { codeMessageKey, type CodeSet } from '../../src/shared/code-sets';
import type { ActivityEntry, Translate } from '../../src/shared';

/**
 * The activity log: every mutating route the app registers is recorded or named
 * as no activity, and each kind of entry says who did what to which record, before and after.
 */

const registered: { method: string; url: string }[] = [];
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const recording = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: recording, fastify: recording };
});

let env: Awaited<ReturnType<typeof startCollectApp>>;
let accounts: RankAccounts;
const en = translatorFor('en');
const ko = translatorFor('ko');

beforeAll(async () => {
  env = await startCollectApp();
  accounts = await accountsByRank(env.t);
  // The acting person has a name: sentences name people, not addresses.
  await env.t.db.updateTable('admins').set({ first_name: 'Mina', last_name: 'Park' }).where('email', '=', 'admin@example.com').execute();
});
afterAll(() => env.t.close());

/** The code-table codes a change holds, at any depth, but those whose words name the code itself ("Read (GET)"). */
function rawCodesIn(value: unknown, t: Translate): string[] {
  if (typeof value === 'string') {
    const sets = (Object.keys(CODE_LISTS) as CodeSet[]).filter((set) => (CODE_LISTS[set] as readonly string[]).includes(value));
    return /^[A-Z][A-Z0-9_]{2,}$/.test(value) && sets.length && !sets.some((set) => t(codeMessageKey(set, value)).includes(value)) ? [value] : [];
  }
  return value && typeof value === 'object' ? Object.values(value).flatMap((item) => rawCodesIn(item, t)) : [];
}

async function entries(filter: Record<string, unknown> = {}, token = env.token): Promise<ActivityEntry[]> {
  const reply = await env.t.call('GET', `/api/activity?range=[0,99]&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.data.list;
}

describe('every mutating route', () => {
  const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

  it('is recorded as activity or named as none, with a reason', () => {
    const routes = [...new Set(registered.filter(({ method, url }) => MUTATING.has(method) && url.startsWith('/api/')).map(({ method, url }) => `${method} ${url}`))];
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((route) => !ACTIVITY_ROUTES[route])).toEqual([]);
    for (const [route, declared] of Object.entries(ACTIVITY_ROUTES)) {
      expect(routes, `${route} is declared but not registered`).toContain(route);
      if (!isRecorded(declared)) expect(declared.notActivity.length).toBeGreaterThan(10);
    }
  });

  it('matches the OpenAPI document', async () => {
    const document = (await env.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operations = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, byMethod]) =>
      Object.keys(byMethod)
        .filter((method) => MUTATING.has(method.toUpperCase()))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(operations.filter((operation) => !ACTIVITY_ROUTES[operation])).toEqual([]);
  });
});

describe('activity entries', () => {
  it('records a create, a change with before → after, and a delete, in words in English and Korean', async () => {
    const created = await env.api('POST', '/api/domains', { domain: 'acme.com', description: 'x', activeFlag: 'Y' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await env.api('PUT', `/api/domains/${id}`, { domain: 'acme.com', description: 'y', activeFlag: 'Y' })).status).toBe(200);
    expect((await env.api('PUT', `/api/domains/${id}`, { domain: 'acme.com', description: 'y', activeFlag: 'N' })).status).toBe(200);
    // A save that changed nothing, and reads, are no activity.
    expect((await env.api('PUT', `/api/domains/${id}`, { domain: 'acme.com', description: 'y', activeFlag: 'N' })).status).toBe(200);
    await env.api('GET', `/api/domains/${id}`);
    await env.api('GET', '/api/domains');
    expect((await env.api('DELETE', `/api/domains/${id}`)).status).toBe(200);

    const history = await entries({ resource: 'domains', recordId: String(id) });
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'update', 'update', 'create']);
    const [deleted, flagged, changed, added] = history;
    // A code reads as its words, in either language.
    expect(entryWords(flagged, en).changes).toBe('Active Yes → No');
    expect(entryWords(flagged, ko).changes).toBe(`${ko('resources.domains.fields.activeFlag')} ${ko('console.codes.yesNo.Y')} → ${ko('console.codes.yesNo.N')}`);
    expect(added).toMatchObject({ actorName: 'Mina Park', recordName: 'acme.com' });
    expect(changed.changes).toEqual([{ field: 'description', before: 'x', after: 'y' }]);
    expect(entryWords(changed, en)).toEqual({ sentence: 'Mina Park changed Allowed Domain acme.com', changes: "Description 'x' → 'y'" });
    expect(entryWords(changed, ko).sentence).toBe('Mina Park 님이 허용 도메인 acme.com을(를) 변경했습니다');
    expect(entryWords(deleted, en).sentence).toBe('Mina Park deleted Allowed Domain acme.com');
    expect(entryWords(added, en).sentence).toBe('Mina Park added Allowed Domain acme.com');
    // The recorder's own reads are not in the system log.
    await env.t.app.ctx.systemLog.flush();
    const reads = await env.t.db.selectFrom('system_logs').select('id').where('end_point', '=', `/api/domains/${id}`).where('http_method', '=', 'GET').execute();
    expect(reads).toHaveLength(1);
  });

  it('is in the table when the answer arrives, so a server killed right after answering has kept it', async () => {
    const count = async () => (await env.t.db.selectFrom('activity_log').select('id').where('resource', '=', 'domains').execute()).length;
    const before = await count();
    const created = await env.api('POST', '/api/domains', { domain: 'kept.example', description: '', activeFlag: 'Y' });
    expect(created.status).toBe(200);
    expect(await count()).toBe(before + 1);
    expect((await env.api('PUT', `/api/domains/${created.body.data.id}`, { domain: 'kept.example', description: 'now', activeFlag: 'Y' })).status).toBe(200);
    expect(await count()).toBe(before + 2);
    expect((await env.api('DELETE', `/api/domains/${created.body.data.id}`)).status).toBe(200);
    expect(await count()).toBe(before + 3);
  });

  it('says a schedule change in words, from the old time to the new', async () => {
    const schedule = { scheduleType: 'DAILY' as const, scheduledTime: '09:00', timeZone: 'Asia/Seoul', startAt: '2026-01-01' };
    const created = await env.api('POST', '/api/collect-configs', collectConfig('http://127.0.0.1:9', { metricName: 'Naver daily', schedules: [schedule] }));
    expect(created.status).toBe(200);
    const config = created.body.data;
    const schedules = config.schedules.map((kept: { id: number }) => ({ ...schedule, id: kept.id, scheduledTime: '07:00' }));
    const body = { ...collectConfig('http://127.0.0.1:9', { metricName: 'Naver daily' }), schedules };
    expect((await env.api('PUT', `/api/collect-configs/${config.id}`, body)).status).toBe(200);
    const [changed] = await entries({ resource: 'collect-configs', recordId: String(config.id), action: 'schedule' });
    expect(entryWords(changed, en).sentence).toBe('Mina Park changed the schedule of Naver daily from 09:00 to 07:00');
    expect(entryWords(changed, ko).sentence).toBe('Mina Park 님이 Naver daily의 일정을 09:00에서 07:00(으)로 변경했습니다');
    // A weekly schedule's day reads as the day's words, never its code.
    const weekly = schedules.map((kept: typeof schedule) => ({ ...kept, scheduleType: 'WEEKLY', scheduledDay: 'MON' }));
    expect((await env.api('PUT', `/api/collect-configs/${config.id}`, { ...body, schedules: weekly })).status).toBe(200);
    const [toWeekly] = await entries({ resource: 'collect-configs', recordId: String(config.id), action: 'schedule' });
    expect(entryWords(toWeekly, en).sentence).toBe('Mina Park changed the schedule of Naver daily from 07:00 to Monday 07:00');
    expect(entryWords(toWeekly, ko).sentence).toBe(`Mina Park 님이 Naver daily의 일정을 07:00에서 ${ko('resources.collect-configs.choices.weekDay.MON')} 07:00(으)로 변경했습니다`);
  });

  it('records an upload commit: rows appended, then replaced, with the counts', async () => {
    const datasetId = await createDataset(env.t, env.token, undefined, 'Monthly budgets KR');
    const rows = (n: number, from = 0) => ['date,campaign_id,channel,impressions', ...Array.from({ length: n }, (_, i) => `2026-01-01,c${from + i},web,${i}`)].join('\n');
    await commit(env.t, env.token, (await preview(env.t, env.token, datasetId, 'first.csv', rows(25))).id, 'APPEND');
    await commit(env.t, env.token, (await preview(env.t, env.token, datasetId, 'second.csv', rows(15, 100))).id, 'REPLACE');
    const [replaced, appended] = await entries({ resource: 'datasets', recordId: String(datasetId) });
    expect(entryWords(appended, en).sentence).toBe('Mina Park appended 25 rows to Monthly budgets KR (0 rows before)');
    expect(entryWords(replaced, en).sentence).toBe('Mina Park replaced Monthly budgets KR (25 → 15 rows)');
    expect(replaced.changes).toEqual([{ field: 'rowCount', before: 25, after: 15 }]);
  });

  it('never records a secret: a market account keeps only that its secret changed', async () => {
    const created = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'act-secret', name: 'Secret Ads' }));
    const id = created.body.data.id;
    await env.api('PUT', `/api/market-accounts/${id}`, { ...marketAccount({ accountId: 'act-secret', name: 'Secret Ads' }), secret: 'platform-secret-2', keyName: undefined });
    await env.api('PUT', `/api/market-accounts/${id}`, { ...marketAccount({ accountId: 'act-secret', name: 'Secret Ads' }), secret: null });
    // Each row is written before its answer leaves: read straight from the table, nothing waited for.
    const rows = await env.t.db.selectFrom('activity_log').selectAll().where('resource', '=', 'market-accounts').execute();
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/platform-secret/);
    const [cleared, replaced] = await entries({ resource: 'market-accounts', recordId: String(id) });
    expect(replaced.changes).toEqual([{ field: 'secret', before: '[SECRET]', after: '[SECRET]' }]);
    expect(cleared.changes).toEqual([{ field: 'secretSet', before: '[SECRET]', after: '[SECRET]' }]);
    expect(entryWords(replaced, en).changes).toBe(`${en('resources.market-accounts.fields.secret')} secret, not recorded → secret, not recorded`);
  });

  it('records a project share, a password reset and an approval as their own sentences', async () => {
    const person = await approvedUser(env.t, env.token, 'jun.lee@example.com');
    await env.t.db.updateTable('admins').set({ first_name: 'Jun', last_name: 'Lee' }).where('id', '=', person.id).execute();
    const project = await env.api('POST', '/api/projects', projectBody(await seedTemplate(env.t, 'Media layout', 'MEDIA')));
    expect(project.status, JSON.stringify(project.body)).toBe(200);
    const shared = await env.api('POST', '/api/project-shares', { projectId: project.body.data.id, email: 'jun.lee@example.com', privilege: 'EDITOR' });
    expect(shared.status).toBe(200);
    const [share] = await entries({ resource: 'projects', recordId: String(project.body.data.id), action: 'share' });
    expect(entryWords(share, en).sentence).toBe('Mina Park shared Spring launch with Jun Lee as Editor');
    expect((await env.api('POST', `/api/users/${person.id}/password-reset`)).status).toBe(200);
    const history = await entries({ resource: 'users', recordId: String(person.id) });
    expect(history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['password-reset', 'approve']));
    expect(
      entryWords(
        history.find((entry) => entry.action === 'password-reset')!,
        en,
      ).sentence,
    ).toBe('Mina Park reset the password of Jun Lee');
    // A record is named as it was called when it happened.
    expect(
      entryWords(
        history.find((entry) => entry.action === 'approve')!,
        en,
      ).sentence,
    ).toBe('Mina Park approved Test User');
  });

  it('filters by person and action; a record’s history is open to whoever may read the record, the whole log to rank 1 only', async () => {
    const mine = await entries({ actorId: accounts['system-admin'].id });
    expect(mine.every((entry) => entry.actorId === accounts['system-admin'].id)).toBe(true);
    const deletes = await entries({ action: 'delete' });
    expect(deletes.length).toBeGreaterThan(0);
    expect(deletes.every((entry) => entry.action === 'delete')).toBe(true);

    const config = (await entries({ resource: 'collect-configs' }))[0];
    const globalAdmin = accounts['global-admin'].token;
    expect((await env.t.call('GET', `/api/activity?filter=${encodeURIComponent(JSON.stringify({ resource: 'collect-configs', recordId: config.recordId }))}`, { token: globalAdmin })).status).toBe(
      200,
    );
    expect((await env.t.call('GET', '/api/activity', { token: globalAdmin })).status).toBe(403);
    expect((await env.t.call('GET', `/api/activity?filter=${encodeURIComponent(JSON.stringify({ resource: 'domains', recordId: '1' }))}`, { token: globalAdmin })).status).toBe(403);
  });

  it('takes a resource filter naming what every object inherits as no resource: an empty page to rank 1, a refusal below it, never a 500', async () => {
    const filterOf = (resource: string) => `/api/activity?filter=${encodeURIComponent(JSON.stringify({ resource, recordId: '1' }))}`;
    // A resource's name is lowercase words: `constructor` is one, and names no subject.
    const whole = await env.t.call('GET', filterOf('constructor'), { token: env.token });
    expect([whole.status, whole.body.data]).toEqual([200, { list: [], totalCount: 0, totalPage: 1, currentPage: 1 }]);
    expect((await env.t.call('GET', filterOf('constructor'), { token: accounts.user.token })).status).toBe(403);
    // Any other inherited name is no resource's name at all: a 400 on the field, for every caller.
    for (const resource of ['__proto__', 'toString', 'hasOwnProperty']) {
      for (const token of [env.token, accounts.user.token]) {
        const reply = await env.t.call('GET', filterOf(resource), { token });
        expect([resource, reply.status, reply.body.data?.errors?.[0]?.field]).toEqual([resource, 400, 'filter.resource']);
      }
    }
  });

  it('names a collect configuration’s market account and advertiser by their names, not their id and code', async () => {
    const first = (await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'act-first', name: 'First Ads' }))).body.data.id;
    const second = (await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'act-second', name: 'Second Ads' }))).body.data.id;
    const base = collectConfig('http://127.0.0.1:9', { metricName: 'Account switch', marketAccountId: first });
    const created = await env.api('POST', '/api/collect-configs', base);
    expect(created.status).toBe(200);
    expect((await env.api('PUT', `/api/collect-configs/${created.body.data.id}`, { ...base, marketAccountId: second, advertiser: 'GLOBEX' })).status).toBe(200);
    const [changed] = await entries({ resource: 'collect-configs', recordId: String(created.body.data.id), action: 'update' });
    expect(changed.changes.map((change) => activityChangeText('collect-configs', change, en)).sort()).toEqual([
      "Advertiser 'Acme Electronics' → 'Globex Retail'",
      "Market account 'First Ads' → 'Second Ads'",
    ]);
  });

  it('words a collect configuration’s field mapping, headers and schedules, never as JSON', async () => {
    const schedule = { scheduleType: 'DAILY' as const, scheduledTime: '09:00', timeZone: 'Asia/Seoul', startAt: '2026-01-01' };
    const base = collectConfig('http://127.0.0.1:9', { metricName: 'Structured daily', schedules: [schedule] });
    const created = await env.api('POST', '/api/collect-configs', base);
    expect(created.status).toBe(200);
    const config = created.body.data;
    const [date, campaign, ...rest] = base.fields;
    const body = {
      ...base,
      sourceMethod: { ...base.sourceMethod, httpMethod: 'POST' as const, headers: [{ name: 'Accept', value: 'text/csv' }] },
      fields: [{ ...date, type: 'STRING' as const }, ...rest, { field: 'metrics.spend', code: 'spend', type: 'NUMBER' as const, fieldFlag: 'N' as const, masterFlag: 'N' as const }],
      schedules: config.schedules.map((kept: { id: number }) => ({ ...schedule, id: kept.id, scheduleType: 'WEEKLY', scheduledDay: 'MON' })),
      alertRecipients: ['ops@example.com', 'lead@example.com'],
    };
    expect(campaign.code).toBe('campaign_id');
    expect((await env.api('PUT', `/api/collect-configs/${config.id}`, body)).status).toBe(200);
    const [changed] = await entries({ resource: 'collect-configs', recordId: String(config.id), action: 'update' });
    const lines = changed.changes.map((change) => activityChangeText('collect-configs', change, en));
    expect(lines).toEqual(
      expect.arrayContaining([
        "Field mapping: added 'metrics.spend'; removed 'campaign.id'; 'date': Type Date → Text",
        'Schedules: item 1: Repeat Daily → Weekly, Day — → Monday',
        "Alert recipients: added 'lead@example.com'",
      ]),
    );
    expect(lines.find((line) => line.startsWith('Source method'))).toBe("Source method: HTTP method Read (GET) → Send a query (POST), Headers: 'Accept': Value 'application/json' → 'text/csv'");
    expect(entryWords(changed, ko).changes).toContain('스케줄: 1번 항목: 반복 매일 → 매주, 요일 — → 월요일');
  });

  it('words a user’s connected data types and countries by name, not as codes', async () => {
    const person = await approvedUser(env.t, env.token, 'connected.words@example.com');
    const edit = (countryCodes: string[], dataTypes: { advertiserCode: string; dataTypeCode: string }[]) =>
      env.api('PUT', `/api/users/${person.id}`, {
        authority: 'user',
        approverFlag: 'N',
        creatorFlag: 'N',
        uploaderFlag: 'N',
        regionCode: 'APAC',
        officeCode: 'KR',
        companyCode: 'HQ',
        countryCodes,
        dataTypes,
        statusCode: 'ACTIVE',
      });
    expect((await edit(['KR'], [{ advertiserCode: 'ACME', dataTypeCode: 'MEDIA' }])).status).toBe(200);
    expect(
      (
        await edit(
          ['KR', 'JP'],
          [
            { advertiserCode: 'ACME', dataTypeCode: 'SOCIAL' },
            { advertiserCode: 'GLOBEX', dataTypeCode: 'CRM' },
          ],
        )
      ).status,
    ).toBe(200);
    const [changed] = await entries({ resource: 'users', recordId: String(person.id), action: 'update' });
    const lines = changed.changes.map((change) => activityChangeText('users', change, en));
    expect(lines).toContain("Connected data types: added 'Globex Retail'; 'Acme Electronics': added 'Social'; removed 'Media'");
    expect(lines).toContain("Connected countries: 'Asia Pacific': added 'Japan'");
    expect(changed.changes.map((change) => change.field)).not.toContain('dataTypes');
    expect(entryWords(changed, ko).changes).toContain("연결 데이터 유형: 'Globex Retail' 추가; 'Acme Electronics': 'Social' 추가; 'Media' 삭제");
  });

  it('words every entry of every resource with no JSON, brackets or raw code, in both languages and in the export', async () => {
    const all = await entries();
    const recorded = new Set(all.map((entry) => entry.resource));
    // The entries this file made cover every resource that has structures the log compares.
    for (const resource of ['collect-configs', 'users', 'datasets', 'projects', 'market-accounts', 'domains'] as const) expect(recorded).toContain(resource);
    for (const entry of all) {
      expect([...ACTIVITY_SUBJECTS.keys()]).toContain(entry.resource);
      for (const t of [en, ko]) {
        const { sentence, changes } = entryWords(entry, t);
        // A quoted value is the person's own text (a body may hold {{from}}); the words around it are the log's.
        const words = `${sentence} ${changes}`.replace(/'[^']*'/g, "''");
        expect(words, `${entry.resource} ${entry.action}`).not.toMatch(/[{}[\]]|":/);
        for (const code of rawCodesIn(entry.changes, t)) expect(words.split(/[^A-Za-z0-9_]+/), `${code} raw in ${words}`).not.toContain(code);
      }
    }
    // The export draws the same words.
    const ticket = await env.t.call('POST', '/api/activity/export', { token: env.token, body: { filter: { resource: 'collect-configs' } } });
    const file = await env.t.app.inject({ method: 'GET', url: ticket.body.data.url });
    expect(file.body).toContain('Schedules: item 1: Repeat Daily → Weekly, Day — → Monday');
  });

  it('exports as CSV in the reader’s words, zone and language, named after what it holds', async () => {
    const headers = { 'x-time-zone': 'Asia/Seoul', 'accept-language': 'ko-KR' };
    const ticket = await env.t.call('POST', '/api/activity/export', { token: env.token, headers, body: { filter: { resource: 'datasets' } } });
    expect(ticket.status).toBe(200);
    const file = await env.t.app.inject({ method: 'GET', url: ticket.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toMatch(/활동 \d{4}-\d\d-\d\d \d{4}\.csv/);
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('시각 (Asia/Seoul)');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d,Mina Park,행 교체,/);
    expect(lines[1]).toContain('Mina Park 님이 Monthly budgets KR을(를) 교체했습니다 (25 → 15행)');
    expect((await env.t.app.inject({ method: 'GET', url: '/api/activity/export?token=forged' })).statusCode).not.toBe(200);
  });

  it('exports a log longer than one read batch (2,000) whole: every entry once, newest first, ties on the instant in id order', async () => {
    // Pairs of entries share an instant, so a batch may end between two entries of one instant.
    const count = 4_501;
    const rows = Array.from({ length: count }, (_, index) => ({
      actor_id: null,
      actor_name: 'Bench',
      action: 'create',
      resource: 'domains',
      record_id: String(900_000 + index),
      record_name: `batch-${index}.example`,
      params: '{}',
      changes: '[]',
      event_id: `batch-${index}`,
      occurred_at: new Date(Date.UTC(2020, 0, 1) + Math.floor(index / 2) * 1000).toISOString(),
    }));
    for (let from = 0; from < count; from += 500)
      await env.t.db
        .insertInto('activity_log')
        .values(rows.slice(from, from + 500))
        .execute();
    const ticket = await env.t.call('POST', '/api/activity/export', { token: env.token, body: { filter: { resource: 'domains', occurredTo: '2021-01-01T00:00:00.000Z' } } });
    const file = await env.t.app.inject({ method: 'GET', url: ticket.body.data.url });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split(/\r?\n/).slice(1);
    const names = lines.map((line) => Number(/batch-(\d+)\.example/.exec(line)?.[1]));
    expect(names).toEqual(Array.from({ length: count }, (_, index) => count - 1 - index));
  });
});
