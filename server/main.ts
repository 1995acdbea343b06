import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { collectFromEnv, ConfigError, defaultConfig, readServerEnv, tableauFromEnv, type AppConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedFoundation } from './db/seed';
import { passwordHasher } from './auth/passwords';
import { buildApp } from './app';
import { exitGracefullyOnSignals, ignoreBrokenStdio } from './ops/shutdown';
import { RedisUnreachableError } from './http/rate-limits';
import { describeDemoSeed, seedDemo } from './ops/demo';
import { createFileStore, fileStoreFromEnv } from './files/create-store';
import { FileStoreUnreachableError } from './files/store-errors';

/**
 * The JWT key comes from JWT_SECRET, or (SQLite only: readServerEnv requires JWT_SECRET with
 * DATABASE_URL) is generated once into DATA_DIR with owner-only access.
 */
function jwtSecretFor(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function configFromEnv(env: NodeJS.ProcessEnv): AppConfig {
  const vars = readServerEnv(env);
  const dataDir = resolve(vars.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
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
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, ''),
    trustProxy: vars.TRUST_PROXY === 'true',
    logLevel: vars.LOG_LEVEL,
    tableau: tableauFromEnv(vars),
    redisUrl: vars.REDIS_URL,
    fileStore: fileStoreFromEnv(vars.FILE_STORE, env),
    shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
    seedDemo: vars.SEED_DEMO === 'Y',
    collect: collectFromEnv(vars),
  });
}

async function main(): Promise<void> {
  ignoreBrokenStdio();
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
  const db = openDatabase(config);
  await migrateToLatest(db);
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
