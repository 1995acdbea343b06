import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsByRank, dbSnapshot } from './harness';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';

let env: Awaited<ReturnType<typeof startCollectApp>>;
const COLLECT_TABLES = ['market_accounts', 'collect_configs', 'collect_config_fields', 'collect_schedules', 'post_configs', 'post_config_headers', 'collect_tasks', 'master_rows'] as const;

beforeAll(async () => {
  env = await startCollectApp();
});
afterAll(() => env.t.close());

describe('market accounts', () => {
  it('creates, lists, updates and deletes an account; the secret is write-only', async () => {
    const created = await env.api('POST', '/api/market-accounts', marketAccount());
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ platform: 'FAKEADS', accountId: 'act-1', secretSet: true });
    expect(JSON.stringify(created.body)).not.toContain('platform-secret-1');
    const stored = await env.t.db.selectFrom('market_accounts').select('secret_enc').executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain('platform-secret-1');
    // The system log row is written after the response.
    let logged: { request_body: string | null }[] = [];
    for (let wait = 0; wait < 50 && !logged.length; wait++) {
      logged = await env.t.db.selectFrom('system_logs').select('request_body').where('end_point', '=', '/api/market-accounts').execute();
      if (!logged.length) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain('platform-secret-1');

    const id = created.body.data.id;
    const kept = await env.api('PUT', `/api/market-accounts/${id}`, { ...marketAccount({ name: 'Renamed' }), secret: undefined });
    expect(kept.body.data).toMatchObject({ name: 'Renamed', secretSet: true });
    const cleared = await env.api('PUT', `/api/market-accounts/${id}`, { ...marketAccount(), secret: null });
    expect(cleared.body.data.secretSet).toBe(false);

    const list = await env.api('GET', `/api/market-accounts?sort=${encodeURIComponent('["name","ASC"]')}&range=[0,9]&filter=${encodeURIComponent('{"q":"fake"}')}`);
    expect(list.body.data).toMatchObject({ totalCount: 1, totalPage: 1, currentPage: 1 });
    expect(list.body.data.list[0]).not.toHaveProperty('secret');
    expect(list.body.data.list[0]).not.toHaveProperty('secret_enc');

    const deleted = await env.api('DELETE', `/api/market-accounts/${id}`);
    expect(deleted.status).toBe(200);
    expect((await env.api('GET', `/api/market-accounts/${id}`)).status).toBe(404);
  });

  it('refuses unknown codes, duplicates and unknown list parameters without changing anything', async () => {
    await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'dup' }));
    const before = await dbSnapshot(env.t, COLLECT_TABLES);
    const badCode = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'other', advertiser: 'NOPE' }));
    expect(badCode.status).toBe(400);
    expect(badCode.body.data.errors).toEqual([{ field: 'advertiser', message: 'NOPE is not an advertiser.' }]);
    const duplicate = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'dup' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data.errors[0].field).toBe('accountId');
    expect((await env.api('GET', `/api/market-accounts?sort=${encodeURIComponent('["secret_enc","ASC"]')}`)).status).toBe(400);
    expect((await env.api('GET', `/api/market-accounts?filter=${encodeURIComponent('{"secret":"x"}')}`)).status).toBe(400);
    expect(await dbSnapshot(env.t, COLLECT_TABLES)).toEqual(before);
  });

  it('is rank 2: a region admin gets 403', async () => {
    const accounts = await accountsByRank(env.t);
    expect((await env.t.call('GET', '/api/market-accounts', { token: accounts['global-admin'].token })).status).toBe(200);
    for (const path of ['/api/market-accounts', '/api/collect-configs', '/api/post-configs', '/api/tasks', '/api/collect-status']) {
      expect((await env.t.call('GET', path, { token: accounts['region-admin'].token })).status).toBe(403);
    }
  });
});

