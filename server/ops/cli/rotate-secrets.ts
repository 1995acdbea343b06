// npm run rotate-secrets: re-seals every stored secret under the newest SECRETS_KEY.
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { resealSecrets } from '../../secrets/reseal-secrets';
import { secretBox } from '../../secrets/secret-box';
import { jwtSecretFor, secretsKeysFor } from '../../key-files';
import { dataFromEnv, runCommand, usageError } from './run';

const USAGE =
  'npm run rotate-secrets   (reads DATA_DIR, DATABASE_URL, SECRETS_KEY and JWT_SECRET like the server; put the new key first in SECRETS_KEY, keep the old ones after it until this has run)';

await runCommand(USAGE, async (args) => {
  if (args.length > 0) usageError(USAGE);
  const { dataDir, sqlitePath, databaseUrl, vars } = dataFromEnv();
  const db = openDatabase({ databaseUrl, sqlitePath });
  try {
    await migrateToLatest(db);
    const box = secretBox(secretsKeysFor(dataDir, vars.SECRETS_KEY), jwtSecretFor(dataDir, vars.JWT_SECRET));
    const { resealed, unreadable } = await resealSecrets(db, box, 'all');
    console.log(`Re-sealed ${resealed} secret(s) under the newest key; older keys may now be removed from SECRETS_KEY.`);
    if (unreadable.length) console.log(`No key opens ${unreadable.length} secret(s), left as they are (enter them again): ${unreadable.join(', ')}.`);
  } finally {
    await db.destroy();
  }
});
