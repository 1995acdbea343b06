// System-log rows are written in batches (server/audit/system-log.ts): none may be lost by a
// graceful shutdown, and none waits long in memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startSiblingApp, type TestApp, withTestApp } from './harness';

let t: TestApp;
let token: string;
withTestApp((app) => (t = app));
beforeAll(async () => {
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
});

describe('batched system-log rows', () => {
  it('are all written by a graceful shutdown, however recent', async () => {
    const sibling = await startSiblingApp(t, {});
    for (let n = 0; n < 30; n++) {
      const reply = await sibling.app.inject({ method: 'GET', url: '/api/domains', headers: { authorization: `Bearer ${token}` } });
      expect(reply.statusCode).toBe(200);
    }
    await sibling.close();
    const rows = await t.db.selectFrom('system_logs').select('event_id').where('end_point', '=', '/api/domains').execute();
    expect(rows).toHaveLength(30);
  });

  it('reach the database on their own within moments, without a flush', async () => {
    const before = (await t.db.selectFrom('system_logs').select('id').where('end_point', '=', '/api/users').execute()).length;
    const started = performance.now();
    expect((await t.call('GET', '/api/users', { token })).status).toBe(200);
    for (;;) {
      const now = (await t.db.selectFrom('system_logs').select('id').where('end_point', '=', '/api/users').execute()).length;
      if (now > before) break;
      // The flush timer is 25 ms; a loaded test machine gets a generous bound, but not an unbounded one.
      expect(performance.now() - started).toBeLessThan(2000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('are read by the system log screen up to the call just answered', async () => {
    expect((await t.call('GET', '/api/domains?q=batch-marker', { token })).status).toBe(200);
    const log = await t.call('GET', '/api/system-logs', { token });
    expect(log.body.result).toBe('SUCCESS');
    expect(log.body.data.list[0]).toMatchObject({ endPoint: '/api/domains', httpMethod: 'GET' });
    expect(JSON.stringify(log.body.data.list[0])).toContain('batch-marker');
  });
});
