import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES } from '../../server/outbound/outbound-fetch';
import { FILE_READ_LIMITS } from '../../src/shared/upload-rules';
import { runtimeTimeZone } from '../../src/shared/date-time';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtp-peer';

let platform: AdPlatform;
let smtp: SmtpPeer;
let env: Awaited<ReturnType<typeof startCollectApp>>;
let accountId: number;

const yesterday = () => new Date(env.t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);

async function createConfig(overrides: Parameters<typeof collectConfig>[1] = {}) {
  const reply = await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, ...overrides }));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.id as number;
}

async function runNow(configId: number) {
  const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
  expect(queued.body.data).toMatchObject({ status: 'PENDING', scheduleType: 'MANUAL', processType: 'MASTERING', taskKind: 'COLLECT' });
  await env.tick();
  return (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
}

const masteredCount = async (configId: number) =>
  Number(
    (
      await env.t.db
        .selectFrom('master_rows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('config_id', '=', configId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  platform = await startAdPlatform(25);
  smtp = await startSmtpPeer();
  env = await startCollectApp({ suspendAfter: 3 }, { smtpUrl: smtp.url });
  accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
});
afterAll(async () => {
  await env.t.close();
  await platform.close();
  await smtp.close();
});

describe('run now, end to end', () => {
  let configId: number;

  it('fetches every page, masters the rows and posts them to a LOCAL folder', async () => {
    configId = await createConfig();
    const posting = await env.api('POST', '/api/post-configs', localPostConfig({ backupFlag: 'Y', backupLocation: 'media-copies' }));
    await env.api('POST', '/api/post-configs', localPostConfig({ dataType: 'CRM', targetLocation: 'feeds/crm' })); // another data type: not posted
    platform.requests.length = 0;

    const task = await runNow(configId);
    expect(task).toMatchObject({ status: 'SUCCESS', processType: 'MASTERED', rowsFetched: 25, rowsMastered: 25, attempt: 1, errorId: null, periodFrom: yesterday(), processId: `P${configId}` });
    expect(task.responseMeta).toMatchObject({ status: 200, pages: 3, rows: 25 });
    expect(task.dataLocation).toBe(`master_rows?configId=${configId}&period=${yesterday()}..${yesterday()}`);
    expect(task.logs.map((line: { message: string }) => line.message).join('\n')).toContain('Fetched 25 rows in 3 pages');
    expect(await masteredCount(configId)).toBe(25);

    // The platform saw the account's secret and the period in every request.
    expect(platform.requests).toHaveLength(3);
    for (const request of platform.requests) {
      expect(request.headers['x-api-key']).toBe('platform-secret-1');
      expect(request.url.searchParams.get('day')).toBe(yesterday());
    }

    expect(task.postingTasks).toHaveLength(1);
    const post = task.postingTasks[0];
    expect(post).toMatchObject({ taskKind: 'POST', status: 'SUCCESS', processType: 'MASTERED', postConfigId: posting.body.data.id, rowsPosted: 25, targetMethod: 'LOCAL', parentTaskId: task.id });
    const postDetail = (await env.api('GET', `/api/tasks/${post.id}`)).body.data;
    const file = join(env.t.config.dataDir, 'posted', 'feeds/media', `MEDIA-${configId}-${yesterday()}.csv`);
    expect(postDetail.targetLocation).toBe(file);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('report_date,campaign_id,clicks');
    expect(lines).toHaveLength(26);
    expect(lines[1]).toBe(`${yesterday()},C1,11`);
    expect(readFileSync(join(env.t.config.dataDir, 'backup', 'media-copies', `MEDIA-${configId}-${yesterday()}.csv`), 'utf8')).toBe(readFileSync(file, 'utf8'));

    // The run is counted in the metrics: one collect and one post, each a success, 25 rows each way.
    const { metrics } = env.t.app.ctx;
    const runs = (await metrics.tasks.get()).values.filter((value) => value.metricName === 'console_collect_task_duration_seconds_count');
    expect(runs.map(({ labels, value }) => [labels.kind, labels.outcome, value]).sort()).toEqual([
      ['collect', 'success', 1],
      ['post', 'success', 1],
    ]);
    expect((await metrics.rows.get()).values.map(({ labels, value }) => [labels.stage, value]).sort()).toEqual([
      ['mastered', 25],
      ['posted', 25],
    ]);
    // The queue by kind and state, read from the database when scraped.
    const queue = await metrics.registry.getSingleMetricAsString('console_collect_tasks');
    expect(`${queue}\n`).toContain('console_collect_tasks{kind="collect",state="SUCCESS"} 1\n');
    expect(`${queue}\n`).toContain('console_collect_tasks{kind="post",state="SUCCESS"} 1\n');
  });

  it("replaces the period's rows when the same period runs again", async () => {
    const again = await runNow(configId);
    expect(again.status).toBe('SUCCESS');
    expect(await masteredCount(configId)).toBe(25);
  });

  it('shows the runs on the collecting status board', async () => {
    const board = await env.api('GET', '/api/collect-status');
    expect(board.status).toBe(200);
    // Two runs of the same period: its 25 rows once, not 50.
    expect(board.body.data).toMatchObject({ totalMastered: 25, totalPosted: 25, successRate: 100, failedTask: 0, running: false });
    const today = env.t.clock.now().toISOString().slice(0, 10);
    expect(board.body.data.tasksPerDay).toHaveLength(7);
    expect(board.body.data.tasksPerDay.at(-1)).toMatchObject({ day: today, SUCCESS: 4, ERROR: 0 });
    expect(board.body.data.processes.find((row: { configId: number }) => row.configId === configId)).toMatchObject({
      processId: `P${configId}`,
      hourly: 2,
      weekly: 2,
      monthly: 2,
      mastered: 25,
      posted: 25,
      targets: 1,
      status: 'SUCCESS',
    });
    const inverted = await env.api('GET', '/api/collect-status?from=2026-02-02&to=2026-02-01');
    expect(inverted.status).toBe(400);
    const tasks = await env.api('GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify({ configId, taskKind: 'POST' }))}&sort=${encodeURIComponent('["id","ASC"]')}`);
    expect(tasks.body.data.totalCount).toBe(2);
    // The board lists one row per run: the collect tasks, each with what its post tasks posted, keyset-paged.
    const runsPage = (after?: string) =>
      env.api('GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify({ configId, taskKind: 'COLLECT' }))}&range=${encodeURIComponent('[0,0]')}${after ? `&after=${after}` : ''}`);
    const newest = (await runsPage()).body.data;
    expect(newest.list.map((task: { taskKind: string; rowsPosted: number; postsRowsPosted: number }) => [task.taskKind, task.rowsPosted, task.postsRowsPosted])).toEqual([['COLLECT', 0, 25]]);
    const older = (await runsPage(newest.nextCursor)).body.data;
    expect(older.list).toHaveLength(1);
    expect(older.list[0]).toMatchObject({ taskKind: 'COLLECT', postsRowsPosted: 25 });
    expect(older.list[0].id).toBeLessThan(newest.list[0].id);
  });

  it("narrows the board's tiles, chart and process rows with the task list's filter", async () => {
    const other = await createConfig({ metricName: 'Other report' });
    expect((await runNow(other)).status).toBe('SUCCESS');
    const board = async (filter: object) => {
      const reply = await env.api('GET', `/api/collect-status?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data;
    };
    const today = env.t.clock.now().toISOString().slice(0, 10);
    const mine = await board({ configId });
    expect(mine).toMatchObject({ totalMastered: 25, totalPosted: 25, failedTask: 0 });
    expect(mine.tasksPerDay.at(-1)).toMatchObject({ day: today, SUCCESS: 4 });
    expect(mine.processes.map((row: { configId: number }) => row.configId)).toEqual([configId]);
    const theirs = await board({ processId: `P${other}`, taskKind: 'COLLECT' });
    expect(theirs).toMatchObject({ totalMastered: 25, totalPosted: 0 });
    expect(theirs.tasksPerDay.at(-1)).toMatchObject({ SUCCESS: 1 });
    expect(theirs.processes).toEqual([expect.objectContaining({ configId: other, mastered: 25, posted: 0 })]);
    // No filter: every config's tasks; the filter's own period is ignored for the board's from/to.
    expect((await board({ from: '2020-01-01', to: '2020-01-01' })).tasksPerDay.at(-1)).toMatchObject({ SUCCESS: 6 });
    expect((await env.api('GET', `/api/collect-status?filter=${encodeURIComponent('{"colour":"red"}')}`)).status).toBe(400);
  });

  it('counts each period once after a backfill over periods that already ran', async () => {
    const dayBefore = new Date(Date.parse(yesterday()) - 86_400_000).toISOString().slice(0, 10);
    const backfill = await env.api('POST', `/api/collect-configs/${configId}/backfill`, { from: dayBefore, to: yesterday() });
    expect(backfill.body.data.tasks).toHaveLength(2);
    await env.tick();
    const board = (await env.api('GET', `/api/collect-status?filter=${encodeURIComponent(JSON.stringify({ configId }))}`)).body.data;
    // Yesterday ran three times, the day before once: 2 distinct periods of 25 rows, as stored.
    expect(await masteredCount(configId)).toBe(50);
    expect(board).toMatchObject({ totalMastered: 50, totalPosted: 50 });
    expect(board.processes[0]).toMatchObject({ mastered: 50, posted: 50 });
    expect(board.tasksPerDay.at(-1).SUCCESS).toBe(8); // the runs themselves are all still counted
  });

  it("previews an unsaved config's first page without storing anything", async () => {
    const before = await env.t.db
      .selectFrom('collect_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const preview = await env.api('POST', '/api/collect-configs/test-source', { ...collectConfig(platform.url, { marketAccountId: accountId }), periodFrom: '2026-02-03' });
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows).toHaveLength(10);
    expect(preview.body.data.rows[0]).toEqual({ report_date: '2026-02-03', campaign_id: 'C1', impressions: 1001, clicks: 11 });
    expect(preview.body.data.responseMeta.pages).toBe(1);
    const broken = await env.api('POST', '/api/collect-configs/test-source', collectConfig(platform.url, { marketAccountId: accountId, sourceLocation: `${platform.url}/broken` }));
    expect(broken.status).toBe(400);
    expect(broken.body.data.errors[0]).toMatchObject({ field: 'sourceLocation', message: expect.stringContaining('HTTP 500') });
    const after = await env.t.db
      .selectFrom('collect_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('runs a CSV report and a cursor-paged report', async () => {
    const csv = await createConfig({
      sourceLocation: `${platform.url}/report.csv`,
      sourceMethod: { responseFormat: 'CSV', pagination: { type: 'NONE' } },
      fields: [
        { field: 'date', code: 'report_date', type: 'DATE', fieldFlag: 'Y', masterFlag: 'Y' },
        { field: 'campaign_id', code: 'campaign_id', fieldFlag: 'Y', masterFlag: 'Y' },
        { field: 'clicks', code: 'clicks', type: 'NUMBER' },
      ],
    });
    expect(await runNow(csv)).toMatchObject({ status: 'SUCCESS', rowsMastered: 25 });
    const cursor = await createConfig({
      sourceLocation: `${platform.url}/cursor`,
      sourceMethod: { rowsPath: 'rows', pagination: { type: 'CURSOR', cursorParam: 'cursor', cursorPath: 'paging.next' } },
    });
    expect(await runNow(cursor)).toMatchObject({ status: 'SUCCESS', rowsMastered: 25, responseMeta: { pages: 3 } });
  });
});

describe('FILE sources', () => {
  it('reads the inbox files matching the pattern, and fails with SOURCE_NOT_FOUND when none match', async () => {
    const inbox = join(env.t.config.dataDir, 'inbox', 'media');
    mkdirSync(inbox, { recursive: true });
    writeFileSync(join(inbox, `report-${yesterday()}-a.csv`), `date,campaign_id,clicks\n${yesterday()},F1,3\n${yesterday()},F2,4\n`);
    writeFileSync(join(inbox, `report-${yesterday()}-b.csv`), `date,campaign_id,clicks\n${yesterday()},F3,5\n`);
    writeFileSync(join(inbox, `report-${yesterday()}-c.csv`), `date,campaign_id,clicks\r\n${yesterday()},"F4, quoted ""x""",6\r\n`); // quoted: csv-parse
    writeFileSync(join(inbox, 'other.csv'), 'date,campaign_id,clicks\n2020-01-01,X,1\n');
    const fields = [
      { field: 'date', code: 'report_date', type: 'DATE' as const, fieldFlag: 'Y' as const, masterFlag: 'Y' as const },
      { field: 'campaign_id', code: 'campaign_id', fieldFlag: 'Y' as const, masterFlag: 'Y' as const },
      { field: 'clicks', code: 'clicks', type: 'NUMBER' as const },
    ];
    const configId = await createConfig({
      sourceType: 'FILE',
      sourceLocation: 'media/report-{{from}}-*.csv',
      sourceMethod: { responseFormat: 'CSV' },
      marketAccountId: null,
      keyName: null,
      fields,
      alertRecipients: [],
    });
    const task = await runNow(configId);
    expect(task).toMatchObject({ status: 'SUCCESS', rowsMastered: 4, responseMeta: { files: ['a', 'b', 'c'].map((part) => `inbox/media/report-${yesterday()}-${part}.csv`) } });
    const quoted = await env.t.db.selectFrom('master_rows').select('row_data').where('config_id', '=', configId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(quoted.row_data)).toEqual({ report_date: yesterday(), campaign_id: 'F4, quoted "x"', clicks: 6 });
    writeFileSync(join(inbox, `ragged-${yesterday()}.csv`), 'date,campaign_id,clicks\n2026-01-01,R1\n');
    const ragged = await createConfig({
      sourceType: 'FILE',
      sourceLocation: 'media/ragged-*.csv',
      sourceMethod: { responseFormat: 'CSV' },
      marketAccountId: null,
      keyName: null,
      fields,
      alertRecipients: [],
    });
    expect(await runNow(ragged)).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_MALFORMED', errorText: expect.stringContaining('line 2 has 2 fields, the header 3') });
    const missing = await createConfig({
      sourceType: 'FILE',
      sourceLocation: 'media/none-*.csv',
      sourceMethod: { responseFormat: 'CSV' },
      marketAccountId: null,
      keyName: null,
      fields,
      alertRecipients: [],
    });
    expect(await runNow(missing)).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_NOT_FOUND' });
    const escape = await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { sourceType: 'FILE', sourceLocation: '../secrets/*.csv', fields }));
    expect(escape.body.data.errors.map((error: { field: string }) => error.field)).toContain('sourceLocation');
  });

  it('reads inbox files bounded: a CSV line past the limit, quoted or not, and a JSON file past an API page fail with a sentence', async () => {
    const inbox = join(env.t.config.dataDir, 'inbox', 'bounded');
    mkdirSync(inbox, { recursive: true });
    const endless = 'x'.repeat(FILE_READ_LIMITS.maxLineChars + 1);
    writeFileSync(join(inbox, 'plain.csv'), `date,campaign_id,clicks\n${endless}`);
    writeFileSync(join(inbox, 'quoted.csv'), `date,campaign_id,clicks\n"${endless}",C1,1\n`);
    writeFileSync(join(inbox, 'big.json'), `[${'0,'.repeat(MAX_ANSWER_BYTES / 2)}0]`);
    const fields = [{ field: 'campaign_id', code: 'campaign_id', fieldFlag: 'Y' as const, masterFlag: 'Y' as const }];
    const config = (sourceLocation: string, responseFormat: 'CSV' | 'JSON') =>
      createConfig({ sourceType: 'FILE', sourceLocation, sourceMethod: { responseFormat }, marketAccountId: null, keyName: null, fields, alertRecipients: [] });
    expect(await runNow(await config('bounded/plain.csv', 'CSV'))).toMatchObject({
      status: 'ERROR',
      errorId: 'SOURCE_MALFORMED',
      errorText: expect.stringContaining('File plain.csv has a line longer than 10,000,000 characters (line 2).'),
    });
    expect(await runNow(await config('bounded/quoted.csv', 'CSV'))).toMatchObject({
      status: 'ERROR',
      errorId: 'SOURCE_MALFORMED',
      errorText: expect.stringContaining('File quoted.csv is not valid CSV'),
    });
    expect(await runNow(await config('bounded/big.json', 'JSON'))).toMatchObject({
      status: 'ERROR',
      errorId: 'SOURCE_MALFORMED',
      errorText: expect.stringContaining('File big.json is longer than 32 MiB; a JSON file is read whole'),
    });
  });
});

describe('master keys', () => {
  it('rows repeating a master key collapse to the last one, across insert batches', async () => {
    const inbox = join(env.t.config.dataDir, 'inbox', 'dupes');
    mkdirSync(inbox, { recursive: true });
    const lines = ['date,campaign_id,clicks'];
    for (let n = 1; n <= 1200; n++) lines.push(`${yesterday()},D${n},${n}`);
    for (let n = 1; n <= 300; n++) lines.push(`${yesterday()},D${n},${n + 5000}`); // the same keys again, in a later batch
    writeFileSync(join(inbox, `report-${yesterday()}.csv`), `${lines.join('\n')}\n`);
    const configId = await createConfig({
      sourceType: 'FILE',
      sourceLocation: 'dupes/report-{{from}}.csv',
      sourceMethod: { responseFormat: 'CSV' },
      marketAccountId: null,
      keyName: null,
      alertRecipients: [],
      fields: [
        { field: 'date', code: 'report_date', type: 'DATE', fieldFlag: 'Y', masterFlag: 'Y' },
        { field: 'campaign_id', code: 'campaign_id', fieldFlag: 'Y', masterFlag: 'Y' },
        { field: 'clicks', code: 'clicks', type: 'NUMBER' },
      ],
    });
    expect(await runNow(configId)).toMatchObject({ status: 'SUCCESS', rowsFetched: 1500, rowsMastered: 1200 });
    const stored = await env.t.db.selectFrom('master_rows').select('row_data').where('config_id', '=', configId).orderBy('id').execute();
    expect(stored).toHaveLength(1200);
    expect(JSON.parse(stored[0].row_data)).toEqual({ report_date: yesterday(), campaign_id: 'D1', clicks: 5001 }); // first place, last data
    expect(JSON.parse(stored[1199].row_data)).toEqual({ report_date: yesterday(), campaign_id: 'D1200', clicks: 1200 });
  });
});

describe('bad sources end in ERROR with the reason and store nothing', () => {
  const cases = [
    { name: 'a 500', path: '/broken', errorId: 'SOURCE_HTTP_ERROR', text: 'HTTP 500' },
    { name: 'a timeout', path: '/slow', errorId: 'SOURCE_TIMEOUT', text: 'did not answer within 300 ms' },
    { name: 'malformed JSON', path: '/malformed', errorId: 'SOURCE_MALFORMED', text: 'not valid JSON' },
    { name: 'rows failing master validation', path: '/invalid', errorId: 'MASTER_VALIDATION', text: 'row 2: clicks is not a number (many)' },
    { name: 'an address nothing answers at', location: 'http://127.0.0.1:9/report', errorId: 'SOURCE_UNREACHABLE', text: 'The source could not be reached' },
    { name: 'a source that refuses the credentials (no key sent: 401)', path: '/report', keyName: null, errorId: 'SOURCE_AUTH', text: 'HTTP 401' },
  ];
  for (const { name, path, location, keyName, errorId, text } of cases) {
    it(name, async () => {
      const configId = await createConfig({
        alertRecipients: [],
        sourceLocation: location ?? `${platform.url}${path}`,
        sourceMethod: { rowsPath: 'data.rows', timeoutMs: 300 },
        ...(keyName === null ? { keyName, marketAccountId: null } : {}),
      });
      const task = await runNow(configId);
      expect(task).toMatchObject({ status: 'ERROR', errorId, processType: 'MASTERING', postingTasks: [] });
      expect(task.errorText).toContain(text);
      expect(task.logs.at(-1)).toMatchObject({ level: 'ERROR' });
      expect(await masteredCount(configId)).toBe(0);
    });
  }

  it('a CSV without a mapped column', async () => {
    const configId = await createConfig({
      alertRecipients: [],
      sourceLocation: `${platform.url}/missing.csv`,
      sourceMethod: { responseFormat: 'CSV' },
      fields: [
        { field: 'date', code: 'report_date', type: 'DATE' },
        { field: 'clicks', code: 'clicks', type: 'NUMBER' },
      ],
    });
    const task = await runNow(configId);
    expect(task).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_MISSING_COLUMNS', errorText: 'The source lacks mapped columns: clicks.' });
  });
});

describe('a large source streams through the run', () => {
  it('a row failing validation at the very end of many pages leaves no row of the run, and the period keeps its rows', async () => {
    const big = await startAdPlatform(5000);
    try {
      const paged = (path: string) =>
        collectConfig(big.url, {
          marketAccountId: accountId,
          alertRecipients: [],
          sourceLocation: `${big.url}${path}`,
          sourceMethod: { rowsPath: 'data.rows', pagination: { type: 'PAGE', pageParam: 'page', sizeParam: 'size', pageSize: 500, maxPages: 100 } },
        });
      const created = await env.api('POST', '/api/collect-configs', paged('/report'));
      const configId = created.body.data.id as number;
      expect(await runNow(configId)).toMatchObject({ status: 'SUCCESS', rowsFetched: 5000, rowsMastered: 5000, responseMeta: { pages: 11 } });

      expect((await env.api('PUT', `/api/collect-configs/${configId}`, paged('/bad-last'))).status).toBe(200);
      const failed = await runNow(configId);
      expect(failed).toMatchObject({ status: 'ERROR', errorId: 'MASTER_VALIDATION', postingTasks: [] });
      expect(failed.errorText).toContain('row 5000: clicks is not a number (many)');
      const ofRun = await env.t.db
        .selectFrom('master_rows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', failed.id)
        .executeTakeFirstOrThrow();
      expect(Number(ofRun.n)).toBe(0);
      expect(await masteredCount(configId)).toBe(5000); // the earlier run's rows of the period are untouched
    } finally {
      await big.close();
    }
  });
});

describe('alerts, streaks and retry', () => {
  it('mails the recipients once per failure streak and suspends after 3 failures in a row', async () => {
    const configId = await createConfig({ alertRecipients: ['ops@example.com', 'lead@example.com'], sourceLocation: `${platform.url}/broken` });
    smtp.received.length = 0;
    const first = await runNow(configId);
    expect(first.status).toBe('ERROR');
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(['lead@example.com', 'ops@example.com']);
    // The subject says what failed in words; the code appears once, in the body; the link opens the failed run.
    const alert = await env.t.lastMail('ops@example.com');
    expect(alert?.subject).toBe('[Alert] Collecting "Fake daily report" failed: the source answered with an error.');
    expect((alert!.subject + alert!.body_text).match(/SOURCE_HTTP_ERROR/g)).toHaveLength(1);
    expect(alert?.body_text).toContain(`Task ${first.id} of the collect configuration "Fake daily report" stopped at`);
    expect(alert?.body_text).toContain(`Open the failed run: ${env.t.config.publicUrl}/tasks/${first.id}/show`);
    // When it stopped is written for a person: YYYY-MM-DD HH:mm with the zone named, never an ISO instant.
    expect(alert?.body_text).toContain(` (${runtimeTimeZone()}) `);
    expect(alert?.body_text).toMatch(/ stopped at \d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d \(/);
    expect(alert!.subject + alert!.body_text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);

    await runNow(configId);
    expect(smtp.received).toHaveLength(2); // same streak: no new mail
    let config = (await env.api('GET', `/api/collect-configs/${configId}`)).body.data;
    expect(config).toMatchObject({ failureStreak: 2, suspended: 'N', lastTaskStatus: 'ERROR' });
    await runNow(configId);
    config = (await env.api('GET', `/api/collect-configs/${configId}`)).body.data;
    expect(config).toMatchObject({ failureStreak: 3, suspended: 'Y' });
    const board = (await env.api('GET', '/api/collect-status')).body.data;
    expect(board.processes.find((row: { configId: number }) => row.configId === configId).status).toBe('SUSPENDED');

    // Fixed and retried: the failed task succeeds, the streak ends, and the next failure mails again.
    const body = collectConfig(platform.url, { marketAccountId: accountId, alertRecipients: ['ops@example.com'] });
    await env.api('PUT', `/api/collect-configs/${configId}`, body);
    expect((await env.api('POST', `/api/collect-configs/${configId}/resume`)).body.data).toMatchObject({ suspended: 'N', failureStreak: 0 });
    const retried = await env.api('POST', `/api/tasks/${first.id}/retry`);
    expect(retried.body.data).toMatchObject({ status: 'PENDING', attempt: 0 });
    expect((await env.api('POST', `/api/tasks/${first.id}/retry`)).status).toBe(409);
    await env.tick();
    expect((await env.api('GET', `/api/tasks/${first.id}`)).body.data).toMatchObject({ status: 'SUCCESS', processType: 'MASTERED', attempt: 1 });

    await env.api('PUT', `/api/collect-configs/${configId}`, { ...body, sourceLocation: `${platform.url}/malformed` });
    await runNow(configId);
    expect(smtp.received).toHaveLength(3);
    expect(smtp.received[2].raw).toContain('SOURCE_MALFORMED');
  });
});