describe('collect configs', () => {
  it('saves a config with fields and schedules and answers next run times', async () => {
    const account = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'cfg' }));
    const body = collectConfig('http://127.0.0.1:9', {
      marketAccountId: account.body.data.id,
      schedules: [
        { scheduleType: 'DAILY', scheduledTime: '09:00', timeZone: 'Asia/Seoul', startAt: '2020-01-01' },
        { scheduleType: 'WEEKLY', scheduledDay: 'MON', scheduledTime: '06:30', timeZone: 'UTC', startAt: '2020-01-01', endAt: '2020-02-01' },
      ],
    });
    const created = await env.api('POST', '/api/collect-configs', body);
    expect(created.status).toBe(200);
    const config = created.body.data;
    expect(config).toMatchObject({ metricName: 'Fake daily report', dataType: 'MEDIA', marketAccountName: 'Fake Ads KR', suspended: 'N', failureStreak: 0, lastTaskStatus: null });
    expect(config.fields).toHaveLength(4);
    expect(config.schedules[0].nextRunAt).toMatch(/T00:00:00.000Z$/); // 09:00 in Seoul
    expect(config.schedules[1].nextRunAt).toBeNull(); // ended
    expect(config.nextRunAt).toBe(config.schedules[0].nextRunAt);

    // A PUT keeps the schedule ids it sends back and removes the others.
    const updated = await env.api('PUT', `/api/collect-configs/${config.id}`, { ...body, schedules: [{ ...body.schedules![0], id: config.schedules[0].id, scheduledTime: '10:00' }] });
    expect(updated.body.data.schedules).toHaveLength(1);
    expect(updated.body.data.schedules[0]).toMatchObject({ id: config.schedules[0].id, scheduledTime: '10:00' });

    const list = await env.api('GET', `/api/collect-configs?filter=${encodeURIComponent('{"dataType":"MEDIA","sourceType":"API"}')}`);
    expect(list.body.data.list.map((row: { id: number }) => row.id)).toContain(config.id);
    const account409 = await env.api('DELETE', `/api/market-accounts/${account.body.data.id}`);
    expect(account409.status).toBe(409);
  });

  it('refuses invalid schedules at save with field errors', async () => {
    const before = await dbSnapshot(env.t, COLLECT_TABLES);
    const reply = await env.api(
      'POST',
      '/api/collect-configs',
      collectConfig('http://127.0.0.1:9', {
        schedules: [
          { scheduleType: 'DAILY', scheduledTime: '09:00', startAt: '2026-05-02', endAt: '2026-05-01' },
          { scheduleType: 'WEEKLY', scheduledTime: '09:00', startAt: '2026-05-01' },
          { scheduleType: 'HOURLY', scheduledTime: '00:15', timeZone: 'Mars/Olympus', startAt: '2026-05-01' },
        ],
      }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.result).toBe('VALIDATION_ERROR');
    const fields = reply.body.data.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['schedules.0.endAt', 'schedules.1.scheduledDay', 'schedules.2.timeZone']));
    expect(await dbSnapshot(env.t, COLLECT_TABLES)).toEqual(before);
  });

  it('refuses a config without fields, a bad URL, duplicate master codes and an unknown data type', async () => {
    const noFields = await env.api('POST', '/api/collect-configs', collectConfig('http://x', { fields: [] }));
    expect(noFields.body.data.errors.map((e: { field: string }) => e.field)).toContain('fields');
    const badUrl = await env.api('POST', '/api/collect-configs', collectConfig('ftp://x'));
    expect(badUrl.body.data.errors.map((e: { field: string }) => e.field)).toContain('sourceLocation');
    const twice = collectConfig('http://x');
    twice.fields = [...twice.fields, { field: 'other', code: 'clicks' }];
    expect((await env.api('POST', '/api/collect-configs', twice)).body.data.errors.map((e: { field: string }) => e.field)).toContain('fields.4.code');
    const unknownType = await env.api('POST', '/api/collect-configs', collectConfig('http://x', { dataType: 'NOPE' }));
    expect(unknownType.body.data.errors).toEqual([{ field: 'dataType', message: 'NOPE is not a data type.' }]);
  });
});

describe('post configs', () => {
  it('creates a post config with ordered headers and a write-only secret', async () => {
    const created = await env.api(
      'POST',
      '/api/post-configs',
      localPostConfig({ targetMethod: 'GCS', targetLocation: 'media-bucket/feeds', targetData: { apiEndpoint: 'http://127.0.0.1:9' }, targetSecret: '{"type":"service_account"}' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ targetMethod: 'GCS', secretSet: true, targetLocation: 'media-bucket/feeds' });
    expect(created.body.data.headers.map((header: { code: string }) => header.code)).toEqual(['report_date', 'campaign_id', 'clicks', 'impressions']);
    expect(JSON.stringify(created.body)).not.toContain('service_account');
    const kept = await env.api(
      'PUT',
      `/api/post-configs/${created.body.data.id}`,
      localPostConfig({ targetMethod: 'GCS', targetLocation: 'media-bucket', targetData: { apiEndpoint: 'http://127.0.0.1:9' } }),
    );
    expect(kept.body.data.secretSet).toBe(true);
  });

  it("checks each method's settings", async () => {
    const tableau = await env.api('POST', '/api/post-configs', localPostConfig({ targetMethod: 'TABLEAU', targetLocation: 'Media feed', targetData: { serverUrl: 'not a url' } }));
    expect(tableau.status).toBe(400);
    expect(tableau.body.data.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['targetData.tokenName', 'targetData.projectId', 'targetData.serverUrl']));
    const local = await env.api('POST', '/api/post-configs', localPostConfig({ targetLocation: '../etc' }));
    expect(local.body.data.errors.map((e: { field: string }) => e.field)).toContain('targetLocation');
    const stage = await env.api('POST', '/api/post-configs', localPostConfig({ targetMethod: 'SNOWSTAGE', targetLocation: 'stage', targetData: { account: 'a', username: 'u' } }));
    expect(stage.body.data.errors.map((e: { field: string }) => e.field)).toContain('targetLocation');
  });
});

