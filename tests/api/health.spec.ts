import { describe, expect, it } from 'vitest';
import { flushSystemLog, type TestApp, withTestApp } from './harness';

let t: TestApp;
withTestApp((app) => (t = app));

describe('health probes', () => {
  it('answers /api/health and /api/ready without a token, in the envelope, and writes no system-log row', async () => {
    await flushSystemLog(t);
    const before = await t.db.selectFrom('system_logs').select('id').execute();
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ result: 'SUCCESS', data: { status: 'UP' } });
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'READY', database: true, migrations: true, mail: 'outbox' });
    await flushSystemLog(t);
    expect(await t.db.selectFrom('system_logs').select('id').execute()).toEqual(before);
  });

  it('is not ready when a migration has not run', async () => {
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '006_system_log' as never)
      .execute();
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ result: 'NOT_READY', data: { database: true, migrations: false } });
  });
});
