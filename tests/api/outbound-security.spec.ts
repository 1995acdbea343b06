import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startFakeServer, type FakeServer } from '../fakes/http-server';

/**
 * Outbound calls to admin-typed URLs (issue: a rank-2 admin could send any market account's secret
 * anywhere, probe internal services and read their error pages). Every peer here is a real local
 * listener, and each test counts what it received.
 */
type Env = Awaited<ReturnType<typeof startCollectApp>>;
const MARKER = 'INTERNAL-ONLY-ANSWER-7f3a';

const testSource = (env: Env, body: unknown) => env.api('POST', '/api/collect-configs/test-source', body);
const sourceError = (reply: { body: { data?: { errors?: { field: string; message: string }[] } } }) => reply.body.data?.errors?.find((error) => error.field === 'sourceLocation')?.message ?? '';

describe('without OUTBOUND_ALLOW (the production default)', () => {
  let env: Env;
  let internal: FakeServer;

  beforeAll(async () => {
    env = await startCollectApp({}, { outboundAllow: [] });
    internal = await startFakeServer((_request, response) => response.end(`{"data":{"rows":[]},"note":"${MARKER}"}`));
  });
  afterAll(async () => {
    await env.t.close();
    await internal.close();
  });

  it('refuses a source on 127.0.0.1, and the listener never hears of it', async () => {
    const reply = await testSource(env, collectConfig(internal.url, { sourceLocation: `${internal.url}/admin`, keyName: null }));
    expect(reply.status).toBe(400);
    expect(sourceError(reply)).toBe('The source was not called (page 1). Refused: 127.0.0.1 is a loopback address. The server calls only public addresses (OUTBOUND_ALLOW names exceptions).');
    expect(JSON.stringify(reply.body)).not.toContain(MARKER);

    // A run of the same config fails as a refused address, not as an answer the source gave.
    const config = collectConfig(internal.url, { sourceLocation: `${internal.url}/admin`, keyName: null });
    const id = (await env.api('POST', '/api/collect-configs', config)).body.data.id;
    const task = (await env.api('POST', `/api/collect-configs/${id}/run`)).body.data;
    await env.tick();
    expect((await env.api('GET', `/api/tasks/${task.id}`)).body.data).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_REFUSED' });
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses a host name that resolves to a loopback address (localhost), and IPv4-mapped IPv6 spellings', async () => {
    const port = new URL(internal.url).port;
    const byName = await testSource(env, collectConfig(internal.url, { sourceLocation: `http://localhost:${port}/report`, keyName: null }));
    expect(sourceError(byName)).toMatch(/^The source was not called \(page 1\)\. Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address\./);
    const mapped = await testSource(env, collectConfig(internal.url, { sourceLocation: `http://[::ffff:127.0.0.1]:${port}/report`, keyName: null }));
    expect(sourceError(mapped)).toContain('Refused: ::ffff:7f00:1 is a loopback address.');
    const metadata = await testSource(env, collectConfig(internal.url, { sourceLocation: 'http://169.254.169.254/latest/meta-data/', keyName: null }));
    expect(sourceError(metadata)).toContain('Refused: 169.254.169.254 is a link-local or cloud-metadata address.');
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses a post target whose endpoint is a private address (GCS apiEndpoint, Tableau serverUrl)', async () => {
    const gcs = await env.api(
      'POST',
      '/api/post-configs',
      localPostConfig({ targetMethod: 'GCS', targetLocation: 'media-bucket', targetData: { apiEndpoint: internal.url, projectId: 'p' }, targetSecret: '{"type":"service_account"}' }),
    );
    const gcsCheck = await env.api('POST', `/api/post-configs/${gcs.body.data.id}/test-connection`);
    expect(gcsCheck.body.data).toEqual({
      ok: false,
      message: 'GCS was not called: Refused: 127.0.0.1 is a loopback address. The server calls only public addresses (OUTBOUND_ALLOW names exceptions).',
    });
    const tableau = await env.api(
      'POST',
      '/api/post-configs',
      localPostConfig({ targetMethod: 'TABLEAU', targetLocation: 'Media', targetData: { serverUrl: internal.url, tokenName: 'console', projectId: 'p' }, targetSecret: 'pat-secret' }),
    );
    const tableauCheck = await env.api('POST', `/api/post-configs/${tableau.body.data.id}/test-connection`);
    expect(tableauCheck.body.data).toEqual({
      ok: false,
      message: 'Tableau sign-in could not be made: Refused: 127.0.0.1 is a loopback address. The server calls only public addresses (OUTBOUND_ALLOW names exceptions).',
    });
    expect(internal.requests).toHaveLength(0);
  });

  it("refuses the endpoints an SDK would reach by itself: a Snowflake account name bent into an address, a GCS key's token_uri", async () => {
    const port = new URL(internal.url).port;
    const snowflake = await env.api(
      'POST',
      '/api/post-configs',
      localPostConfig({ targetMethod: 'SNOWSTAGE', targetLocation: '@stage', targetData: { account: `127.0.0.1:${port}/?`, username: 'loader' }, targetSecret: 'password' }),
    );
    const snowflakeCheck = await env.api('POST', `/api/post-configs/${snowflake.body.data.id}/test-connection`);
    expect(snowflakeCheck.body.data).toEqual({
      ok: false,
      message: 'Snowflake was not called: Refused: 127.0.0.1 is a loopback address. The server calls only public addresses (OUTBOUND_ALLOW names exceptions).',
    });
    const key = JSON.stringify({ type: 'service_account', client_email: 'x@example.iam.gserviceaccount.com', private_key: 'none', token_uri: 'http://169.254.169.254/token' });
    const gcs = await env.api('POST', '/api/post-configs', localPostConfig({ targetMethod: 'GCS', targetLocation: 'media-bucket', targetData: { projectId: 'p' }, targetSecret: key }));
    const gcsCheck = await env.api('POST', `/api/post-configs/${gcs.body.data.id}/test-connection`);
    expect(gcsCheck.body.data).toEqual({
      ok: false,
      message: "The GCS key's token_uri was not called: Refused: 169.254.169.254 is a link-local or cloud-metadata address. The server calls only public addresses (OUTBOUND_ALLOW names exceptions).",
    });
    expect(internal.requests).toHaveLength(0);
  });

  it("keeps a market account's secret hosts as bare host names", async () => {
    const bad = await env.api('POST', '/api/market-accounts', marketAccount({ allowedHosts: ['https://api.example.com/v1'] }));
    expect(bad.status).toBe(400);
    const created = await env.api('POST', '/api/market-accounts', marketAccount({ allowedHosts: [' Graph.Example.com. ', '[::1]'] }));
    expect(created.body.data.allowedHosts).toEqual(['graph.example.com', '::1']);
    expect((await env.api('GET', `/api/market-accounts/${created.body.data.id}`)).body.data.allowedHosts).toEqual(['graph.example.com', '::1']);
  });
});

