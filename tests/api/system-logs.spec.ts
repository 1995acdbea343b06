import { describe, expect, it } from 'vitest';
import { csvCell, exportFileName, runtimeTimeZone } from '../../src/shared';
import { type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const list = (params: Record<string, unknown>, token = admin) =>
  t.call('GET', `/api/system-logs?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))}`, { token });

async function insertLog(row: Partial<{ email: string; end_point: string; http_method: string; http_status: number; request_body: string; request_at: string }>) {
  await t.db
    .insertInto('system_logs')
    .values({
      admin_id: null,
      email: row.email ?? 'seed@example.com',
      event_id: crypto.randomUUID(),
      end_point: row.end_point ?? '/api/seeded',
      http_method: row.http_method ?? 'GET',
      http_status: row.http_status ?? 200,
      query_param: null,
      request_body: row.request_body ?? null,
      request_at: row.request_at ?? new Date().toISOString(),
      source_ip: '127.0.0.1',
    })
    .execute();
}

describe('system log', () => {
  it('lists every API call newest first with its fields', async () => {
    await t.call('POST', '/api/auth/signin', { body: { email: 'nobody@example.com', password: 'Wrong#123' } });
    const reply = await list({ range: [0, 4] });
    expect(reply.status).toBe(200);
    const [first] = reply.body.data.list;
    expect(Object.keys(first).sort()).toEqual(['adminId', 'email', 'endPoint', 'eventId', 'httpMethod', 'httpStatus', 'id', 'queryParam', 'requestAt', 'requestBody', 'sourceIp'].sort());
    const times = reply.body.data.list.map((row: { requestAt: string }) => row.requestAt);
    expect([...times].sort().reverse()).toEqual(times);
    const signIn = await list({ filter: { endPoint: '/api/auth/signin', statusClass: '4xx' } });
    expect(signIn.body.data.list[0]).toMatchObject({ httpMethod: 'POST', httpStatus: 401, email: 'nobody@example.com' });
    expect(signIn.body.data.list[0].requestBody).toContain('[REDACTED]');
  });

  it('filters by date range, user, method and status class, and refuses a reversed range or unknown keys', async () => {
    const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await insertLog({ email: 'old@example.com', request_at: old, http_method: 'DELETE', http_status: 500 });
    const ranged = await list({ filter: { from: new Date(Date.now() - 11 * 86_400_000).toISOString(), to: new Date(Date.now() - 9 * 86_400_000).toISOString() } });
    expect(ranged.body.data.list.map((row: { email: string }) => row.email)).toEqual(['old@example.com']);
    expect((await list({ filter: { httpMethod: 'DELETE', statusClass: '5xx' } })).body.data.list).toHaveLength(1);
    expect((await list({ filter: { email: 'OLD@' } })).body.data.totalCount).toBe(1);
    const reversed = await list({ filter: { from: new Date().toISOString(), to: old } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data.errors[0]).toMatchObject({ field: 'filter.to', message: 'rangeEndBeforeStart' });
    for (const params of [{ filter: { password: 'x' } }, { sort: ['email', 'ASC'] }, { filter: { httpMethod: 'BREW' } }, { after: '!!!' }]) {
      expect((await list(params)).status, JSON.stringify(params)).toBe(400);
    }
  });

  it('pages deep with a keyset cursor that gives the same rows as the offset', async () => {
    for (let i = 0; i < 30; i++) await insertLog({ end_point: `/api/keyset/${i}`, request_at: new Date(Date.now() - 60_000 + i).toISOString() });
    const filter = { endPoint: '/api/keyset/' };
    const first = await list({ filter, range: [0, 9] });
    const byOffset = await list({ filter, range: [10, 19] });
    const byCursor = await list({ filter, range: [10, 19], after: first.body.data.nextCursor });
    expect(byCursor.body.data.list).toEqual(byOffset.body.data.list);
    expect(byCursor.body.data.list[0].endPoint).toBe('/api/keyset/19');
  });

  it('shows one entry', async () => {
    const [entry] = (await list({ range: [0, 0] })).body.data.list;
    expect((await t.call('GET', `/api/system-logs/${entry.id}`, { token: admin })).body.data).toEqual(entry);
    expect((await t.call('GET', '/api/system-logs/999999999', { token: admin })).status).toBe(404);
  });

  it('exports the filtered rows as CSV safe against formula injection, through a short-lived link', async () => {
    await insertLog({ email: '=HYPERLINK("http://evil","x")', end_point: '/api/export-me', request_body: '{"note":"a,b\n\\"quoted\\""}' });
    await insertLog({ email: '+cmd|calc', end_point: '/api/export-me', request_body: '@SUM(1)' });
    const ticket = await t.call('POST', '/api/system-logs/export', { token: admin, body: { filter: { endPoint: '/api/export-me' } } });
    expect(ticket.body.data.url).toMatch(/^\/api\/system-logs\/export\?token=/);
    const download = await t.app.inject({ method: 'GET', url: ticket.body.data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="System Log \d{4}-\d{2}-\d{2} \d{4}\.csv"; filename\*=UTF-8''System%20Log%20/);
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    // No X-Time-Zone from the caller: the times are in the server's own zone, which the header names.
    expect(lines[0]).toBe(`Time (${runtimeTimeZone()}),Event ID,User ID,E-mail,Method,Endpoint,Status,Query,Request body,Source IP`);
    expect(download.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(download.body).toContain("'+cmd|calc");
    expect(download.body).toContain("'@SUM(1)");
    expect(download.body).toContain('"{""note"":""a,b\n\\""quoted\\""""}"');
    expect(download.body.match(/\/api\/export-me/g)).toHaveLength(2);
    // Past its two minutes the link is refused as not valid, and so is a forged one.
    t.clock.advance(121_000);
    for (const url of [ticket.body.data.url, '/api/system-logs/export?token=forged.token.value']) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect([refused.statusCode, refused.json().result]).toEqual([401, 'TOKEN_UNAUTHORIZED']);
    }
  });

  it('writes the export for its reader: headers in words in their language, times as YYYY-MM-DD HH:mm in their zone, named', async () => {
    await insertLog({ email: 'zoned@example.com', end_point: '/api/export-zoned', request_at: '2026-11-28T00:58:30.340Z' });
    const exportFor = async (headers: Record<string, string>) => {
      const ticket = await t.call('POST', '/api/system-logs/export', { token: admin, headers, body: { filter: { endPoint: '/api/export-zoned' } } });
      const download = await t.app.inject({ method: 'GET', url: ticket.body.data.url });
      return {
        lines: download.body
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean),
        name: download.headers['content-disposition'],
      };
    };
    const seoul = await exportFor({ 'x-time-zone': 'Asia/Seoul', 'accept-language': 'en-US,en;q=0.9' });
    expect(seoul.lines[0]).toBe('Time (Asia/Seoul),Event ID,User ID,E-mail,Method,Endpoint,Status,Query,Request body,Source IP');
    expect(seoul.lines[1]).toMatch(/^2026-11-28 09:58,[0-9a-f-]{36},,zoned@example\.com,GET,\/api\/export-zoned,200,,,127\.0\.0\.1$/);
    // Named by the one export rule: what it holds, in their language, and the minute on their clock.
    expect(seoul.name).toContain(`filename="${exportFileName('System Log', t.clock.now(), 'Asia/Seoul')}"`);
    const korean = await exportFor({ 'x-time-zone': 'America/Los_Angeles', 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8' });
    expect(korean.lines[0]).toBe('시각 (America/Los_Angeles),이벤트 ID,사용자 ID,이메일,메서드,엔드포인트,상태,쿼리,요청 본문,출발지 IP');
    expect(korean.lines[1]).toMatch(/^2026-11-27 16:58,/);
    expect(korean.name).toContain(`filename*=UTF-8''${encodeURIComponent(exportFileName('시스템 로그', t.clock.now(), 'America/Los_Angeles'))}`);
    // Nothing a person reads in the file is an ISO instant; an unknown zone is not trusted.
    expect([...seoul.lines, ...korean.lines].join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    const forged = await exportFor({ 'x-time-zone': 'Mars/Olympus' });
    expect(forged.lines[0]).toBe(`Time (${runtimeTimeZone()}),Event ID,User ID,E-mail,Method,Endpoint,Status,Query,Request body,Source IP`);
  });

  it('writes a formula after leading blanks, a tab or a minus as text too, by the rule the browser exports use', async () => {
    const values = ["  =cmd|' /C calc'!A0", '\t=1+1', '-2', ' @SUM(A1)'];
    for (const value of values) await insertLog({ email: value, end_point: '/api/export-blank', request_body: value });
    const ticket = await t.call('POST', '/api/system-logs/export', { token: admin, body: { filter: { endPoint: '/api/export-blank' } } });
    const download = await t.app.inject({ method: 'GET', url: ticket.body.data.url });
    expect(download.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = download.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => line.split(','));
    expect(rows).toHaveLength(values.length);
    const columns = [3, 8]; // E-mail, Request body
    const written = rows.flatMap((row) => columns.map((column) => row[column])).sort();
    // A cell holding a tab is also quoted: a spreadsheet may split on tabs.
    const neutralised = (value: string) => (value.includes('\t') ? `"'${value}"` : `'${value}`);
    expect(written).toEqual(values.flatMap((value) => [neutralised(value), neutralised(value)]).sort());
    for (const value of values) expect(written).toContain(csvCell(value));
  });

  it('keeps the retention setting and prunes older rows at once', async () => {
    expect((await t.call('GET', '/api/system-logs/retention', { token: admin })).body.data.retentionDays).toBe(180);
    await insertLog({ email: 'ancient@example.com', request_at: new Date(t.clock.now().getTime() - 40 * 86_400_000).toISOString() });
    const saved = await t.call('PUT', '/api/system-logs/retention', { token: admin, body: { retentionDays: 30 } });
    expect(saved.body.data).toMatchObject({ retentionDays: 30, removed: 1 });
    expect((await list({ filter: { email: 'ancient' } })).body.data.list).toHaveLength(0);
    expect((await t.call('GET', '/api/system-logs/retention', { token: admin })).body.data.retentionDays).toBe(30);
    for (const retentionDays of [0, 3651, 1.5, '30']) {
      expect((await t.call('PUT', '/api/system-logs/retention', { token: admin, body: { retentionDays } })).status).toBe(400);
    }
    expect((await t.call('GET', '/api/system-logs/retention', { token: admin })).body.data.retentionDays).toBe(30);
  });

  it('previews how many rows a shorter retention would delete, deleting nothing', async () => {
    const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * 86_400_000).toISOString();
    const preview = (days: unknown, token = admin) => t.call('GET', `/api/system-logs/retention/preview?days=${days}`, { token });
    // Counted against what the tests above left: three rows seeded at 11, 12 and 14 days.
    const before10 = (await preview(10)).body.data.rowsToDelete;
    const before13 = (await preview(13)).body.data.rowsToDelete;
    for (const days of [11, 12, 14]) await insertLog({ email: `preview-${days}@example.com`, request_at: daysAgo(days) });

    const ten = await preview(10);
    expect(ten.status).toBe(200);
    expect(ten.body.data).toEqual({ retentionDays: 10, cutoff: expect.any(String), rowsToDelete: before10 + 3 });
    expect(Math.abs(Date.parse(ten.body.data.cutoff) - Date.parse(daysAgo(10)))).toBeLessThan(5_000);
    expect((await preview(13)).body.data.rowsToDelete).toBe(before13 + 1);
    // Nothing was deleted and the setting is unchanged.
    expect((await list({ filter: { email: 'preview-' } })).body.data.list).toHaveLength(3);
    expect((await t.call('GET', '/api/system-logs/retention', { token: admin })).body.data.retentionDays).toBe(30);

    const saved = await t.call('PUT', '/api/system-logs/retention', { token: admin, body: { retentionDays: 10 } });
    expect(saved.body.data.removed).toBe(before10 + 3);
    for (const days of [0, 3651, 1.5, 'ten', '']) expect((await preview(days)).status).toBe(400);
    expect((await preview(10, accounts['global-admin'].token)).status).toBe(403);
  });

  it('is for system-admins only', async () => {
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      const token = accounts[authority].token;
      expect((await list({}, token)).status).toBe(403);
      expect((await t.call('POST', '/api/system-logs/export', { token, body: {} })).status).toBe(403);
      expect((await t.call('PUT', '/api/system-logs/retention', { token, body: { retentionDays: 1 } })).status).toBe(403);
    }
    expect((await list({}, '')).status).toBe(401);
  });
});