describe('task list', () => {
  it('pages by keyset, newest first by id: each page starts after the cursor, also when newer tasks arrive meanwhile', async () => {
    const account = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'keyset' }));
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig('http://127.0.0.1:9', { marketAccountId: account.body.data.id }))).body.data.id as number;
    const task = (n: number) => ({
      task_kind: 'COLLECT',
      config_id: configId,
      process_id: `K${n}`,
      process_type: 'MASTERED',
      schedule_type: 'MANUAL',
      status: 'SUCCESS',
      max_attempts: 1,
      period_from: '2024-05-01',
      period_to: '2024-05-01',
      due_at: '2024-05-01T00:00:00.000Z',
      run_after: '2024-05-01T00:00:00.000Z',
      created_at: '2024-05-01T00:00:00.000Z',
      updated_at: '2024-05-01T00:00:00.000Z',
    });
    await env.t.db
      .insertInto('collect_tasks')
      .values(Array.from({ length: 12 }, (_, n) => task(n)))
      .execute();
    const filter = encodeURIComponent(JSON.stringify({ configId, from: '2024-05-01', to: '2024-05-01' }));
    const first = await env.api('GET', `/api/tasks?filter=${filter}&range=${encodeURIComponent('[0,4]')}`);
    const ids = first.body.data.list.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // A task created after page 1 was read does not shift page 2 (by offset it would).
    await env.t.db.insertInto('collect_tasks').values(task(99)).execute();
    const second = await env.api('GET', `/api/tasks?filter=${filter}&range=${encodeURIComponent('[5,9]')}&after=${first.body.data.nextCursor}`);
    expect(second.body.data.list.map((row: { id: number }) => row.id)).toEqual(Array.from({ length: 5 }, (_, n) => ids[4] - 1 - n));
    const third = await env.api('GET', `/api/tasks?filter=${filter}&range=${encodeURIComponent('[10,14]')}&after=${second.body.data.nextCursor}`);
    expect([third.body.data.list.length, third.body.data.nextCursor, third.body.data.totalCount]).toEqual([2, null, 13]);
  });

  it('filters by creation day: a day covers all of it, an impossible day or an inverted range is a 400', async () => {
    const account = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'days' }));
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig('http://127.0.0.1:9', { marketAccountId: account.body.data.id }))).body.data.id as number;
    const task = (createdAt: string) => ({
      task_kind: 'COLLECT',
      config_id: configId,
      process_id: `P${configId}`,
      process_type: 'MASTERED',
      schedule_type: 'MANUAL',
      status: 'SUCCESS',
      max_attempts: 1,
      period_from: '2024-02-29',
      period_to: '2024-02-29',
      due_at: createdAt,
      run_after: createdAt,
      created_at: createdAt,
      updated_at: createdAt,
    });
    const createdAts = ['2024-02-29T23:59:59.999Z', '2024-03-01T00:00:00.000Z', '2024-03-01T23:59:59.999Z', '2024-03-02T00:00:00.000Z'];
    await env.t.db.insertInto('collect_tasks').values(createdAts.map(task)).execute();
    const listed = async (filter: Record<string, unknown>) => {
      const reply = await env.api('GET', `/api/tasks?sort=${encodeURIComponent('["createdAt","ASC"]')}&filter=${encodeURIComponent(JSON.stringify({ configId, ...filter }))}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.data.list.map((row: { createdAt: string }) => row.createdAt);
    };
    // The last millisecond of the `to` day is in; the next day is not.
    expect(await listed({ from: '2024-03-01', to: '2024-03-01' })).toEqual(['2024-03-01T00:00:00.000Z', '2024-03-01T23:59:59.999Z']);
    expect(await listed({ to: '2024-02-29' })).toEqual(['2024-02-29T23:59:59.999Z']);
    expect(await listed({ from: '2024-03-02' })).toEqual(['2024-03-02T00:00:00.000Z']);

    const before = await dbSnapshot(env.t, COLLECT_TABLES);
    const impossible = await env.api('GET', `/api/tasks?filter=${encodeURIComponent('{"to":"2024-02-30"}')}`);
    expect([impossible.status, impossible.body.data.errors]).toEqual([400, [{ field: 'filter.to', message: 'to must be a real date such as 2024-05-31, or an ISO time.' }]]);
    const inverted = await env.api('GET', `/api/tasks?filter=${encodeURIComponent('{"from":"2024-03-02","to":"2024-03-01"}')}`);
    expect([inverted.status, inverted.body.data.errors[0].field]).toEqual([400, 'filter.to']);
    expect(await dbSnapshot(env.t, COLLECT_TABLES)).toEqual(before);
  });
});
