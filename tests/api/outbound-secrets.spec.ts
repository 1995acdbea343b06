import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostConfigInput } from '../../src/shared';
import { SEALED_COLUMNS } from '../../server/secrets/reseal-secrets';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startFakeGcs, type FakeGcs } from '../fakes/gcs-server';
import { sendJson, startFakeServer, type FakeServer } from '../fakes/http-server';
import { startSnowflakeStub, type SnowflakeStub } from '../fakes/snowflake-stub';
import { startTableauStub } from '../fakes/tableau-stub';

/**
 * The SDKs' own connections and the secrets stored with a target. Every
 * peer is a real local listener. OUTBOUND_ALLOW opens 127.0.0.1 (the targets, and the attacker's
 * redirectors) and localhost (another host the policy allows, but no secret belongs to); the
 * internal service listens on 127.0.0.2, which the policy refuses.
 */
type Env = Awaited<ReturnType<typeof startCollectApp>>;
const MARKER = 'INTERNAL-SERVICE-BODY-5c1e';
const TABLEAU_PAT = 'pat-secret';
const SNOWFLAKE_PASSWORD = 'sf-password';

let env: Env;
let internal: FakeServer;
let otherHost: FakeServer;
let gcs: FakeGcs;
let tableau: FakeServer;
let snowflake: SnowflakeStub;
let platform: AdPlatform;
const redirectors: FakeServer[] = [];
const stageFolder = mkdtempSync(join(tmpdir(), 'snowstage-'));

/** A listener on an allowed address that answers every request with `status` to the same path on `to`. */
async function redirector(status: number, to: FakeServer): Promise<string> {
  const server = await startFakeServer((request, response) => {
    response.writeHead(status, { location: `${to.url}${request.url.pathname}${request.url.search}` });
    response.end();
  });
  redirectors.push(server);
  return server.url;
}

/** What each SDK-driven or REST target needs, pointed at `url`. */
const targets: Record<'GCS' | 'TABLEAU' | 'SNOWSTAGE', (url: string, secret?: string) => PostConfigInput> = {
  GCS: (url, secret = '{"type":"service_account"}') => localPostConfig({ targetMethod: 'GCS', targetLocation: 'media-bucket', targetData: { apiEndpoint: url, projectId: 'p' }, targetSecret: secret }),
  TABLEAU: (url, secret = TABLEAU_PAT) =>
    localPostConfig({ targetMethod: 'TABLEAU', targetLocation: 'Media', targetData: { serverUrl: url, tokenName: 'console', projectId: 'p', apiVersion: '3.21' }, targetSecret: secret }),
  SNOWSTAGE: (url, secret = SNOWFLAKE_PASSWORD) =>
    localPostConfig({ targetMethod: 'SNOWSTAGE', targetLocation: '@stage', targetData: { account: 'acme', username: 'loader', accessUrl: url }, targetSecret: secret }),
};

const testConnection = async (body: PostConfigInput) => {
  const created = await env.api('POST', '/api/post-configs', body);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return (await env.api('POST', `/api/post-configs/${created.body.data.id}/test-connection`)).body;
};

beforeAll(async () => {
  env = await startCollectApp({}, { outboundAllow: ['127.0.0.1', 'localhost'] });
  internal = await startFakeServer((_request, response) => sendJson(response, 500, { error: { code: 500, message: MARKER }, success: false, message: MARKER }), '127.0.0.2');
  otherHost = await startFakeServer((_request, response) => sendJson(response, 500, { error: { code: 500, message: MARKER }, success: false, message: MARKER }), 'localhost');
  gcs = await startFakeGcs(['media-bucket']);
  tableau = await startTableauStub(TABLEAU_PAT);
  snowflake = await startSnowflakeStub(SNOWFLAKE_PASSWORD, stageFolder);
  platform = await startAdPlatform(3);
});
afterAll(async () => {
  await env.t.close();
  await Promise.all([internal, otherHost, gcs, tableau, snowflake, platform, ...redirectors].map((server) => server.close()));
  rmSync(stageFolder, { recursive: true, force: true });
});

