import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isSqlite } from '../../server/db/database';
import { CONTENT_NOT_KEPT, STOPPED_WHILE_SENDING } from '../../server/mail/outbox';
import { MASKED } from '../../server/mail/mailer';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedInAccount, startSiblingApp, startTestApp, type TestApp } from './harness';
import { startHangingPeer, type HangingPeer } from '../fakes/hanging-peer';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtp-peer';

const PASSWORD = 'Passw0rd!';
const LEASE_MS = 1500;

let t: TestApp;
let hanging: HangingPeer;
let peer: SmtpPeer;

beforeAll(async () => {
  hanging = await startHangingPeer();
  peer = await startSmtpPeer();
  // On PostgreSQL this app is an instance too, which may take over the killed server's mails.
  t = await startTestApp({ smtpUrl: peer.url, mailLeaseMs: LEASE_MS });
  // Its own start-up look at the outbox is over before the child queues anything.
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
  await hanging?.close();
  await peer?.close();
});

/** The outbox rows written after `afterId`, oldest first. */
const outbox = (afterId = 0) =>
  t.db.selectFrom('mail_outbox').select(['id', 'to_address', 'status', 'error', 'body_text', 'sealed_mail', 'lease_until']).where('id', '>', afterId).orderBy('id').execute();
const lastOutboxId = async () =>
  (
    await t.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst()
  )?.id ?? 0;
/** The mails the working mail server took for this address since `since` mails had arrived. */
const receivedBy = (email: string, since: number) => peer.received.slice(since).filter((mail) => mail.to.includes(email));
const codeIn = (raw: string) => raw.match(/^Subject: Your verification code: (\d{6})/m)?.[1];

/** Runs the child until every account was signed in (each code mail stuck on the hung mail server), then SIGKILLs it; answers the challenges. */
function signInAndKill(emails: string[], pgSchema: string, afterId: number): Promise<Map<string, string>> {
  const config = { ...t.config, smtpUrl: `smtp://127.0.0.1:${hanging.port}`, smtpTimeoutMs: 60_000 };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/fault-mail-child.ts', JSON.stringify(config), pgSchema, PASSWORD, ...emails], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const challenges = new Map<string, string>();
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('SIGNED IN') || child.exitCode !== null) return;
      for (const [, email, token] of output.matchAll(/CHALLENGE (\S+) (\S+)/g)) challenges.set(email, token);
      // Killed once the first mail is with the mail server and the others wait behind it.
      void vi
        .waitFor(
          async () => {
            expect((await outbox(afterId)).map((row) => row.status)).toEqual(['SENDING', ...emails.slice(1).map(() => 'QUEUED')]);
          },
          { timeout: 10_000, interval: 50 },
        )
        .then(() => child.kill('SIGKILL'), reject);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve(challenges) : reject(new Error(`child ended without being killed:\n${output}`))));
  });
}

describe('mails queued when the server is killed', () => {
  it('the restarted server sends each queued mail once, and fails the one it was handing over with the reason', async () => {
    const emails = ['first@example.com', 'second@example.com', 'third@example.com'];
    for (const email of emails) await signedInAccount(t, email, 'user');
    const pgSchema = isSqlite(t.db) ? '-' : (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0].schema;
    const afterId = Number(await lastOutboxId());
    const since = peer.received.length;
    const challenges = await signInAndKill(emails, pgSchema, afterId);
    expect([...challenges.keys()]).toEqual(emails);

    // What the killed server left: secrets masked for the record, the clear mail sealed.
    const left = await outbox(afterId);
    for (const row of left) {
      expect(row.body_text).toContain(MASKED);
      expect(row.sealed_mail).toMatch(/^v2\./);
    }

    // Restarted: on PostgreSQL two instances at once, which take the mails over once their lease expires.
    const restarted = await Promise.all((isSqlite(t.db) ? [0] : [0, 1]).map(() => startSiblingApp(t, { smtpUrl: peer.url, mailLeaseMs: LEASE_MS })));
    try {
      await Promise.all(restarted.map((instance) => instance.app.ready()));
      await vi.waitFor(async () => expect((await outbox(afterId)).map((row) => row.status)).toEqual(['FAILED', 'SENT', 'SENT']), {
        timeout: 15_000,
        interval: 100,
      });
      await Promise.all(restarted.map((instance) => instance.app.ctx.mailer.idle()));
      const rows = await outbox(afterId);
      expect(rows[0]).toMatchObject({ status: 'FAILED', error: STOPPED_WHILE_SENDING });
      expect(rows.every((row) => row.sealed_mail === null && row.lease_until === null && row.body_text.includes(MASKED))).toBe(true);

      // The first mail never reached a mail server that answers; the others did, once each, with a code that signs in.
      expect(receivedBy(emails[0], since)).toHaveLength(0);
      for (const email of emails.slice(1)) {
        expect(receivedBy(email, since)).toHaveLength(1);
        const code = codeIn(receivedBy(email, since)[0].raw);
        const signedIn = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: challenges.get(email), code } });
        expect(signedIn.body.result).toBe('SUCCESS');
      }
    } finally {
      await Promise.all(restarted.map((instance) => instance.close()));
    }

    // Another restart (after the lease would have run out) sends nothing again.
    t.clock.advance(LEASE_MS * 2);
    const again = await startSiblingApp(t, { smtpUrl: peer.url, mailLeaseMs: LEASE_MS });
    await again.app.ready();
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
    await again.app.ctx.mailer.idle();
    await again.close();
    for (const email of emails.slice(1)) expect(receivedBy(email, since)).toHaveLength(1);
  }, 60_000);

  it('a queued mail whose clear content cannot be opened any more is failed with the reason, not sent', async () => {
    const now = t.clock.now().toISOString();
    const { id } = await t.db
      .insertInto('mail_outbox')
      .values({ to_address: 'old@example.com', subject: 's', body_text: `code ${MASKED}`, template_type: 'otp', status: 'QUEUED', created_at: now, sealed_mail: null, lease_until: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restarted = await startSiblingApp(t, { smtpUrl: peer.url, mailLeaseMs: LEASE_MS });
    try {
      await restarted.app.ready();
      await vi.waitFor(
        async () => expect(await t.db.selectFrom('mail_outbox').select(['status', 'error']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'FAILED', error: CONTENT_NOT_KEPT }),
        {
          timeout: 10_000,
          interval: 100,
        },
      );
      expect(receivedBy('old@example.com', 0)).toHaveLength(0);
    } finally {
      await restarted.close();
    }
  });
});

