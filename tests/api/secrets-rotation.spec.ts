import { execFile } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startTableauStub } from '../fakes/tableau-stub';
import type { FakeServer } from '../fakes/http-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness';

/**
 * Stored secrets survive a JWT_SECRET change and a SECRETS_KEY rotation (issue: rotating JWT_SECRET
 * destroyed every stored secret). "Readable" means the real peers accept what the server sends.
 */
const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');
const keyId = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex').slice(0, 8);

/** A value as the server sealed it before SECRETS_KEY: v1, under a key derived from JWT_SECRET. */
function sealedV1(plain: string, jwtSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(`collect-secrets:${jwtSecret}`).digest(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

describe('secrets at rest under SECRETS_KEY', () => {
  let env: Awaited<ReturnType<typeof startCollectApp>>;
  let platform: AdPlatform;
  let tableau: FakeServer;
  let accountId: number;
  let postConfigId: number;
  const restarted: FastifyInstance[] = [];

  /** The same database served by a new instance with other keys, signed in afresh (its JWT key differs). */
  async function restart(secretsKeys: string[]) {
    // Its mail joins the harness's list, so lastCode finds the code it sends.
    const app = await buildApp(
      { ...env.t.config, secretsKeys, jwtSecret: randomBytes(32).toString('hex') },
      { db: env.t.db, clock: env.t.clock, logger: false, observeMail: (mail) => env.t.mails.push(mail) },
    );
    restarted.push(app);
    const first = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    await app.ctx.mailer.idle();
    const second = await app.inject({ method: 'POST', url: '/api/auth/signin/otp', payload: { challengeToken: first.json().data.challengeToken, code: await env.t.lastCode(ADMIN_EMAIL) } });
    const token = second.json().data.accessToken as string;
    const api = async (method: 'POST', url: string, payload?: object) => (await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } })).json();
    return {
      /** Whether the market account's and the Tableau target's secrets still open and are accepted. */
      readable: async () => ({
        source: (await api('POST', '/api/collect-configs/test-source', collectConfig(platform.url, { marketAccountId: accountId }))).result,
        target: (await api('POST', `/api/post-configs/${postConfigId}/test-connection`)).data,
      }),
    };
  }

  const sealed = async () => [
    (await env.t.db.selectFrom('market_accounts').select('secret_enc').where('id', '=', accountId).executeTakeFirstOrThrow()).secret_enc!,
    (await env.t.db.selectFrom('post_configs').select('target_secret_enc').where('id', '=', postConfigId).executeTakeFirstOrThrow()).target_secret_enc!,
  ];

  /** npm run rotate-secrets, in its own process, on this test's database. */
  async function rotateSecrets(secretsKey: string, jwtSecret = env.t.config.jwtSecret) {
    // The app's own database (on PostgreSQL the harness gives each app one), in its schema.
    const appUrl = env.t.config.databaseUrl;
    const schema = appUrl ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(env.t.db)).rows[0].schema : undefined;
    const databaseUrl = appUrl ? `${appUrl}${appUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : '';
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/ops/cli/rotate-secrets.ts'], {
      env: { ...process.env, DATA_DIR: env.t.config.dataDir, DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKey, JWT_SECRET: jwtSecret },
    });
    return stdout;
  }

  beforeAll(async () => {
    env = await startCollectApp({}, { secretsKeys: [keyA] });
    platform = await startAdPlatform(3);
    tableau = await startTableauStub('pat-secret');
    accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
    postConfigId = (
      await env.api(
        'POST',
        '/api/post-configs',
        localPostConfig({ targetMethod: 'TABLEAU', targetLocation: 'Media daily', targetData: { serverUrl: tableau.url, tokenName: 'console', projectId: 'proj-7' }, targetSecret: 'pat-secret' }),
      )
    ).body.data.id;
  });
  afterAll(async () => {
    for (const app of restarted) await app.close();
    await env.t.close();
    await Promise.all([platform.close(), tableau.close()]);
  });

  it('stay readable after JWT_SECRET changes and while an older key is still listed; rotate-secrets moves them to the newest key', async () => {
    expect(await sealed()).toEqual([expect.stringMatching(`^v2\\.${keyId(keyA)}\\.`), expect.stringMatching(`^v2\\.${keyId(keyA)}\\.`)]);
    const ok = { source: 'SUCCESS', target: { ok: true, message: 'Signed in to Tableau.' } };

    expect(await (await restart([keyB, keyA])).readable()).toEqual(ok);
    expect(await rotateSecrets(`${keyB},${keyA}`)).toContain('Re-sealed 2 secret(s) under the newest key');
    expect(await sealed()).toEqual([expect.stringMatching(`^v2\\.${keyId(keyB)}\\.`), expect.stringMatching(`^v2\\.${keyId(keyB)}\\.`)]);
    expect(await (await restart([keyB])).readable()).toEqual(ok);
    expect(await rotateSecrets(keyB)).toContain('Re-sealed 0 secret(s)');

    // Without the key they were sealed under, the answer names the missing key instead of sending garbage.
    const lost = await (await restart([keyA])).readable();
    expect(lost.target).toEqual({ ok: false, message: `The stored target secret cannot be read (The secret is sealed under key ${keyId(keyB)}, which is not in SECRETS_KEY.); enter it again.` });
  });

  it('re-seals the v1 values of an install from before SECRETS_KEY while JWT_SECRET still opens them', async () => {
    const jwtSecret = randomBytes(32).toString('hex');
    await env.t.db
      .updateTable('market_accounts')
      .set({ secret_enc: sealedV1('platform-secret-1', jwtSecret) })
      .where('id', '=', accountId)
      .execute();
    expect(await rotateSecrets(keyB, jwtSecret)).toContain('Re-sealed 1 secret(s)');
    expect((await sealed())[0]).toMatch(new RegExp(`^v2\\.${keyId(keyB)}\\.`));
    expect((await (await restart([keyB])).readable()).source).toBe('SUCCESS');
  });
});
