// npm run openapi -- <file>: writes the API document the server publishes at /api/openapi.json,
// built from the route schemas on a throw-away database, for linters (npm run lint:api) and clients.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../app';
import { defaultConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { OpsError } from '../ops-error';
import { runCommand } from './run';

const USAGE = 'npm run openapi -- <file.json>';

await runCommand(USAGE, async (args) => {
  if (args.length !== 1) throw new OpsError(`Name one file to write.\nUsage: ${USAGE}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'console-openapi-'));
  const config = defaultConfig({ dataDir, jwtSecret: randomBytes(32).toString('hex'), secretsKeys: [randomBytes(32).toString('hex')], logLevel: 'silent' });
  config.collect.schedulerEnabled = false;
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const app = await buildApp(config, { db, logger: false });
    await app.ready();
    mkdirSync(dirname(args[0]), { recursive: true });
    writeFileSync(args[0], `${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
