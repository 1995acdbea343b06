import type { AgentOptions } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { createRequire } from 'node:module';
import { isAbsolute, relative, resolve } from 'node:path';
import type * as Snowflake from 'snowflake-sdk';
import { snowflakeAccessUrl } from '../../../../src/shared';
import type { ConnectProxy } from '../../../outbound/connect-proxy';
import { OutboundRefused, type BoundAgents } from '../../../outbound/outbound-fetch';
import { TaskFailure } from '../task-failure';
import type { Poster, PostTarget } from './poster';
import { sentence } from '../../../../src/i18n/serverMessage';

type Connection = ReturnType<typeof Snowflake.createConnection>;

/** What a session's answers may make the driver do with files: upload `upload` only, and into a local stage only under `localStageDir`. */
interface StageRule {
  upload?: string;
  localStageDir?: string;
  /** The outbound policy's early check of an endpoint (throws the reason). */
  checkEndpoint(url: string): Promise<void>;
}

interface TransferAnswer {
  command?: unknown;
  src_locations?: unknown;
  presignedUrls?: unknown;
  stageInfo?: { locationType?: unknown; location?: unknown; endPoint?: unknown };
}

/** The rule of each session, by the agents its requests go through (what the driver's answers carry back). */
const rules = new WeakMap<object, StageRule>();

/**
 * Why the driver may not act on this answer, or null. A PUT's answer tells the driver which local
 * files to read (`src_locations`, wildcards included), whether to download instead, and where the
 * stage is: a LOCAL_FS stage is a folder on this server, written as named. A cloud stage's
 * endpoints are checked here for a clear reason; its connections go through the session's proxy,
 * which checks each as it opens (a redirect, a name resolving elsewhere later).
 */
