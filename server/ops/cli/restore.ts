// npm run restore -- <file>: unpacks a backup into an empty DATA_DIR.
import { restoreBackup } from '../backup';
import { dataFromEnv, runCommand, usageError } from './run';

const USAGE = 'npm run restore -- <archive file>   (into DATA_DIR, which must be empty or missing; stop the server first)';

await runCommand(USAGE, async ([file, ...rest]) => {
  if (!file || rest.length > 0) usageError(USAGE);
  const { dataDir } = dataFromEnv();
  const manifest = await restoreBackup(file, dataDir);
  const files = manifest.fileStore
    ? `its uploaded files are in ${manifest.fileStore}: start with FILE_STORE=${manifest.fileStore}, and restore the bucket's objects to the same moment from its versioning`
    : `${manifest.uploads} uploaded files`;
  console.log(`Restored the backup of ${manifest.createdAt} into ${dataDir} (${files}). The JWT key is not in backups: set JWT_SECRET or let the server generate a new one (everyone signs in again).`);
});
