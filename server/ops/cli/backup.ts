// npm run backup -- <file>: an online backup of the SQLite database and the uploads folder.
import { createBackup } from '../backup';
import { OpsError } from '../ops-error';
import { dataFromEnv, runCommand, usageError } from './run';

const USAGE = 'npm run backup -- <archive file>   (reads DATA_DIR like the server; safe while it runs)';

await runCommand(USAGE, async ([file, ...rest]) => {
  if (!file || rest.length > 0) usageError(USAGE);
  const { dataDir, sqlitePath, databaseUrl, vars } = dataFromEnv();
  if (databaseUrl) throw new OpsError('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations.md, "Backup and restore").');
  const manifest = await createBackup({ dataDir, sqlitePath, fileStore: vars.FILE_STORE }, file);
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const files = manifest.fileStore ? `the uploaded files stay in ${manifest.fileStore} and are not in this archive: keep them with the bucket's own versioning` : `${manifest.uploads} uploaded files`;
  console.log(`Backup written to ${file}: ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${files}.`);
});
