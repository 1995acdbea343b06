import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_DEPTH, REDACTED, TOO_DEEP } from '../../server/audit/redact';
import { isAddressRemembered } from '../../server/audit/system-log';
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

  it('logs every call of an address redacted as its own, its first call or a later one, short or long', async () => {
    const opaque = 'Q'.repeat(30);
    const filler = 'f'.repeat(600);
    const calls: [url: string, endPoint: string, queryParam: Record<string, string>][] = [
      ...Array.from({ length: 3 }, (): [string, string, Record<string, string>] => ['/api/domains?range=%5B0%2C9%5D&token=first-secret', '/api/domains', { range: '[0,9]', token: REDACTED }]),
      ['/api/domains?range=%5B10%2C19%5D&token=second-secret', '/api/domains', { range: '[10,19]', token: REDACTED }],
      ...Array.from({ length: 2 }, (): [string, string, Record<string, string>] => [
        `/api/domains?range=%5B0%2C9%5D&apiKey=third-secret&filler=${filler}`,
        '/api/domains',
        { range: '[0,9]', apiKey: REDACTED, filler },
      ]),
      ...Array.from({ length: 2 }, (): [string, string, Record<string, string>] => [`/api/domains/${opaque}?signature=fourth-secret`, `/api/domains/${REDACTED}`, { signature: REDACTED }]),
    ];
    const before = await t.db
      .selectFrom('system_logs')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    for (const [url] of calls) await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
    await t.app.ctx.systemLog.flush();
    const rows = await t.db
      .selectFrom('system_logs')
      .select(['end_point', 'query_param'])
      .where('id', '>', Number(before.id ?? 0))
      .where('end_point', 'like', '/api/domains%')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.end_point, JSON.parse(row.query_param!)])).toEqual(calls.map(([, endPoint, queryParam]) => [endPoint, queryParam]));
    // Each address above hid a secret: none is kept in memory past its call. One hiding nothing is.
    for (const [url] of calls) expect(isAddressRemembered(url), url).toBe(false);
    const plain = '/api/domains?range=%5B0%2C4%5D';
    await t.app.inject({ method: 'GET', url: plain, headers: { authorization: `Bearer ${admin}` } });
    expect(isAddressRemembered(plain)).toBe(true);
  });
});