async function transferRefusal(data: TransferAnswer | null, rule: StageRule | undefined): Promise<string | null> {
  if (!data || (data.command === undefined && data.stageInfo === undefined)) return null;
  if (data.command !== 'UPLOAD' || !rule?.upload) return sentence('collect.refusedSnowflakeAnsweredWithA');
  const sources = data.src_locations;
  if (!Array.isArray(sources) || sources.length !== 1 || sources[0] !== rule.upload) return sentence('collect.refusedSnowflakeNamedOtherLocal');
  const { locationType, location, endPoint } = data.stageInfo ?? {};
  if (locationType === 'S3' || locationType === 'AZURE' || locationType === 'GCS') {
    const named = [endPoint, ...(Array.isArray(data.presignedUrls) ? data.presignedUrls : [])].filter((url): url is string => typeof url === 'string' && url !== '');
    try {
      for (const url of named) await rule.checkEndpoint(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    } catch (error) {
      return sentence('collect.refusedTheStageSnowflakeNamed', { locationType, reason: error instanceof OutboundRefused ? error.reason : (error as Error).message });
    }
    return null;
  }
  if (locationType !== 'LOCAL_FS') return sentence('collect.refusedSnowflakeNamedAStage');
  if (!rule.localStageDir) return sentence('collect.refusedSnowflakeNamedAStage2');
  const inside = typeof location === 'string' && isAbsolute(location) && relative(resolve(rule.localStageDir), resolve(location));
  if (inside === false || inside.startsWith('..') || isAbsolute(inside)) return sentence('collect.refusedSnowflakeNamedALocal');
  return null;
}

interface DriverAnswer {
  data: unknown;
  config: { httpAgent?: object; httpsAgent?: object };
}

/** Loaded on first use: the driver (and the cloud SDKs it pulls in) costs seconds at startup. */
export const driver = async (): Promise<typeof Snowflake> => (loaded ??= load());
let loaded: Promise<typeof Snowflake> | undefined;

async function load(): Promise<typeof Snowflake> {
  const snowflake = (await import('snowflake-sdk')).default;
  // useEnvProxy off: the stage clients take the session's proxy, never HTTP(S)_PROXY/NO_PROXY (a NO_PROXY match would bypass it).
  snowflake.configure({ logLevel: 'OFF', useEnvProxy: false });
  // Every answer of the driver's HTTP client passes its one axios instance: a refused transfer is
  // turned into Snowflake's own failed answer, so the statement fails with the reason and the
  // driver never starts the transfer.
  const { default: http } = createRequire(import.meta.url)('snowflake-sdk/dist/lib/http/axios_instance.js') as {
    default: { interceptors: { response: { use(onAnswer: (answer: DriverAnswer) => Promise<DriverAnswer>): unknown } } };
  };
  http.interceptors.response.use(async (answer) => {
    // Parsed whole, as the driver parses it: a key spelled with escapes (`"stage\\u0049nfo"`) passes no text search.
    if (typeof answer.data !== 'string') return answer;
    let body: { data?: TransferAnswer };
    try {
      body = JSON.parse(answer.data) as typeof body;
    } catch {
      return answer;
    }
    const agent = answer.config.httpsAgent ?? answer.config.httpAgent;
    const reason = await transferRefusal(body.data ?? null, agent && rules.get(agent));
    return reason ? { ...answer, data: JSON.stringify({ success: false, code: null, message: reason, data: null }) } : answer;
  });
  return snowflake;
}

/** The driver's own TLS agent (it checks certificates by OCSP), which the target's bound agents wrap. */
async function ocspAgent(): Promise<(options: AgentOptions) => HttpsAgent> {
  const { default: HttpsOcspAgent } = (await import('snowflake-sdk/dist/lib/agent/https_ocsp_agent.js')) as unknown as { default: new (options: AgentOptions) => HttpsAgent };
  return (options) => new HttpsOcspAgent(options);
}

/** The driver's connection options that send its stage clients (S3, Azure, GCS) through `proxy`. */
export const proxyOptions = (proxy: ConnectProxy) => ({ proxyHost: proxy.host, proxyPort: proxy.port, proxyProtocol: 'http', proxyUser: proxy.user, proxyPassword: proxy.password });

interface Session {
  connection: Connection;
  agents: BoundAgents;
  proxy: ConnectProxy;
  rule: StageRule;
  /** Rejects with the reason when the policy refuses a connection of the session. */
  refusal: Promise<never>;
}

/** Opens a session; `accessUrl` (targetData) points the driver at another host, as the tests' stub does. */
async function connect(target: PostTarget): Promise<Session> {
  if (!target.secret) throw new TaskFailure('TARGET_AUTH', sentence('collect.theSnowflakeTargetHasNo'));
  const { account, username, warehouse, database, schema, role } = target.data;
  // Where the password goes (accessUrl, else the account's host, which an account name such as
  // `10.0.0.5/?` would bend) is checked before the driver is handed it, for a clear message; the
  // driver then connects only through agents bound to that origin, each socket checked as it opens,
  // so a redirect (a 307 resends the password) cannot take it elsewhere.
  const accessUrl = snowflakeAccessUrl(target.data);
  await target.outbound.checkEndpoint(accessUrl).catch((error: Error) => {
    throw new TaskFailure('TARGET_ERROR', sentence('collect.snowflakeWasNotCalled', { reason: error.message }));
  });
  // A refused socket ends the sign-in or the upload at once (the driver would retry it as a network failure for minutes).
  let refused: (error: Error) => void = () => undefined;
  const refusal = new Promise<never>((_resolve, reject) => (refused = reject));
  refusal.catch(() => undefined);
  const snowflake = await driver();
  const agents = target.outbound.boundAgents(new URL(accessUrl).origin, { https: await ocspAgent(), onRefused: (error) => refused(error) });
  const rule: StageRule = { localStageDir: target.outbound.snowflakeLocalStageDir, checkEndpoint: (url) => target.outbound.checkEndpoint(url) };
  rules.set(agents.http, rule).set(agents.https, rule);
  // The stage clients (S3, Azure, GCS) connect where the PUT's answer points them: through this proxy, which checks each tunnel.
  const proxy = await target.outbound.connectProxy((error) => refused(error));
  const connection = snowflake.createConnection({
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
    ...proxyOptions(proxy),
  } as Snowflake.ConnectionOptions);
  try {
    // connect(callback): connectAsync reports some failures (a refused log-in) only through its callback.
    await Promise.race([new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve()))), refusal]);
  } catch (error) {
    agents.destroy();
    await proxy.close();
    const code = (error as { code?: number | string }).code;
    const message = (error as Error).message;
    // 390100: incorrect user name or password; 390144: JWT invalid; 390318: token expired.
    if (String(code).startsWith('3901') || String(code).startsWith('3903') || /password|authenticat/i.test(message))
      throw new TaskFailure('TARGET_AUTH', sentence('collect.snowflakeRefusedTheSignIn', { reason: message }));
    throw new TaskFailure('TARGET_ERROR', sentence('collect.snowflakeCouldNotBeReached', { reason: message }));
  }
  return { connection, agents, proxy, rule, refusal };
}

function run({ connection, refusal }: Session, sqlText: string): Promise<unknown[]> {
  const statement = new Promise<unknown[]>((resolve, reject) => {
    connection.execute({
      sqlText,
      complete: (error, _statement, rows) => (error ? reject(new TaskFailure('TARGET_ERROR', sentence('collect.snowflakeSaid', { reason: error.message }))) : resolve(rows ?? [])),
    });
  });
  return Promise.race([statement, refusal.catch((error: Error) => Promise.reject(new TaskFailure('TARGET_ERROR', sentence('collect.snowflakeSaid', { reason: error.message }))))]);
}

function close({ connection, agents, proxy }: Session): Promise<void> {
  return new Promise<void>((resolve) => connection.destroy(() => resolve())).finally(async () => {
    agents.destroy();
    await proxy.close();
  });
}

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** PUTs the CSV into the stage location (`@stage[/path]`), overwriting a file of the same name. */
export const snowstagePoster: Poster = {
  async post(target, file) {
    // The posting file already has the posted name, which PUT keeps.
    const session = await connect(target);
    session.rule.upload = file.path;
    try {
      const rows = await run(session, `PUT ${quoted(`file://${file.path}`)} ${target.location} AUTO_COMPRESS=FALSE OVERWRITE=TRUE`);
      return { location: `${target.location.replace(/\/$/, '')}/${file.name}`, meta: { put: rows } };
    } finally {
      await close(session);
    }
  },
  async testConnection(target) {
    try {
      const session = await connect(target);
      try {
        await run(session, `LIST ${target.location}`);
      } finally {
        await close(session);
      }
      return { ok: true, message: sentence('collect.connectedToSnowflakeAndListed', { location: target.location }) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  },
};
