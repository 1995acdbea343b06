import type * as Snowflake from 'snowflake-sdk';
import { TaskFailure } from '../task-failure';
import type { Poster, PostTarget } from './poster';

type Connection = ReturnType<typeof Snowflake.createConnection>;

/** Loaded on first use: the driver (and the cloud SDKs it pulls in) costs seconds at startup. */
async function driver(): Promise<typeof Snowflake> {
  const snowflake = (await import('snowflake-sdk')).default;
  snowflake.configure({ logLevel: 'OFF' });
  return snowflake;
}

/** Opens a session; `accessUrl` (targetData) points the driver at another host, as the tests' stub does. */
async function connect(target: PostTarget): Promise<Connection> {
  if (!target.secret) throw new TaskFailure('TARGET_AUTH', 'The Snowflake target has no password.');
  const { account, username, warehouse, database, schema, role, accessUrl } = target.data;
  // The driver connects by itself: where it would go (accessUrl, else the account's host, which an
  // account name such as `10.0.0.5/?` would bend) is checked before the driver is handed the password.
  await target.outbound.checkEndpoint(accessUrl || `https://${account}.snowflakecomputing.com`).catch((error: Error) => {
    throw new TaskFailure('TARGET_ERROR', `Snowflake was not called: ${error.message}`);
  });
  const connection = (await driver()).createConnection({
    account,
    username,
    password: target.secret,
    warehouse: warehouse || undefined,
    database: database || undefined,
    schema: schema || undefined,
    role: role || undefined,
    accessUrl: accessUrl || undefined,
    timeout: 60_000,
  });
  try {
    // connect(callback): connectAsync reports some failures (a refused log-in) only through its callback.
    await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
  } catch (error) {
    const code = (error as { code?: number | string }).code;
    const message = (error as Error).message;
    // 390100: incorrect user name or password; 390144: JWT invalid; 390318: token expired.
    if (String(code).startsWith('3901') || String(code).startsWith('3903') || /password|authenticat/i.test(message)) throw new TaskFailure('TARGET_AUTH', `Snowflake refused the sign-in: ${message}`);
    throw new TaskFailure('TARGET_ERROR', `Snowflake could not be reached: ${message}`);
  }
  return connection;
}

function run(connection: Connection, sqlText: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    connection.execute({ sqlText, complete: (error, _statement, rows) => (error ? reject(new TaskFailure('TARGET_ERROR', `Snowflake: ${error.message}`)) : resolve(rows ?? [])) });
  });
}

function close(connection: Connection): Promise<void> {
  return new Promise((resolve) => connection.destroy(() => resolve()));
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** PUTs the CSV into the stage location (`@stage[/path]`), overwriting a file of the same name. */
export const snowstagePoster: Poster = {
  async post(target, file) {
    // The posting file already has the posted name, which PUT keeps.
    const connection = await connect(target);
    try {
      const rows = await run(connection, `PUT ${quoted(`file://${file.path}`)} ${target.location} AUTO_COMPRESS=FALSE OVERWRITE=TRUE`);
      return { location: `${target.location.replace(/\/$/, '')}/${file.name}`, meta: { put: rows } };
    } finally {
      await close(connection);
    }
  },
  async testConnection(target) {
    try {
      const connection = await connect(target);
      try {
        await run(connection, `LIST ${target.location}`);
      } finally {
        await close(connection);
      }
      return { ok: true, message: `Connected to Snowflake and listed ${target.location}.` };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  },
};
