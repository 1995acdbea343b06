import { chmodSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { collectFromEnv, ConfigError, defaultConfig, readServerEnv, tableauFromEnv, type AppConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest, NewerDatabaseError } from './db/migrate';
import { seedFoundation } from './db/seed';
import { passwordHasher } from './auth/passwords';
import { buildApp } from './app';
import { exitGracefullyOnSignals, ignoreBrokenStdio } from './ops/shutdown';
import { RedisUnreachableError } from './http/rate-limits';
import { describeDemoSeed, seedDemo } from './ops/demo';
import { jwtSecretFor, secretsKeysFor } from './key-files';
import { resealSecrets } from './secrets/reseal-secrets';
import { secretBox } from './secrets/secret-box';
import { createFileStore, fileStoreFromEnv } from './files/create-store';
import { FileStoreUnreachableError } from './files/store-errors';

export function configFromEnv(env: NodeJS.ProcessEnv): AppConfig {
  const vars = readServerEnv(env);
  const dataDir = resolve(vars.DATA_DIR);
  // Owner-only, also for a folder an older version created with the default mode.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  return defaultConfig({
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    adminEmail: vars.ADMIN_EMAIL,
    adminPassword: vars.ADMIN_PASSWORD,
    jwtSecret: jwtSecretFor(dataDir, vars.JWT_SECRET),
    secretsKeys: secretsKeysFor(dataDir, vars.SECRETS_KEY),
    outboundAllow: vars.OUTBOUND_ALLOW,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, ''),
    trustProxy: vars.TRUST_PROXY === 'true',
    logLevel: vars.LOG_LEVEL,
    tableau: tableauFromEnv(vars),
    redisUrl: vars.REDIS_URL,
    fileStore: fileStoreFromEnv(vars, env),
    shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
    mailRetentionDays: vars.MAIL_RETENTION_DAYS,
    mailLeaseMs: vars.MAIL_LEASE_MS,
    smtpTimeoutMs: vars.SMTP_TIMEOUT_MS,
    seedDemo: vars.SEED_DEMO === 'Y',
    metricsPort: vars.METRICS_PORT,
    metricsToken: vars.METRICS_TOKEN,
    logRequests: vars.LOG_REQUESTS === 'true',
    uploadLeaseMs: vars.UPLOAD_LEASE_MS,
    collect: collectFromEnv(vars),
  });
}

async function main(): Promise<void> {
  ignoreBrokenStdio();
  // Whatever the server creates in DATA_DIR (database, WAL, uploads) is readable by its owner only.
  process.umask(0o077);
  let config: AppConfig;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // Before the database is touched: a console that cannot store its files must not start serving.
  const files = createFileStore(config);
  await files.check().catch((error: unknown) => {
    if (!(error instanceof FileStoreUnreachableError)) throw error;
    console.error(error.message);
    process.exit(2);
  });
  // Migrations may build indexes on big tables: they run free of the serving pool's timeouts.
  const setup = openDatabase({ ...config, unhurried: true });
  const applied = await migrateToLatest(setup)
    .catch((error: unknown) => {
      if (!(error instanceof NewerDatabaseError)) throw error;
      console.error(error.message);
      return undefined;
    })
    .finally(() => setup.destroy());
  if (!applied) process.exit(2);
  const db = openDatabase(config);
  // Secrets sealed before SECRETS_KEY (under the JWT-derived key) move to it once, while JWT_SECRET still opens them.
  const legacy = await resealSecrets(db, secretBox(config.secretsKeys, config.jwtSecret), 'legacy');
  const seeded = await seedFoundation(db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    hasher: passwordHasher(config.passwordHash),
    nowIso: new Date().toISOString(),
  });
  const app = await buildApp(config, { db, files, staticDir: resolve('dist') }).catch(async (error: unknown) => {
    if (!(error instanceof RedisUnreachableError)) throw error;
    console.error(error.message);
    await db.destroy();
    process.exit(2);
  });
  // The upgrade log: what this start changed in the database, and how long each step took.
  for (const { name, ms } of applied) app.log.info(`Migration ${name} applied in ${ms} ms`);
  if (legacy.resealed) app.log.info(`Re-sealed ${legacy.resealed} stored secret(s) from the JWT-derived key under SECRETS_KEY`);
  if (legacy.unreadable.length) app.log.warn(`No key opens the stored secret(s) of ${legacy.unreadable.join(', ')}; enter them again`);
  if (seeded.created) {
    const password = seeded.generatedPassword ?? '(the ADMIN_PASSWORD you set)';
    app.log.warn(`First start: created the system-admin ${seeded.adminEmail} with the initial password ${password} — it is shown only this once.`);
  }
  if (config.seedDemo) {
    // Only on the first start: a database that already ran is never filled with samples.
    if (seeded.created) app.log.warn(describeDemoSeed(await seedDemo(db, { hasher: passwordHasher(config.passwordHash), files })));
    else app.log.info('SEED_DEMO=Y ignored: the database is not new');
  }
  exitGracefullyOnSignals(app, { graceMs: config.shutdownGraceMs, closeResources: () => db.destroy() });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Console ready at ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : config.sqlitePath}, mail: ${app.ctx.mailer.transport})`);
}

await main();
