// npm run migrate-data -- --from sqlite:<path> --to postgres://…: copies every table into an empty PostgreSQL.
import { parseArgs } from 'node:util';
import { OpsError } from '../ops-error';
import { migrateData } from '../migrate-data';
import { runCommand, usageError } from './run';

const USAGE = 'npm run migrate-data -- --from sqlite:<path to console.sqlite> --to postgres://user@host:5432/db [--schema <name>]   (stop the server first)';

await runCommand(USAGE, async (args) => {
  let values: { from?: string; to?: string; schema?: string };
  try {
    ({ values } = parseArgs({ args, options: { from: { type: 'string' }, to: { type: 'string' }, schema: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new OpsError(`${(error as Error).message}\nUsage: ${USAGE}`);
  }
  if (!values.from || !values.to) usageError(USAGE);
  if (!values.from.startsWith('sqlite:')) throw new OpsError(`--from must be sqlite:<path>, not ${values.from}`);
  if (!/^postgres(ql)?:\/\//.test(values.to)) throw new OpsError('--to must be a postgres:// URL');
  if (values.schema !== undefined && !/^[a-z_][a-z0-9_]*$/i.test(values.schema)) throw new OpsError('--schema must be a plain identifier');
  const copied = await migrateData({ fromSqlite: values.from.slice('sqlite:'.length), toUrl: values.to, pgSchema: values.schema, log: console.log });
  const rows = Object.values(copied).reduce((sum, count) => sum + count, 0);
  console.log(`Copied ${Object.keys(copied).length} tables, ${rows} rows. Point DATABASE_URL at the target and start the server.`);
});