describe('a target answering with a redirect', () => {
  for (const [method, status] of [
    ['GCS', 302],
    ['SNOWSTAGE', 307],
    ['TABLEAU', 307],
  ] as const) {
    it(`${method}: a ${status} to an internal address is not followed, and the service's body is not repeated`, async () => {
      const check = await testConnection(targets[method](await redirector(status, internal)));
      expect(check.data.ok).toBe(false);
      // Refused as another host than the target's, or as a loopback address: never called.
      expect(check.data.message).toMatch(/Refused: .*127\.0\.0\.2/);
      expect(JSON.stringify(check)).not.toContain(MARKER);
      expect(internal.requests).toHaveLength(0);
    });

    it(`${method}: a ${status} to another allowed host does not take the connection (or the secret) there`, async () => {
      const check = await testConnection(targets[method](await redirector(status, otherHost)));
      expect(check.data.ok).toBe(false);
      expect(check.data.message).toMatch(/Refused: .*(another host|not the target).*the secret is not sent there\./);
      expect(JSON.stringify(check)).not.toContain(MARKER);
      expect(otherHost.requests).toHaveLength(0);
    });
  }

  it('GCS: signs in with a key at its token_uri and calls the bucket with the token; a token_uri answering 307 elsewhere gets no assertion through', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const tokens = await startFakeServer((request, response) => {
      const form = new URLSearchParams(request.body.toString('utf8'));
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || form.get('assertion')!.split('.').length !== 3) return sendJson(response, 400, { error: 'invalid_grant' });
      sendJson(response, 200, { access_token: 'gcs-token-1', expires_in: 3600, token_type: 'Bearer' });
    });
    redirectors.push(tokens);
    const key = (tokenUri: string) =>
      JSON.stringify({ type: 'service_account', client_email: 'poster@p.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: tokenUri });

    gcs.requests.length = 0;
    expect((await testConnection(targets.GCS(gcs.url, key(`${tokens.url}/token`)))).data).toEqual({ ok: true, message: 'The bucket media-bucket is reachable.' });
    expect(gcs.requests.at(-1)!.headers.authorization).toBe('Bearer gcs-token-1');

    const check = await testConnection(targets.GCS(gcs.url, key(`${await redirector(307, internal)}/token`)));
    expect(check.data).toMatchObject({ ok: false });
    expect(check.data.message).toMatch(/^The GCS sign-in could not be reached: Refused: .*127\.0\.0\.2/);
    expect(internal.requests).toHaveLength(0);
  });
});

