import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/app';
import { defaultConfig, type AppConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedFoundation } from '../server/db/seed';
import { passwordHasher } from '../server/auth/passwords';
import type { OutgoingMail } from '../server/mail/mailer';

export const BENCH_EMAIL = 'admin@example.com';
export const BENCH_PASSWORD = 'Bench#2024x';

/**
 * The real server on a fresh SQLite file, listening on 127.0.0.1 with production hashing; with
 * `staticDir` it also serves that build of the browser app, as in production. `port` pins the port
 * (machines shared by several runs give each its own range); any free one otherwise.
 */
export async function startBenchServer(overrides: Partial<AppConfig> = {}, { staticDir, port = 0 }: { staticDir?: string; port?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const config = defaultConfig({
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKeys: [randomBytes(32).toString('hex')],
    logLevel: 'silent',
    rateLimits: { perIp: { max: 1_000_000, windowMs: 60_000 }, perEmail: { max: 1_000_000, windowMs: 60_000 } },
    ...overrides,
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedFoundation(db, { adminEmail: BENCH_EMAIL, adminPassword: BENCH_PASSWORD, hasher: passwordHasher(config.passwordHash), nowIso: new Date().toISOString() });
  // The outbox keeps sign-in codes masked, so the bench reads them from the mail as sent.
  const mails: OutgoingMail[] = [];
  const app = await buildApp(config, { db, staticDir, logger: false, observeMail: (mail) => mails.push(mail) });
  const address = await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    db,
    config,
    address,
    /** The sign-in code of the last mail sent to `email`. */
    async latestCode(email = BENCH_EMAIL): Promise<string> {
      await app.ctx.mailer.idle();
      return mails.findLast((mail) => mail.to === email)!.text.match(/\b(\d{6})\b/)![1];
    },
    async close() {
      await app.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `task` (given its worker's index) from `concurrency` workers for `durationMs`; answers completed tasks per second. */
export async function throughput(task: (worker: number) => Promise<void>, concurrency: number, durationMs: number): Promise<number> {
  const deadline = performance.now() + durationMs;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        await task(worker);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export function ratio(value: number, baseline: number): string {
  return (value / baseline).toFixed(4);
}

/** The median wall time of `samples` runs of `run`, in ms, after `warmUp` runs that do not count. */
export async function medianMs(run: () => Promise<unknown>, samples: number, warmUp = Math.min(5, samples)): Promise<number> {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}
