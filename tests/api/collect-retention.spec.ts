import { beforeAll, describe, expect, it } from 'vitest';
import { type RankAccounts, type TestApp, withRankAccounts } from './harness';
import { masterTable } from './explorer-fixtures';
import { pruneCollectHistory } from '../../server/collect/collect-retention/queries';

let t: TestApp;
let accounts: RankAccounts;
let configId: number;

const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * 86_400_000).toISOString();
const count = async (table: 'collect_tasks' | 'collect_task_logs' | 'master_rows') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function task(createdDaysAgo: number, status: string): Promise<number> {
  const at = daysAgo(createdDaysAgo);
  const { id } = await t.db
    .insertInto('collect_tasks')
    .values({
      task_kind: 'COLLECT',
      config_id: configId,
      post_config_id: null,
      parent_task_id: null,
      process_id: 'P1',
      process_type: 'MASTERED',
      schedule_type: 'DAILY',
      schedule_id: null,
      status,
      max_attempts: 3,
      period_from: at.slice(0, 10),
      period_to: at.slice(0, 10),
      due_at: at,
      run_after: at,
      lease_owner: null,
      lease_until: null,
      started_at: at,
      finished_at: at,
      data_location: null,
      target_location: null,
      response_meta: null,
      error_id: null,
      error_text: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('collect_task_logs').values({ task_id: id, at, level: 'INFO', message: 'done' }).execute();
  return id;
}

withRankAccounts((suite) => ({ t, accounts } = suite));
beforeAll(async () => {
  configId = await masterTable(t.db, 'Old metric', 'MEDIA', [['clicks', 'NUMBER']], [{ clicks: 1 }, { clicks: 2 }, { clicks: 3 }], daysAgo(100).slice(0, 10));
  await masterTable(t.db, 'New metric', 'MEDIA', [['clicks', 'NUMBER']], [{ clicks: 4 }], daysAgo(2).slice(0, 10));
  await task(90, 'SUCCESS');
  await task(80, 'ERROR');
  await task(70, 'PENDING'); // not finished: the scheduler's, never deleted
  await task(1, 'SUCCESS');
});

describe('collect retention', () => {
  const admin = () => accounts['system-admin'].token;

  it('keeps everything until set', async () => {
    expect((await t.call('GET', '/api/collect-retention', { token: admin() })).body.data).toEqual({ tasks: null, 'master-rows': null });
  });

  it('previews how many finished tasks and master rows a retention deletes, deleting nothing', async () => {
    const tasks = await t.call('GET', '/api/collect-retention/tasks/preview?days=30', { token: admin() });
    expect(tasks.status).toBe(200);
    expect(tasks.body.data).toMatchObject({ retentionDays: 30, rowsToDelete: 2 });
    expect(Math.abs(Date.parse(tasks.body.data.cutoff) - Date.parse(daysAgo(30)))).toBeLessThan(60_000);
    const rows = await t.call('GET', '/api/collect-retention/master-rows/preview?days=30', { token: admin() });
    expect(rows.body.data).toMatchObject({ retentionDays: 30, rowsToDelete: 3, cutoff: daysAgo(30).slice(0, 10) });
    expect(await count('collect_tasks')).toBe(4);
    expect(await count('master_rows')).toBe(4);
  });

  it('refuses bad input and other ranks', async () => {
    expect((await t.call('GET', '/api/collect-retention/tasks/preview?days=0', { token: admin() })).status).toBe(400);
    expect((await t.call('PUT', '/api/collect-retention/tasks', { token: admin(), body: { retentionDays: 1.5 } })).status).toBe(400);
    expect((await t.call('PUT', '/api/collect-retention/logs', { token: admin(), body: { retentionDays: 5 } })).status).toBe(400);
    expect((await t.call('PUT', '/api/collect-retention/tasks', { token: accounts['global-admin'].token, body: { retentionDays: 5 } })).status).toBe(403);
    expect(await count('collect_tasks')).toBe(4);
  });

  it('saves a retention and deletes what it lets go at once, tasks with their logs', async () => {
    const saved = await t.call('PUT', '/api/collect-retention/tasks', { token: admin(), body: { retentionDays: 30 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ retentionDays: 30, removed: 2 });
    expect(await count('collect_tasks')).toBe(2);
    expect(await count('collect_task_logs')).toBe(2);
    const rows = await t.call('PUT', '/api/collect-retention/master-rows', { token: admin(), body: { retentionDays: 30 } });
    expect(rows.body.data).toEqual({ retentionDays: 30, removed: 3 });
    expect(await count('master_rows')).toBe(1);
    expect((await t.call('GET', '/api/collect-retention', { token: admin() })).body.data).toEqual({ tasks: 30, 'master-rows': 30 });
  });

  it('is swept by the hourly prune', async () => {
    await task(40, 'ERROR');
    expect(await pruneCollectHistory(t.app.ctx)).toEqual({ tasks: 1, masterRows: 0 });
  });
});
