import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedInAccount, startTestApp, type TestApp } from './harness';
import { commit, createDataset, preview } from './uploads-support';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

const scrape = (app: TestApp['app'], authorization?: string) => app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('Prometheus metrics', () => {
  it('are not served at all unless METRICS_PORT or METRICS_TOKEN is set', async () => {
    t = await startTestApp();
    expect((await scrape(t.app)).statusCode).toBe(404);
    expect((await scrape(t.app, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('are served on the public port only to the bearer of METRICS_TOKEN', async () => {
    t = await startTestApp({ metricsToken: TOKEN });
    expect((await scrape(t.app)).statusCode).toBe(401);
    expect((await scrape(t.app, 'Bearer wrong-token-0123456789')).statusCode).toBe(401);
    expect((await scrape(t.app, TOKEN)).statusCode).toBe(401);

    await t.call('GET', '/api/health');
    await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const answer = await scrape(t.app, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    // Requests by route template and status; mails by outcome (no SMTP here: logged); the process.
    expect(answer.body).toMatch(/console_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1\n/);
    expect(answer.body).toMatch(/console_http_request_duration_seconds_count\{method="POST",route="\/api\/auth\/signin",status="200"\} 1\n/);
    expect(answer.body).toMatch(/console_mails_total\{outcome="logged"\} 1\n/);
    expect(answer.body).toContain('process_resident_memory_bytes');
    expect(answer.body).toContain('console_http_requests_in_flight');
    // PostgreSQL's connection pool; SQLite has none.
    if (process.env.TEST_DATABASE_URL) expect(answer.body).toMatch(/console_db_pool_connections\{state="total"\} [1-9]/);
    else expect(answer.body).not.toContain('console_db_pool_connections');
  });

  it('are served on METRICS_PORT and not on the public port', async () => {
    t = await startTestApp({ metricsPort: 0, host: '127.0.0.1' });
    const publicUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.metricsAddress?.();
    expect(address?.port).toBeGreaterThan(0);
    expect(address?.port).not.toBe(new URL(publicUrl).port);
    await fetch(`${publicUrl}/api/health`);
    const answer = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/console_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1\n/);
    expect((await fetch(`http://127.0.0.1:${address!.port}/other`)).status).toBe(404);
    expect((await fetch(`${publicUrl}/metrics`)).status).toBe(404);
  });

  it('count manual uploads: the check and the commit by outcome, and the rows written', async () => {
    t = await startTestApp();
    const uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
    const datasetId = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, datasetId, 'two.csv', 'date,campaign_id,channel,impressions\n2024-01-01,C1,search,1\n2024-01-02,C1,search,2\n');
    await commit(t, uploader.token, upload.id);
    const failed = await preview(t, uploader.token, datasetId, 'bad.csv', 'date,campaign_id,channel,impressions\nnot a date,C1,search,1\n');
    expect(failed.status).toBe('FAIL');
    const { metrics } = t.app.ctx;
    await vi.waitFor(async () => expect((await metrics.uploadRows.get()).values[0]?.value).toBe(2), { timeout: 10_000 });
    const stages = (await metrics.uploads.get()).values.filter((value) => value.metricName === 'console_upload_duration_seconds_count');
    expect(stages.map(({ labels, value }) => `${labels.stage} ${labels.outcome} ${value}`).sort()).toEqual(['check fail 1', 'check success 1', 'commit success 1']);
  });
});

describe('LOG_REQUESTS', () => {
  it('writes one JSON line per request to stdout, with the request id the system log keeps as the event id', async () => {
    t = await startTestApp({ logRequests: true });
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.startsWith('{"time"')) {
        lines.push(chunk);
        return true;
      }
      return write(chunk, ...(rest as []));
    });
    const tokens = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.call('GET', '/api/domains?range=[0,9]', { token: tokens.accessToken });
    const entries = lines.map((line) => JSON.parse(line));
    const list = entries.find((entry) => entry.route === '/api/domains' && entry.method === 'GET');
    expect(list).toMatchObject({ status: 200, path: '/api/domains', admin: expect.any(Number) });
    expect(typeof list.ms).toBe('number');
    // Wall time, written as ISO 8601.
    expect(list.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(list.time) - Date.now())).toBeLessThan(60_000);
    // The system-log row is written as the answer leaves.
    await vi.waitFor(
      async () => {
        const logged = await t!.db.selectFrom('system_logs').select('event_id').where('event_id', '=', list.reqId).executeTakeFirst();
        expect(logged?.event_id).toBe(list.reqId);
      },
      { timeout: 10_000 },
    );
  });

  it('stays silent when unset', async () => {
    t = await startTestApp();
    const spy = vi.spyOn(process.stdout, 'write');
    await t.call('GET', '/api/health');
    expect(spy.mock.calls.filter(([chunk]) => typeof chunk === 'string' && chunk.startsWith('{"time"'))).toEqual([]);
  });
});
