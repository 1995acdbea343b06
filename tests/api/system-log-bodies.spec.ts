import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_DEPTH, REDACTED, TOO_DEEP } from '../../server/audit/redact';
import { type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let admin: string;
withRankAccounts((suite) => ({ t, admin } = suite));

async function loggedRows(endPoint: string) {
  await t.app.ctx.systemLog.flush();
  return t.db.selectFrom('system_logs').select(['http_status', 'request_body', 'email']).where('end_point', '=', endPoint).orderBy('id').execute();
}

describe('system log: every request whatever its body', () => {
  it('logs a 100,000-deep JSON body refused with 400, cut to a bounded depth and still redacted', async () => {
    const depth = 100_000;
    const payload = `{"password":"hunter2-top","a":${'{"a":'.repeat(depth)}{"token":"deep-secret"}${'}'.repeat(depth)}}`;
    for (const url of ['/api/templates', '/api/auth/signin']) {
      const reply = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload });
      expect(reply.statusCode, url).toBe(400);
      const rows = await loggedRows(url);
      expect(rows.map((row) => row.http_status)).toContain(400);
      const body = rows.find((row) => row.http_status === 400)!.request_body!;
      expect(body).not.toContain('hunter2-top');
      expect(body).not.toContain('deep-secret');
      expect(body.startsWith(`{"password":"${REDACTED}","a":${'{"a":'.repeat(MAX_LOGGED_DEPTH - 1)}"${TOO_DEEP}"`)).toBe(true);
    }
  });

  it('logs a deep array body and a wide one too', async () => {
    const deepArray = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const wide = JSON.stringify({ items: Array.from({ length: 20_000 }, (_, index) => ({ index, apiKey: `k-${index}` })) });
    for (const payload of [deepArray, wide]) {
      const reply = await t.app.inject({ method: 'PUT', url: '/api/users/1', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, payload });
      expect(reply.statusCode).toBe(400);
    }
    const rows = await loggedRows('/api/users/1');
    expect(rows.map((row) => row.http_status)).toEqual([400, 400]);
    expect(rows[0].request_body).toContain(TOO_DEEP);
    expect(rows[1].request_body).not.toContain('k-1');
    expect(rows[1].request_body!.length).toBeLessThanOrEqual(4000);
  });
});
