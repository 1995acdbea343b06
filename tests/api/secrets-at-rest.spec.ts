import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MASKED } from '../../server/mail/mailer';
import { pruneMailOutbox } from '../../server/mail/retention';
import { spawnServer, type ChildServer } from './ops-child';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startSiblingApp, startTestApp } from './harness';

const mode = (path: string) => statSync(path).mode & 0o777;

/** Whether the bytes hold the code as a number of its own (not inside a longer run of digits or hex). */
function holdsCode(bytes: Buffer, code: string): boolean {
  return new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(bytes.toString('latin1'));
}

function holdsText(bytes: Buffer, text: string): boolean {
  return bytes.includes(Buffer.from(text, 'utf8'));
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("no live code or link at rest (the real server, npm start's entry point, on SQLite)", () => {
  const root = mkdtempSync(join(tmpdir(), 'console-secrets-'));
  const dataDir = join(root, 'data');
  let server: ChildServer | undefined;
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps sign-in codes, reset links and sign-up codes out of the database file, its WAL and a backup, all owner-only', async () => {
    server = spawnServer('server/main.ts', { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '5000' });
    const [, base] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 60_000);
    await server.waitFor(/Console ready/, 60_000);
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));

    // The three mails that carry a secret; the log shows each, as README tells the operator.
    expect((await post('/api/auth/signin', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).body.result).toBe('OTP_REQUIRED');
    const [, signInCode] = await server.waitFor(/mail to admin@example\.com: Your verification code: (\d{6})/);
    expect((await post('/api/auth/password/reset', { email: ADMIN_EMAIL })).status).toBe(200);
    const [, resetToken] = await server.waitFor(/new-password\/([\w-]{43})/);
    expect((await post('/api/auth/otp', { email: 'newcomer@example.com' })).status).toBe(200);
    const [, signUpCode] = await server.waitFor(/"mailTo":"newcomer@example\.com","mailType":"signup-code","code":"(\d{6})"/);
    // The outbox rows are written before the log line; the log's own flush is all that is left.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const sqlite = join(dataDir, 'console.sqlite');
    const files = [sqlite, `${sqlite}-wal`, `${sqlite}-shm`].filter(existsSync);
    expect(files).toContain(`${sqlite}-wal`);
    const stored = Buffer.concat(files.map((file) => readFileSync(file)));
    for (const code of [signInCode, signUpCode]) expect(holdsCode(stored, code), `code ${code} in the database`).toBe(false);
    expect(holdsText(stored, resetToken), 'reset link in the database').toBe(false);
    expect(holdsText(stored, MASKED), 'the masked mails are in the outbox').toBe(true);

    expect(mode(dataDir)).toBe(0o700);
    for (const file of [...files, join(dataDir, 'jwt-secret')]) expect([file, mode(file)]).toEqual([file, 0o600]);

    // `npm run backup` while the server runs.
    const archive = join(root, 'backup.tar.gz');
    const backup = spawn(process.execPath, ['--import', 'tsx', 'server/ops/cli/backup.ts', archive], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
    expect(await new Promise((resolve) => backup.on('exit', resolve))).toBe(0);
    expect(mode(archive)).toBe(0o600);
    const unpacked = gunzipSync(readFileSync(archive));
    for (const code of [signInCode, signUpCode]) expect(holdsCode(unpacked, code), `code ${code} in the backup`).toBe(false);
    expect(holdsText(unpacked, resetToken), 'reset link in the backup').toBe(false);
    expect(holdsText(unpacked, MASKED), 'the masked mails are in the backup').toBe(true);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 120_000);
});

describe('mail outbox retention', () => {
  it('prunes rows older than mailRetentionDays when a server starts, and on demand, keeping newer ones', async () => {
    const t = await startTestApp({ mailRetentionDays: 30 });
    try {
      const day = 86_400_000;
      const row = (to: string, ageDays: number) => ({
        to_address: to,
        subject: 's',
        body_text: 'b',
        template_type: 'otp',
        status: 'LOGGED',
        created_at: new Date(t.clock.now().getTime() - ageDays * day).toISOString(),
      });
      await t.db
        .insertInto('mail_outbox')
        .values([row('old@example.com', 31), row('recent@example.com', 29), row('older@example.com', 400)])
        .execute();
      const sibling = await startSiblingApp(t, {});
      await sibling.app.ready();
      await sibling.close();
      const left = async () => (await t.db.selectFrom('mail_outbox').select('to_address').orderBy('to_address').execute()).map((mail) => mail.to_address);
      expect(await left()).toEqual(['recent@example.com']);
      t.clock.advance(2 * day);
      expect(await pruneMailOutbox(t.app.ctx)).toBe(1);
      expect(await left()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
