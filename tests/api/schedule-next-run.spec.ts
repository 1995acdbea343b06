import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRunAfter } from '../../src/shared/schedule';
import { collectConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';

/** The next run the API stores is the one the form's sentence computes: one shared function, across DST changes. */
let env: Awaited<ReturnType<typeof startCollectApp>>;
let accountId: number;
const setClock = (iso: string) => env.t.clock.advance(Date.parse(iso) - env.t.clock.now().getTime());

beforeAll(async () => {
  env = await startCollectApp();
  accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
});
afterAll(() => env.t.close());

describe('next run across a DST change, America/New_York 09:00 daily', () => {
  it.each([
    ['the March spring-forward', '2026-03-07T15:00:00Z', '2026-03-08T13:00:00.000Z'],
    ['the November fall-back', '2026-10-31T14:00:00Z', '2026-11-01T14:00:00.000Z'],
  ])("%s: the API answers the shared function's time", async (_change, now, expected) => {
    setClock(now);
    const schedule = { scheduleType: 'DAILY' as const, scheduledTime: '09:00', timeZone: 'America/New_York', startAt: '2026-01-01', inUse: 'Y' as const };
    const created = await env.api('POST', '/api/collect-configs', collectConfig('http://127.0.0.1:9', { marketAccountId: accountId, schedules: [schedule] }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.schedules[0].nextRunAt).toBe(expected);
    expect(nextRunAfter(schedule, env.t.clock.now())?.toISOString()).toBe(expected);
  });
});