describe('with OUTBOUND_ALLOW=127.0.0.1,localhost', () => {
  let env: Env;
  let platform: AdPlatform;
  let elsewhere: FakeServer;
  let private2: FakeServer;
  let redirector: FakeServer;

  beforeAll(async () => {
    env = await startCollectApp({}, { outboundAllow: ['127.0.0.1', 'localhost'] });
    platform = await startAdPlatform(5);
    elsewhere = await startFakeServer((_request, response) => response.end('{"data":{"rows":[]}}'));
    // An internal service on another loopback address, which OUTBOUND_ALLOW does not open.
    private2 = await startFakeServer((_request, response) => response.end(`{"data":{"rows":[]},"note":"${MARKER}"}`), '127.0.0.2');
    redirector = await startFakeServer((request, response) => {
      const to = request.url.searchParams.get('to')!;
      if (request.url.pathname === '/fail') {
        response.writeHead(500, { 'content-type': 'text/html' });
        return response.end(`<html>${MARKER} stack trace with ${String(request.headers['x-api-key'])}</html>`);
      }
      response.writeHead(302, { location: to });
      response.end();
    });
  });
  afterAll(async () => {
    await env.t.close();
    await Promise.all([platform.close(), elsewhere.close(), private2.close(), redirector.close()]);
  });

  it('refuses a redirect from an allowed host to a private address, which never hears of it', async () => {
    const reply = await testSource(env, collectConfig(redirector.url, { sourceLocation: `${redirector.url}/go?to=${encodeURIComponent(`${private2.url}/report`)}`, keyName: null }));
    expect(reply.status).toBe(400);
    expect(sourceError(reply)).toContain('Refused: 127.0.0.2 is a loopback address.');
    expect(redirector.requests).toHaveLength(1);
    expect(private2.requests).toHaveLength(0);
  });

  it('sends a secret only to a host the market account names: saving, testing and running such a config fail naming the host', async () => {
    const account = await env.api('POST', '/api/market-accounts', marketAccount({ allowedHosts: ['API.Example.com'] }));
    expect(account.body.data).toMatchObject({ allowedHosts: ['api.example.com'], secretSet: true });
    const config = collectConfig(platform.url, { marketAccountId: account.body.data.id });
    const message = "The secret of market account Fake Ads KR may not be sent to 127.0.0.1: add 127.0.0.1 to the account's secret hosts, or choose another account.";

    const saved = await env.api('POST', '/api/collect-configs', config);
    expect(saved.status).toBe(400);
    expect(sourceError(saved)).toBe(message);
    expect(sourceError(await testSource(env, config))).toBe(message);

    // A config saved before the account's hosts changed fails at run time with the same sentence
    // (adding a host takes the secret typed again; taking one away does not).
    await env.api('PUT', `/api/market-accounts/${account.body.data.id}`, marketAccount({ allowedHosts: ['127.0.0.1'] }));
    const id = (await env.api('POST', '/api/collect-configs', config)).body.data.id;
    await env.api('PUT', `/api/market-accounts/${account.body.data.id}`, marketAccount({ allowedHosts: [], secret: undefined }));
    const task = (await env.api('POST', `/api/collect-configs/${id}/run`)).body.data;
    await env.tick();
    expect((await env.api('GET', `/api/tasks/${task.id}`)).body.data).toMatchObject({ status: 'ERROR', errorText: message });
    expect(platform.requests).toHaveLength(0);
  });

  it('does not follow a redirect to another host with the secret', async () => {
    const account = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'act-2', allowedHosts: ['127.0.0.1'] }));
    const port = new URL(elsewhere.url).port;
    const reply = await testSource(
      env,
      collectConfig(redirector.url, { marketAccountId: account.body.data.id, sourceLocation: `${redirector.url}/go?to=${encodeURIComponent(`http://localhost:${port}/report`)}` }),
    );
    expect(sourceError(reply)).toContain('Refused: 127.0.0.1 redirected to another host (localhost); the secret is not sent there.');
    expect(redirector.requests.at(-1)!.headers['x-api-key']).toBe('platform-secret-1');
    expect(elsewhere.requests).toHaveLength(0);

    // The same redirect without a secret is followed (both hosts are allowed).
    const plain = await testSource(env, collectConfig(redirector.url, { sourceLocation: `${redirector.url}/go?to=${encodeURIComponent(`http://localhost:${port}/report`)}`, keyName: null }));
    expect(plain.status).toBe(200);
    expect(elsewhere.requests).toHaveLength(1);
  });

  it('reports the status and size of an error answer, never its body (test source and a run)', async () => {
    const account = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'act-3', allowedHosts: ['127.0.0.1'] }));
    const config = collectConfig(redirector.url, { marketAccountId: account.body.data.id, sourceLocation: `${redirector.url}/fail` });
    const reply = await testSource(env, config);
    expect(sourceError(reply)).toMatch(/^The source answered HTTP 500 \([\d,]+ bytes\) on page 1\.$/);
    expect(JSON.stringify(reply.body)).not.toContain(MARKER);
    expect(JSON.stringify(reply.body)).not.toContain('platform-secret-1');

    const id = (await env.api('POST', '/api/collect-configs', config)).body.data.id;
    const task = (await env.api('POST', `/api/collect-configs/${id}/run`)).body.data;
    await env.tick();
    const ran = await env.api('GET', `/api/tasks/${task.id}`);
    expect(ran.body.data).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_HTTP_ERROR' });
    expect(ran.body.data.errorText).toMatch(/^The source answered HTTP 500 \([\d,]+ bytes\) on page 1\.$/);
    expect(JSON.stringify(ran.body)).not.toContain(MARKER);
  });
});
