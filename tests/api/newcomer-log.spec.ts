import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from './ops-child';

interface LogLine {
  level: number;
  msg: string;
  mailType?: string;
  mailTo?: string;
  code?: string;
  link?: string;
}

/**
 * What README's "Start it" tells a newcomer, on the real server (npm start's entry point) without
 * SMTP_URL: the log is JSON lines, the first start prints the initial password, and each sign-in
 * code is the `code` field of its mail's line (a reset link the `link` field), also once the code
 * mail's template is reworded.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the first start as README describes it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-newcomer-'));
  let server: ChildServer | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const lines = () =>
    server!
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as LogLine);
  const codeMails = () => lines().filter((line) => line.mailType === 'otp' && line.mailTo === 'admin@example.com');
  /** The code of the next sign-in code mail logged after `seen` of them. */
  async function nextCode(seen: number): Promise<LogLine> {
    await server!.waitFor(new RegExp(`(?:"mailType":"otp"[\\s\\S]*?){${seen + 1}}`));
    return codeMails()[seen];
  }

  it('logs JSON lines; the initial password is on the first-start line and every sign-in code in the field `code`', async () => {
    server = spawnServer('server/main.ts', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SMTP_URL: '', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '5000' });
    const [, base] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
    await server.waitFor(/Console ready/, 60_000);
    const call = (method: string, path: string, body?: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (reply) => (await reply.json()) as { result: string; data: Record<string, string> });

    const firstStart = lines().find((line) => line.msg.startsWith('First start:'));
    const initialPassword = firstStart?.msg.match(/system-admin admin@example\.com with the initial password (\S+) — it is shown only this once\./)?.[1];
    expect(initialPassword).toBeDefined();

    // Signing in with it: the code is a field of the mail's line, and the text says the same.
    const challenge = await call('POST', '/api/auth/signin', { email: 'admin@example.com', password: initialPassword });
    expect(challenge.result).toBe('OTP_REQUIRED');
    const first = await nextCode(0);
    expect(first.code).toMatch(/^\d{6}$/);
    expect(first.msg).toContain(first.code);
    const proof = await call('POST', '/api/auth/signin/otp', { challengeToken: challenge.data.challengeToken, code: first.code });
    expect(proof.result).toBe('PASSWORD_CHANGE_REQUIRED');
    const session = await call('POST', '/api/auth/admin/initial-password', { verificationToken: proof.data.verificationToken, password: 'Own#pass12' });
    expect(session.result).toBe('SUCCESS');

    // The code mail reworded: its text no longer reads "Your verification code", the field still holds the code.
    const reworded = await call(
      'POST',
      '/api/email-templates',
      { type: 'otp', title: 'Sign-in for {{name}}', body: 'Type {{code}} on the sign-in page.', activeFlag: 'Y', statements: [] },
      session.data.accessToken,
    );
    expect(reworded.result).toBe('SUCCESS');
    const again = await call('POST', '/api/auth/signin', { email: 'admin@example.com', password: 'Own#pass12' });
    const second = await nextCode(1);
    expect(second.msg).not.toContain('Your verification code');
    expect(second.msg).toContain(`Type ${second.code} on the sign-in page.`);
    expect((await call('POST', '/api/auth/signin/otp', { challengeToken: again.data.challengeToken, code: second.code })).result).toBe('SUCCESS');

    // A password-reset link is the field `link` of its line.
    await call('POST', '/api/auth/password/reset', { email: 'admin@example.com' });
    await server.waitFor(/"mailType":"password-reset"/);
    const reset = lines().find((line) => line.mailType === 'password-reset');
    expect(reset?.link).toMatch(/\/new-password\/[\w-]{43}$/);
    expect(reset?.msg).toContain(reset!.link);
  }, 120_000);
});
