import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHasher } from '../../server/auth/passwords';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtp-peer';
import { ADMIN_EMAIL, insertAccount, type TestApp, withTestApp } from './harness';

const TRIES = 20;
/** Far below the 100 ms the slow SMTP peer takes: a request that waited for it would exceed it. */
const MAX_MEAN_GAP_MS = 15;
const LOCKED_EMAIL = 'locked@example.com';
const UNKNOWN_EMAIL = 'nobody-here@example.com';

let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer({ delayMs: 100 });
});
afterAll(async () => smtp?.close());
withTestApp(
  (app) => (t = app),
  () => ({ smtpUrl: smtp.url }),
);
beforeAll(async () => {
  await insertAccount(t, {
    email: LOCKED_EMAIL,
    password_hash: await passwordHasher(t.config.passwordHash).hash('Passw0rd!'),
    first_name: 'Locked',
    last_name: 'Out',
    sign_in_attempt: 5,
    locked_until: new Date(Date.now() + 86_400_000).toISOString(),
  });
});

interface Timed {
  ms: number;
  status: number;
  body: string;
}

async function timed(url: string, payload: Record<string, string>): Promise<Timed> {
  const started = performance.now();
  const response = await t.app.inject({ method: 'POST', url, payload });
  const ms = performance.now() - started;
  // What the request queued is sent before the next try, so no try pays for another's mail.
  await t.app.ctx.mailer.idle();
  return { ms, status: response.statusCode, body: response.body };
}

/**
 * Alternates known and unknown tries (which goes first flips each round) after one untimed warm-up
 * of each, and compares the means of each side's fastest 90%: a slow moment of the shared CPU does
 * not decide, while a wait for the 100 ms SMTP peer would slow every try.
 */
async function compare(url: string, known: Record<string, string>, unknown: Record<string, string>) {
  await timed(url, known);
  await timed(url, unknown);
  const knownTries: Timed[] = [];
  const unknownTries: Timed[] = [];
  for (let round = 0; round < TRIES; round++) {
    if (round % 2 === 0) {
      knownTries.push(await timed(url, known));
      unknownTries.push(await timed(url, unknown));
    } else {
      unknownTries.push(await timed(url, unknown));
      knownTries.push(await timed(url, known));
    }
  }
  const mean = (tries: Timed[]) => {
    const fastest = tries
      .map((timing) => timing.ms)
      .sort((a, b) => a - b)
      .slice(0, Math.ceil(tries.length * 0.9));
    return fastest.reduce((sum, ms) => sum + ms, 0) / fastest.length;
  };
  return { known: knownTries, unknown: unknownTries, gapMs: Math.abs(mean(knownTries) - mean(unknownTries)) };
}

function expectAlike(result: Awaited<ReturnType<typeof compare>>) {
  for (const tries of [result.known, result.unknown]) {
    for (const timing of tries) expect({ status: timing.status, body: timing.body }).toEqual({ status: result.unknown[0].status, body: result.unknown[0].body });
  }
  expect(result.gapMs).toBeLessThan(MAX_MEAN_GAP_MS);
}

describe('who has an account cannot be told before signing in (SMTP peer answering in 100 ms)', () => {
  it('the sign-up code request answers a registered and a new address alike, in status, body and time', async () => {
    const result = await compare('/api/auth/otp', { email: ADMIN_EMAIL }, { email: UNKNOWN_EMAIL });
    expectAlike(result);
    expect(result.unknown[0].status).toBe(200);
    const types = (to: string) => smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => /Subject: ([^\r\n]*)/.exec(mail.raw)?.[1]);
    expect(types(ADMIN_EMAIL)).toEqual(Array(TRIES + 1).fill('You already have an account'));
    expect(types(UNKNOWN_EMAIL)).toHaveLength(TRIES + 1);
  });

  it('the password-reset request answers a real and an unknown account alike, in status, body and time', async () => {
    const before = smtp.received.length;
    const result = await compare('/api/auth/password/reset', { email: ADMIN_EMAIL }, { email: UNKNOWN_EMAIL });
    expectAlike(result);
    expect(result.unknown[0].status).toBe(200);
    // The real account did get its links, after the answers.
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual(Array(TRIES + 1).fill([ADMIN_EMAIL]));
  });

  it('sign-in answers a locked account as an unknown one, in status, body and time', async () => {
    const result = await compare('/api/auth/signin', { email: LOCKED_EMAIL, password: 'Passw0rd!' }, { email: UNKNOWN_EMAIL, password: 'Passw0rd!' });
    expectAlike(result);
    expect(result.unknown[0].status).toBe(401);
    expect(JSON.parse(result.unknown[0].body)).toMatchObject({ result: 'INVALID_CREDENTIALS' });
  });
});
