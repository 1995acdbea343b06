import type { AgentOptions } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type * as Snowflake from 'snowflake-sdk';
import { snowflakeAccessUrl } from '../../../../src/shared';
import type { BoundAgents } from '../../../outbound/outbound-fetch';
import { TaskFailure } from '../task-failure';
import type { Poster, PostTarget } from './poster';

type Connection = ReturnType<typeof Snowflake.createConnection>;

/** Loaded on first use: the driver (and the cloud SDKs it pulls in) costs seconds at startup. */
async function driver(): Promise<typeof Snowflake> {
  const snowflake = (await import('snowflake-sdk')).default;
  snowflake.configure({ logLevel: 'OFF' });
  return snowflake;
}

/** The driver's own TLS agent (it checks certificates by OCSP), which the target's bound agents wrap. */
async function ocspAgent(): Promise<(options: AgentOptions) => HttpsAgent> {
  const { default: HttpsOcspAgent } = (await import('snowflake-sdk/dist/lib/agent/https_ocsp_agent.js')) as unknown as { default: new (options: AgentOptions) => HttpsAgent };
  return (options) => new HttpsOcspAgent(options);
}

interface Session {
  connection: Connection;
  agents: BoundAgents;
}

/** Opens a session; `accessUrl` (targetData) points the driver at another host, as the tests' stub does. */
async function connect(target: PostTarget): Promise<Session> {
  if (!target.secret) throw new TaskFailure('TARGET_AUTH', 'The Snowflake target has no password.');
  const { account, username, warehouse, database, schema, role } = target.data;
  // Where the password goes (accessUrl, else the account's host, which an account name such as
  // `10.0.0.5/?` would bend) is checked before the driver is handed it, for a clear message; the
  // driver then connects only through agents bound to that origin, each socket checked as it opens,
  // so a redirect (a 307 resends the password) cannot take it elsewhere.
  const accessUrl = snowflakeAccessUrl(target.data);
  await target.outbound.checkEndpoint(accessUrl).catch((error: Error) => {
    throw new TaskFailure('TARGET_ERROR', `Snowflake was not called: ${error.message}`);
  });
  // A refused socket ends the sign-in at once (the driver would retry it as a network failure for minutes).
  let refused: (error: Error) => void = () => undefined;
  const refusal = new Promise<never>((_resolve, reject) => (refused = reject));
  refusal.catch(() => undefined);
  const agents = target.outbound.boundAgents(new URL(accessUrl).origin, { https: await ocspAgent(), onRefused: (error) => refused(error) });
  const connection = (await driver()).createConnection({
    account,
    username,
    password: target.secret,
    warehouse: warehouse || undefined,
    database: database || undefined,
    schema: schema || undefined,
    role: role || undefined,
    accessUrl,
    timeout: 60_000,
    // The driver asks this for the agent of each request (named for its tests; the one hook it has).
    agentClass: (options: { protocol?: string }) => (options.protocol === 'https:' ? agents.https : agents.http),
  } as Snowflake.ConnectionOptions);
  try {
    // connect(callback): connectAsync reports some failures (a refused log-in) only through its callback.
    await Promise.race([new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve()))), refusal]);
  } catch (error) {
    agents.destroy();
    const code = (error as { code?: number | string }).code;
    const message = (error as Error).message;
    // 390100: incorrect user name or password; 390144: JWT invalid; 390318: token expired.
    if (String(code).startsWith('3901') || String(code).startsWith('3903') || /password|authenticat/i.test(message)) throw new TaskFailure('TARGET_AUTH', `Snowflake refused the sign-in: ${message}`);
    throw new TaskFailure('TARGET_ERROR', `Snowflake could not be reached: ${message}`);
  }
  return { connection, agents };
}

function run(connection: Connection, sqlText: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    connection.execute({ sqlText, complete: (error, _statement, rows) => (error ? reject(new TaskFailure('TARGET_ERROR', `Snowflake: ${error.message}`)) : resolve(rows ?? [])) });
  });
}

function close({ connection, agents }: Session): Promise<void> {
  return new Promise<void>((resolve) => connection.destroy(() => resolve())).finally(() => agents.destroy());
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** PUTs the CSV into the stage location (`@stage[/path]`), overwriting a file of the same name. */
export const snowstagePoster: Poster = {
  async post(target, file) {
    // The posting file already has the posted name, which PUT keeps.
    const session = await connect(target);
    try {
      const rows = await run(session.connection, `PUT ${quoted(`file://${file.path}`)} ${target.location} AUTO_COMPRESS=FALSE OVERWRITE=TRUE`);
      return { location: `${target.location.replace(/\/$/, '')}/${file.name}`, meta: { put: rows } };
    } finally {
      await close(session);
    }
  },
  async testConnection(target) {
    try {
      const session = await connect(target);
      try {
        await run(session.connection, `LIST ${target.location}`);
      } finally {
        await close(session);
      }
      return { ok: true, message: `Connected to Snowflake and listed ${target.location}.` };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  },
};
