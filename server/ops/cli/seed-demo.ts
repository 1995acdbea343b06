// npm run seed:demo [-- --force]: fills the configured database with the deterministic demo sample.
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { seedFoundation } from '../../db/seed';
import { passwordHasher } from '../../auth/passwords';
import { defaultConfig } from '../../config';
import { createFileStore, fileStoreFromEnv } from '../../files/create-store';
import { describeDemoSeed, seedDemo } from '../demo';
import { OpsError } from '../ops-error';
import { dataFromEnv, runCommand } from './run';

const USAGE = 'npm run seed:demo [-- --force]   (DATA_DIR or DATABASE_URL like the server; --force adds to a database that holds data)';

await runCommand(USAGE, async (args) => {
  const unknown = args.filter((arg) => arg !== '--force');
  if (unknown.length > 0) throw new OpsError(`Unknown argument ${unknown[0]}\nUsage: ${USAGE}`);
  const { dataDir, sqlitePath, databaseUrl, vars } = dataFromEnv();
  const db = openDatabase({ databaseUrl, sqlitePath });
  try {
    await migrateToLatest(db);
    const hasher = passwordHasher(defaultConfig({ dataDir, jwtSecret: 'not used here', secretsKeys: [] }).passwordHash);
    const foundation = await seedFoundation(db, { adminEmail: vars.ADMIN_EMAIL, adminPassword: vars.ADMIN_PASSWORD, hasher, nowIso: new Date().toISOString() });
    if (foundation.created) {
      console.log(`Created the system-admin ${foundation.adminEmail} with the initial password ${foundation.generatedPassword ?? '(the ADMIN_PASSWORD you set)'} — it is shown only this once.`);
    }
    console.log(describeDemoSeed(await seedDemo(db, { hasher, files: createFileStore({ dataDir, fileStore: fileStoreFromEnv(vars, process.env) }), force: args.includes('--force') })));
  } finally {
    await db.destroy();
  }
});
