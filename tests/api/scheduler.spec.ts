import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiblingApp } from './harness';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { nextRunAfter, periodFor } from '../../server/collect/jobs/schedule-times';
import { claimNextTask } from '../../server/collect/jobs/task-store';

const schedule = (overrides: Partial<Parameters<typeof nextRunAfter>[0]>) => ({
  schedule_type: 'DAILY',
  scheduled_time: '09:00',
  scheduled_day: null,
  time_zone: 'Europe/Berlin',
  start_at: '2026-01-01',
  end_at: null,
  ...overrides,
});
const runs = (timing: Parameters<typeof nextRunAfter>[0], after: string, count: number) => {
  const times: string[] = [];
  let at: Date | null = new Date(after);
  while (times.length < count && (at = nextRunAfter(timing, at!))) times.push(at.toISOString());
  return times;
};

describe('due times across a DST change', () => {
  it('DAILY keeps the local time: 09:00 Berlin is 08:00Z before 29 March 2026 and 07:00Z after', () => {
    expect(runs(schedule({}), '2026-03-27T10:00:00Z', 3)).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('DAILY in New York across the November fall-back', () => {
    expect(runs(schedule({ time_zone: 'America/New_York', scheduled_time: '06:15' }), '2026-10-31T00:00:00Z', 3)).toEqual([
      '2026-10-31T10:15:00.000Z',
      '2026-11-01T11:15:00.000Z',
      '2026-11-02T11:15:00.000Z',
    ]);
  });

  it('HOURLY stays one real hour apart through the skipped hour', () => {
    expect(runs(schedule({ schedule_type: 'HOURLY', scheduled_time: '00:30' }), '2026-03-29T00:00:00Z', 3)).toEqual([
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-29T02:30:00.000Z',
    ]);
  });

  it('WEEKLY runs on its day at local time on both sides of the change, within start and end', () => {
    expect(runs(schedule({ schedule_type: 'WEEKLY', scheduled_day: 'MON', scheduled_time: '07:00', end_at: '2026-04-06' }), '2026-03-20T00:00:00Z', 5)).toEqual([
      '2026-03-23T06:00:00.000Z',
      '2026-03-30T05:00:00.000Z',
      '2026-04-06T05:00:00.000Z',
    ]);
    expect(nextRunAfter(schedule({ start_at: '2026-05-10' }), new Date('2026-01-01T00:00:00Z'))?.toISOString()).toBe('2026-05-10T07:00:00.000Z');
  });

  it('periods: yesterday for daily, the previous 7 days for weekly, today for hourly (local days)', () => {
    const due = new Date('2026-03-29T23:30:00Z'); // 30 March in Seoul
    expect(periodFor('DAILY', due, 'Asia/Seoul')).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(periodFor('WEEKLY', due, 'Asia/Seoul')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(periodFor('HOURLY', due, 'Asia/Seoul')).toEqual({ from: '2026-03-30', to: '2026-03-30' });
  });
});

describe('the scheduler', () => {
  let platform: AdPlatform;
  let env: Awaited<ReturnType<typeof startCollectApp>>;
  let accountId: number;
  const setClock = (iso: string) => env.t.clock.advance(Date.parse(iso) - env.t.clock.now().getTime());
  const tasksOf = (configId: number) => env.t.db.selectFrom('collect_tasks').selectAll().where('config_id', '=', configId).where('task_kind', '=', 'COLLECT').orderBy('id').execute();

  beforeAll(async () => {
    platform = await startAdPlatform(5);
    env = await startCollectApp({ leaseMs: 60_000 });
    accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
  });
  afterAll(async () => {
    await env.t.close();
    await platform.close();
  });

  it("creates one task per due time, in the schedule's zone, across the DST change", async () => {
    setClock('2026-03-27T12:00:00Z');
    const created = await env.api(
      'POST',
      '/api/collect-configs',
      collectConfig(platform.url, {
        marketAccountId: accountId,
        schedules: [{ scheduleType: 'DAILY', scheduledTime: '09:00', timeZone: 'Europe/Berlin', startAt: '2026-03-01' }],
      }),
    );
    const configId = created.body.data.id;
    expect(created.body.data.nextRunAt).toBe('2026-03-28T08:00:00.000Z');

    setClock('2026-03-28T07:59:59Z');
    expect(await env.tick()).toBe(0);
    setClock('2026-03-28T08:00:01Z');
    expect(await env.tick()).toBe(1);
    expect(await env.tick()).toBe(0); // the same due time never makes a second task
    setClock('2026-03-29T07:00:05Z');
    expect(await env.tick()).toBe(1);
    const tasks = await tasksOf(configId);
    expect(tasks.map((task) => [task.due_at, task.schedule_type, task.period_from, task.status])).toEqual([
      ['2026-03-28T08:00:00.000Z', 'DAILY', '2026-03-27', 'SUCCESS'],
      ['2026-03-29T07:00:00.000Z', 'DAILY', '2026-03-28', 'SUCCESS'],
    ]);
    expect((await env.api('GET', `/api/collect-configs/${configId}`)).body.data.nextRunAt).toBe('2026-03-30T07:00:00.000Z');

    // Three days down: one catch-up task for the latest due time, not three.
    setClock('2026-04-02T12:00:00Z');
    await env.tick();
    expect((await tasksOf(configId)).map((task) => task.due_at).slice(2)).toEqual(['2026-04-02T07:00:00.000Z']);

    // Off, or suspended: no scheduled task.
    await env.t.db.updateTable('collect_configs').set({ suspended_flag: 'Y' }).where('id', '=', configId).execute();
    setClock('2026-04-03T07:00:01Z');
    await env.tick();
    expect(await tasksOf(configId)).toHaveLength(3);
  });

  it('runs HOURLY and WEEKLY schedules through the spring-forward night', async () => {
    setClock('2026-03-28T23:00:00Z');
    const created = await env.api(
      'POST',
      '/api/collect-configs',
      collectConfig(platform.url, {
        marketAccountId: accountId,
        schedules: [
          { scheduleType: 'HOURLY', scheduledTime: '00:30', timeZone: 'Europe/Berlin', startAt: '2026-03-01' },
          { scheduleType: 'WEEKLY', scheduledDay: 'SUN', scheduledTime: '02:30', timeZone: 'Europe/Berlin', startAt: '2026-03-01' },
        ],
      }),
    );
    const configId = created.body.data.id;
    for (const at of ['2026-03-28T23:30:01Z', '2026-03-29T00:30:01Z', '2026-03-29T01:00:01Z', '2026-03-29T01:30:01Z', '2026-03-29T02:30:01Z']) {
      setClock(at);
      await env.tick();
    }
    const tasks = await tasksOf(configId);
    expect(tasks.map((task) => [task.schedule_type, task.due_at, task.period_from, task.period_to])).toEqual([
      ['HOURLY', '2026-03-28T23:30:00.000Z', '2026-03-29', '2026-03-29'],
      ['HOURLY', '2026-03-29T00:30:00.000Z', '2026-03-29', '2026-03-29'],
      // 02:30 does not exist in Berlin that night: the weekly run moves to 03:00 CEST.
      ['WEEKLY', '2026-03-29T01:00:00.000Z', '2026-03-22', '2026-03-28'],
      ['HOURLY', '2026-03-29T01:30:00.000Z', '2026-03-29', '2026-03-29'],
      ['HOURLY', '2026-03-29T02:30:00.000Z', '2026-03-29', '2026-03-29'],
    ]);
    const weekly = (await env.api('GET', `/api/collect-configs/${configId}`)).body.data.schedules[1];
    expect(weekly.nextRunAt).toBe('2026-04-05T00:30:00.000Z');
    await env.t.db.updateTable('collect_configs').set({ in_use: 'N' }).where('id', '=', configId).execute(); // quiet for the next tests
  });

  it('re-claims a task whose process died once its lease expires', async () => {
    setClock('2026-04-10T12:00:00Z');
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId }))).body.data.id;
    const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
    await env.t.db.updateTable('collect_tasks').set({ max_attempts: 3 }).where('id', '=', queued.body.data.id).execute();
    // Another instance claimed it and died.
    const dead = await claimNextTask(env.t.db, 'dead-instance', env.t.clock.now(), 60_000, []);
    expect(dead?.id).toBe(queued.body.data.id);
    expect(await env.tick()).toBe(0);
    env.t.clock.advance(61_000);
    expect(await env.tick()).toBe(1);
    const task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
    expect(task).toMatchObject({ status: 'SUCCESS', attempt: 2 });
    const row = await env.t.db.selectFrom('collect_tasks').select(['lease_owner', 'lease_until']).where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ lease_owner: null, lease_until: null });
  });

  it('never claims again a task its own instance is still running, however late its renewal', async () => {
    await env.t.db.updateTable('collect_tasks').set({ status: 'SUCCESS' }).where('status', 'in', ['PENDING', 'STARTED']).execute();
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId }))).body.data.id;
    const [running, stopped] = [
      (await env.api('POST', `/api/collect-configs/${configId}/run`)).body.data.id,
      (await env.api('POST', `/api/collect-configs/${configId}/backfill`, { from: '2026-02-01', to: '2026-02-01' })).body.data.tasks[0].id,
    ];
    // Both claimed by this instance, and both leases passed: one is still running here, the other's run ended without a word.
    const past = new Date(env.t.clock.now().getTime() - 1).toISOString();
    await env.t.db.updateTable('collect_tasks').set({ status: 'STARTED', lease_owner: 'this-instance', lease_until: past }).where('id', 'in', [running, stopped]).execute();
    const claimed = await claimNextTask(env.t.db, 'this-instance', env.t.clock.now(), 60_000, [running]);
    expect(claimed?.id).toBe(stopped);
    expect(await claimNextTask(env.t.db, 'this-instance', env.t.clock.now(), 60_000, [running])).toBeUndefined();
    await env.t.db.updateTable('collect_tasks').set({ status: 'SUCCESS' }).where('id', 'in', [running, stopped]).execute();
  });

  it('ends a task killed on its last attempt as ERROR (LEASE_LOST) once the lease expires', async () => {
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, alertRecipients: [] }))).body.data.id;
    const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
    await claimNextTask(env.t.db, 'dead-instance', env.t.clock.now(), 60_000, []);
    await env.t.db.updateTable('collect_tasks').set({ attempt: 1, max_attempts: 1 }).where('id', '=', queued.body.data.id).execute();
    env.t.clock.advance(61_000);
    await env.tick();
    expect((await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data).toMatchObject({ status: 'ERROR', errorId: 'LEASE_LOST' });
  });

  it('retries a failed attempt after its backoff, then gives up at the configured count', async () => {
    const retrying = await startSiblingApp(env.t, { collect: { ...env.t.config.collect, maxAttempts: 2, retryBaseMs: 30_000 } });
    try {
      const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, alertRecipients: [], sourceLocation: `${platform.url}/broken` }))).body
        .data.id;
      const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
      await env.t.db.updateTable('collect_tasks').set({ max_attempts: 2 }).where('id', '=', queued.body.data.id).execute();
      await retrying.app.collectScheduler.tick();
      let task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
      expect(task).toMatchObject({ status: 'PENDING', attempt: 1, errorId: 'SOURCE_HTTP_ERROR' });
      // The log says how long the wait is (no instant: the screen shows the line's time in the reader's zone).
      expect(task.logs.at(-1).message).toMatch(/retrying in 30 s\.$/);
      // The task, its list row and its process on the status board all say when the waiting retry will run.
      expect(Date.parse(task.retryAt) - Date.parse(task.finishedAt ?? task.updatedAt)).toBe(30_000);
      const listed = (await env.api('GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify({ configId }))}`)).body.data.list;
      expect(listed.find((row: { id: number }) => row.id === queued.body.data.id).retryAt).toBe(task.retryAt);
      const processOnBoard = async () => (await env.api('GET', `/api/collect-status?filter=${encodeURIComponent(JSON.stringify({ configId }))}`)).body.data.processes[0];
      expect(await processOnBoard()).toMatchObject({ status: 'PENDING', retryAt: task.retryAt });
      expect(await retrying.app.collectScheduler.tick()).toBe(0); // still backing off
      env.t.clock.advance(31_000);
      expect(await retrying.app.collectScheduler.tick()).toBe(1);
      task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
      expect(task).toMatchObject({ status: 'ERROR', attempt: 2, retryAt: null });
      expect(await processOnBoard()).toMatchObject({ status: 'ERROR', retryAt: null });
    } finally {
      await retrying.close();
    }
  });

  it('renews a running task three times a lease: at the shortest lease a late renewal still leaves it two thirds', async () => {
    const configId = (
      await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, sourceLocation: `${platform.url}/slow`, sourceMethod: { timeoutMs: 1500 } }))
    ).body.data.id;
    const shortest = await startSiblingApp(env.t, { collect: { ...env.t.config.collect, leaseMs: 1000 } });
    try {
      const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
      let settled = false;
      const running = shortest.app.collectScheduler.tick().finally(() => (settled = true));
      // What is left of the lease, as of a moment before each read: a renewal meanwhile only adds to it.
      const left: number[] = [];
      while (!settled) {
        const asOf = env.t.clock.now().getTime();
        const row = await env.t.db.selectFrom('collect_tasks').select(['status', 'lease_until']).where('id', '=', queued.body.data.id).executeTakeFirstOrThrow();
        if (row.status === 'STARTED' && row.lease_until) left.push(Date.parse(row.lease_until) - asOf);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await running;
      // The task ran about 1.5 s (its source never answers): a lease renewed only once a lease ran out within it.
      expect(left.length).toBeGreaterThan(20);
      expect(Math.min(...left)).toBeGreaterThan(300);
    } finally {
      await shortest.close();
    }
  });

  it('hands a running task back on stop, so another instance takes it over', async () => {
    const configId = (
      await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, sourceLocation: `${platform.url}/slow`, sourceMethod: { timeoutMs: 1500 } }))
    ).body.data.id;
    const stopping = await startSiblingApp(env.t, {});
    const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
    const running = stopping.app.collectScheduler.tick();
    for (let i = 0; i < 50; i++) {
      const row = await env.t.db.selectFrom('collect_tasks').select('status').where('id', '=', queued.body.data.id).executeTakeFirstOrThrow();
      if (row.status === 'STARTED') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stopping.app.collectScheduler.stop(50);
    const handedBack = await env.t.db.selectFrom('collect_tasks').select(['status', 'attempt', 'lease_owner']).where('id', '=', queued.body.data.id).executeTakeFirstOrThrow();
    expect(handedBack).toEqual({ status: 'PENDING', attempt: 0, lease_owner: null });
    await running; // its late failure is discarded: the task is no longer its own
    expect((await env.t.db.selectFrom('collect_tasks').select('status').where('id', '=', queued.body.data.id).executeTakeFirstOrThrow()).status).toBe('PENDING');
    await stopping.close();
  });

  it('runs COLLECT_CONCURRENCY tasks at once on an instance, one at a time without it', async () => {
    await env.t.db.updateTable('collect_tasks').set({ status: 'SUCCESS' }).where('status', '=', 'PENDING').execute();
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, sourceLocation: `${platform.url}/delayed` }))).body.data.id;
    const single = await startSiblingApp(env.t, {});
    const parallel = await startSiblingApp(env.t, { collect: { ...env.t.config.collect, concurrency: 3 } });
    try {
      await env.api('POST', `/api/collect-configs/${configId}/backfill`, { from: '2026-02-01', to: '2026-02-04' });
      platform.peakDelayed = 0;
      expect(await single.app.collectScheduler.tick()).toBe(4);
      expect(platform.peakDelayed).toBe(1);
      await env.api('POST', `/api/collect-configs/${configId}/backfill`, { from: '2026-02-05', to: '2026-02-10' });
      platform.peakDelayed = 0;
      expect(await parallel.app.collectScheduler.tick()).toBe(6);
      expect(platform.peakDelayed).toBe(3);
      const tasks = await tasksOf(configId);
      expect(tasks.map((task) => [task.status, task.attempt])).toEqual(Array(10).fill(['SUCCESS', 1]));
    } finally {
      await single.close();
      await parallel.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL never run the same task twice', async () => {
    await env.t.db.updateTable('collect_tasks').set({ status: 'SUCCESS' }).where('status', '=', 'PENDING').execute();
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId }))).body.data.id;
    const backfill = await env.api('POST', `/api/collect-configs/${configId}/backfill`, { from: '2026-01-01', to: '2026-01-30' });
    expect(backfill.body.data.tasks).toHaveLength(30);
    // Workers of both instances claim at once: FOR UPDATE SKIP LOCKED gives each its own task.
    const second = await startSiblingApp(env.t, { collect: { ...env.t.config.collect, concurrency: 3 } });
    try {
      platform.requests.length = 0;
      const ran = await Promise.all([env.tick(), second.app.collectScheduler.tick(), env.tick(), second.app.collectScheduler.tick()]);
      expect(ran.reduce((sum, count) => sum + count, 0)).toBe(30);
      const tasks = await tasksOf(configId);
      expect(tasks.every((task) => task.status === 'SUCCESS' && task.attempt === 1)).toBe(true);
      expect(platform.requests.map((request) => request.url.searchParams.get('day')).sort()).toEqual(tasks.map((task) => task.period_from).sort());
      expect(ran.filter((count) => count > 0).length).toBeGreaterThan(1); // both instances did work
    } finally {
      await second.close();
    }
  });
});
