import { resolve } from 'node:path';
import { ConfigError, readEnv } from '../../config';
import { OpsError } from '../ops-error';

/** Runs an operations command: refusals print their message and exit 1, bad config exits 2. */
export async function runCommand(usage: string, command: (args: string[]) => Promise<void>): Promise<void> {
  // Archives, restored databases and uploads are written owner-only, like the server's files.
  process.umask(0o077);
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  try {
    await command(args);
  } catch (error) {
    if (error instanceof OpsError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(error instanceof ConfigError ? 2 : 1);
    }
    throw error;
  }
}

/** DATA_DIR and the database from the same environment variables the server reads. */
export function dataFromEnv() {
  const vars = readEnv(process.env);
  const dataDir = resolve(vars.DATA_DIR);
  return { dataDir, sqlitePath: `${dataDir}/console.sqlite`, databaseUrl: vars.DATABASE_URL, vars };
}

export function usageError(usage: string): never {
  throw new OpsError(`Usage: ${usage}`);
}