describe('a stored secret stays bound to where it goes', () => {
  /** Listens as the attacker would, on a host the policy allows: it must never hear a secret. */
  let attacker: FakeServer;
  beforeAll(async () => {
    attacker = await startFakeServer((_request, response) => sendJson(response, 200, {}), 'localhost');
  });
  afterAll(() => attacker.close());

  const refusal = (field: string, destination: string) => ({
    result: 'VALIDATION_ERROR',
    resultMessage: `Enter the secret again to send it to ${destination}: a stored secret goes only where it was entered for.`,
    data: { errors: [{ field, message: 'secretAgain', params: { destination } }] },
  });

  /** Every table with a sealed column, and what binds where its secret goes (a new one needs an entry, and a case below). */
  const BOUND_BY: Record<(typeof SEALED_COLUMNS)[number]['table'], string> = {
    market_accounts: 'the hosts the account names: the market-account cases below',
    post_configs: "the target's endpoint: the post-config cases below",
    mail_outbox: 'nothing an administrator edits: the server writes it for the mail it sends, and no route changes a queued mail',
  };

  it('covers every table that holds a sealed secret', () => {
    expect(SEALED_COLUMNS.map(({ table }) => table).sort()).toEqual(Object.keys(BOUND_BY).sort());
  });

  for (const [method, moved] of [
    ['TABLEAU', (url: string) => ({ serverUrl: url })],
    ['SNOWSTAGE', (url: string) => ({ accessUrl: url })],
    ['GCS', (url: string) => ({ apiEndpoint: url })],
  ] as const) {
    it(`post configs, ${method}: pointing the target elsewhere without the secret is refused, and the attacker hears nothing`, async () => {
      const legit = { GCS: gcs, TABLEAU: tableau, SNOWSTAGE: snowflake }[method];
      const original = targets[method](legit.url);
      const created = await env.api('POST', '/api/post-configs', original);
      const id = created.body.data.id as number;
      const { targetSecret: _kept, ...withoutSecret } = original;
      const moveTo = { ...withoutSecret, targetData: { ...original.targetData, ...moved(attacker.url) } };

      const put = await env.api('PUT', `/api/post-configs/${id}`, moveTo);
      expect(put.status).toBe(400);
      expect(put.body).toMatchObject(refusal('targetSecret', attacker.url));
      expect((await env.api('POST', `/api/post-configs/${id}/test-connection`)).body.data).toMatchObject({ ok: true });
      expect(attacker.requests).toHaveLength(0);

      // The same target, its secret kept, saves; so does the move with the secret typed again.
      expect((await env.api('PUT', `/api/post-configs/${id}`, { ...withoutSecret, targetType: 'renamed' })).body.data).toMatchObject({ targetType: 'renamed', secretSet: true });
      expect((await env.api('PUT', `/api/post-configs/${id}`, { ...moveTo, targetSecret: 'typed-again' })).status).toBe(200);
    });
  }

  it('post configs: another method whose endpoint is elsewhere is refused without the secret too', async () => {
    const created = await env.api('POST', '/api/post-configs', targets.TABLEAU(tableau.url));
    const { targetSecret: _kept, ...snowflakeThere } = targets.SNOWSTAGE(attacker.url);
    const put = await env.api('PUT', `/api/post-configs/${created.body.data.id}`, snowflakeThere);
    expect(put.body).toMatchObject(refusal('targetSecret', attacker.url));
    expect(attacker.requests).toHaveLength(0);
  });

  it('market accounts: adding a host without the secret is refused; a collect config cannot send the secret to a host the account does not name', async () => {
    const account = await env.api('POST', '/api/market-accounts', marketAccount({ accountId: 'bound-1', allowedHosts: ['127.0.0.1'] }));
    const id = account.body.data.id as number;
    const put = await env.api('PUT', `/api/market-accounts/${id}`, marketAccount({ accountId: 'bound-1', allowedHosts: ['127.0.0.1', 'localhost'], secret: undefined }));
    expect(put.body).toMatchObject(refusal('secret', 'localhost'));
    expect((await env.api('GET', `/api/market-accounts/${id}`)).body.data.allowedHosts).toEqual(['127.0.0.1']);

    const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: id }))).body.data.id;
    const moved = await env.api('PUT', `/api/collect-configs/${configId}`, collectConfig(platform.url, { marketAccountId: id, sourceLocation: `${attacker.url}/report` }));
    expect(moved.status).toBe(400);
    const tested = await env.api('POST', '/api/collect-configs/test-source', collectConfig(platform.url, { marketAccountId: id, sourceLocation: `${attacker.url}/report` }));
    expect(tested.status).toBe(400);
    expect(attacker.requests).toHaveLength(0);

    // Taking a host away keeps the secret; adding one with the secret typed again saves.
    expect((await env.api('PUT', `/api/market-accounts/${id}`, marketAccount({ accountId: 'bound-1', allowedHosts: [], secret: undefined }))).body.data).toMatchObject({
      allowedHosts: [],
      secretSet: true,
    });
    expect((await env.api('PUT', `/api/market-accounts/${id}`, marketAccount({ accountId: 'bound-1', allowedHosts: ['localhost'] }))).status).toBe(200);
  });
});