describe('a mail server that accepts connections and never answers', () => {
  it('fails each mail after SMTP_TIMEOUT_MS with the reason instead of holding the queue', async () => {
    const stuck = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${hanging.port}`, smtpTimeoutMs: 500 });
    try {
      // Three sign-ins, three code mails: each waits for the greeting that never comes, then fails, and the next goes.
      const started = performance.now();
      for (let i = 0; i < 3; i++) expect((await stuck.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body.result).toBe('OTP_REQUIRED');
      await stuck.app.ctx.mailer.idle();
      expect(performance.now() - started).toBeLessThan(6000);
      const rows = await stuck.db.selectFrom('mail_outbox').select(['status', 'error', 'sealed_mail']).execute();
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.status).toBe('FAILED');
        expect(row.error).toMatch(/Greeting never received|timeout/i);
        expect(row.sealed_mail).toBeNull();
      }
    } finally {
      await stuck.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a mail a live instance is handing to a slow mail server', () => {
  // A lease of 1 s, swept every half second; the mail server is given 3 s before the mail fails.
  const slowly = () => ({ smtpUrl: `smtp://127.0.0.1:${hanging.port}`, smtpTimeoutMs: 3000, mailLeaseMs: 1000 });
  /** Signs in on `sender` (a code mail to the hung mail server) and reads the outbox every 50 ms until the mail has failed by its own timeout; `meanwhile` runs before each read. */
  async function watchSending(sender: TestApp, meanwhile: () => Promise<unknown> = async () => undefined) {
    expect((await sender.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body.result).toBe('OTP_REQUIRED');
    const seen: { status: string; error: string | null }[] = [];
    let settled = false;
    const idle = sender.app.ctx.mailer.idle().finally(() => (settled = true));
    while (!settled) {
      await meanwhile();
      seen.push(...(await sender.db.selectFrom('mail_outbox').select(['status', 'error']).execute()));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await idle;
    // Watched for the whole 3 s: never failed as if its sender had stopped, only by its own timeout.
    expect(seen.filter((row) => row.status === 'SENDING').length).toBeGreaterThan(20);
    expect(seen.filter((row) => row.error === STOPPED_WHILE_SENDING)).toEqual([]);
    expect(await sender.db.selectFrom('mail_outbox').select(['status', 'error']).execute()).toEqual([{ status: 'FAILED', error: expect.stringMatching(/Greeting never received|timeout/i) }]);
  }

  it("is not failed by its own instance's sweep, however late its renewal", async () => {
    const sender = await startTestApp(slowly());
    try {
      // The renewal always late: the lease as the database has it passed a moment ago, all the while.
      await watchSending(sender, () =>
        sender.db
          .updateTable('mail_outbox')
          .set({ lease_until: new Date(sender.clock.now().getTime() - 1).toISOString() })
          .where('status', '=', 'SENDING')
          .execute(),
      );
    } finally {
      await sender.close();
    }
  });

  it("is not failed by another instance's sweep: its lease is renewed while the mail server takes its time", async () => {
    const sender = await startTestApp(slowly());
    const other = await startSiblingApp(sender, {});
    await other.app.ready(); // its outbox sweep runs from here, every half second
    try {
      await watchSending(sender);
    } finally {
      await other.close();
      await sender.close();
    }
  });
});
