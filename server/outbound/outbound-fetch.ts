import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type AgentOptions, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { normalHost, secretMayGoTo } from '../../src/shared';
import { startConnectProxy, type ConnectProxy } from './connect-proxy';
import { outboundPolicy, type OutboundPolicy } from './outbound-policy';
import { sentence } from '../../src/i18n/serverMessage';

const MAX_REDIRECTS = 5;
/**
 * The longest answer any outbound call reads (a source page, a target's reply) when the caller
 * sets no `maxBytes`: a peer streaming without end is cut here instead of filling the memory.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * A call to an admin-typed URL was not made (refused address, secret host, redirect); the message
 * says so, `reason` only why (for a sentence that says "refused" itself).
 */
export class OutboundRefused extends Error {
  constructor(
    message: string,
    readonly reason: string = message,
  ) {
    super(message);
  }
}

/** The answer was longer than MAX_ANSWER_BYTES; reading stopped there. */
export class OutboundTooLarge extends Error {
  constructor() {
    super(sentence('outbound.theAnswerIsLongerThan', { MAX_ANSWER_BYTES: MAX_ANSWER_BYTES / 1024 / 1024 }));
  }
}

export interface OutboundInit {
  method: string;
  headers: Record<string, string>;
  /** A stream body is sent once: a redirect of such a request is refused rather than followed. */
  body?: string | Readable;
  timeoutMs: number;
  /**
   * Set when the request carries a secret: the hosts it may go to. The first URL's host must be one
   * of them, and a redirect to any other host is refused, so the secret never follows it.
   */
  secretHosts?: readonly string[];
  /** Stops reading the answer past this many bytes (its body is then cut there and `truncated` set). */
  maxBytes?: number;
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** True when the answer was longer than `maxBytes` and only its start was read. */
  truncated?: boolean;
}

export interface Outbound {
  /** Calls the URL, checking the address at connect time and again on each redirect it follows. */
  request(url: string | URL, init: OutboundInit): Promise<OutboundAnswer>;
  /** Refuses an endpoint whose host resolves to a refused address before anything is sent (a clear message, early). */
  checkEndpoint(url: string): Promise<void>;
  /**
   * Agents for an SDK that connects by itself (Snowflake): every socket they open is checked as it
   * opens (the policy, on the address actually used) and must go to `origin`, where the SDK was
   * pointed, so a redirect elsewhere fails to connect and the secret the SDK carries stays there.
   */
  boundAgents(origin: string, options?: BoundAgentOptions): BoundAgents;
  /**
   * A CONNECT proxy on loopback for an SDK whose connections go where an answer points them
   * (Snowflake's stage clients): each tunnel is checked by the policy as it opens.
   */
  connectProxy(onRefused: (error: OutboundRefused) => void): Promise<ConnectProxy>;
  /** The folder a Snowflake LOCAL_FS stage may write into: set only by tests (their stub's stage); otherwise such a stage is refused. */
  snowflakeLocalStageDir?: string;
}

export interface BoundAgentOptions {
  /** Makes the TLS agent (an SDK's own, to keep its certificate checks). */
  https?: (options: AgentOptions) => HttpsAgent;
  /** Told of each refused socket, for an SDK that would otherwise retry a refusal as a network failure. */
  onRefused?: (error: OutboundRefused) => void;
}

export interface BoundAgents {
  http: HttpAgent;
  https: HttpsAgent;
  destroy(): void;
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/**
 * Resolves like dns.lookup, then refuses when any address is refused. Node calls it as it
 * connects, so the address checked is the address used (a DNS answer that changes between a check
 * and the connection cannot slip through).
 */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      for (const { address } of addresses) {
        const reason = policy.refusal(hostname, address);
        if (reason) return callback(addressRefused(reason), '', 4);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

type CreateConnection = (options: { host?: string | null; port?: number | string | null }, callback: (error: Error | null, socket?: Socket) => void) => Socket | undefined;

/** Wraps the agent's socket creation: a socket opens only to `origin`'s host and port, and only to an address the policy allows. */
function bindAgent<T extends HttpAgent>(agent: T, origin: URL, policy: OutboundPolicy, lookup: LookupFunction, onRefused: (error: OutboundRefused) => void): T {
  const target = agent as unknown as { createConnection: CreateConnection };
  const open = target.createConnection.bind(agent);
  const host = normalHost(origin.hostname);
  const port = origin.port || (origin.protocol === 'https:' ? '443' : '80');
  target.createConnection = (options, callback) => {
    const to = `${normalHost(String(options.host ?? 'localhost'))}:${String(options.port)}`;
    // A literal address skips the lookup, so the policy is applied to it here too.
    const reason = to === `${host}:${port}` ? policy.refusal(host) : null;
    const refusal = to === `${host}:${port}` ? reason && refusedMessage(reason) : sentence('outbound.refusedAConnectionToWhich', { to, host: origin.host });
    if (refusal) {
      const error = new OutboundRefused(refusal);
      onRefused(error);
      process.nextTick(callback, error);
      return undefined;
    }
    return open({ ...options, lookup: reportingLookup(lookup, onRefused) } as never, callback);
  };
  return agent;
}

/** The lookup, telling `onRefused` when it refuses an address. */
function reportingLookup(lookup: LookupFunction, onRefused: (error: OutboundRefused) => void): LookupFunction {
  return (hostname, options, callback) =>
    lookup(hostname, options, ((error: Error | null, ...rest: unknown[]) => {
      if (error instanceof OutboundRefused) onRefused(error);
      (callback as (...args: unknown[]) => void)(error, ...rest);
    }) as typeof callback);
}

const refusedMessage = (reason: string) => sentence('outbound.refusedTheServerCallsOnly', { reason });

/** A refused address, its reason kept without "Refused:". */
const addressRefused = (reason: string) => new OutboundRefused(refusedMessage(reason), sentence('outbound.theServerCallsOnlyPublicAddresses', { reason }));

function once(url: URL, init: OutboundInit, body: string | Readable | undefined, lookup: LookupFunction): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method: init.method, headers: init.headers, lookup, signal: AbortSignal.timeout(init.timeoutMs) }, (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      let cut = false;
      const status = response.statusCode ?? 0;
      const answer = (truncated: boolean) => resolve({ status, ok: status >= 200 && status < 300, headers: response.headers, body: Buffer.concat(chunks), ...(truncated && { truncated }) });
      response.on('data', (chunk: Buffer) => {
        if (cut) return;
        if (init.maxBytes === undefined && length + chunk.length > MAX_ANSWER_BYTES) {
          cut = true;
          response.removeAllListeners('end');
          response.destroy();
          return reject(new OutboundTooLarge());
        }
        if (init.maxBytes !== undefined && length + chunk.length > init.maxBytes) {
          chunks.push(chunk.subarray(0, init.maxBytes - length));
          cut = true;
          response.removeAllListeners('end');
          response.destroy();
          return answer(true);
        }
        length += chunk.length;
        chunks.push(chunk);
      });
      response.on('error', reject);
      response.on('end', () => answer(false));
    });
    request.on('error', (error) =>
      reject(error.name === 'AbortError' ? Object.assign(new Error(sentence('outbound.noAnswerWithin', { timeoutMs: init.timeoutMs })), { name: 'TimeoutError' }) : error),
    );
    if (body === undefined || typeof body === 'string') request.end(body);
    else body.on('error', (error) => request.destroy(error)).pipe(request);
  });
}

export function outboundFor(allow: string[], { snowflakeLocalStageDir }: { snowflakeLocalStageDir?: string } = {}): Outbound {
  const policy = outboundPolicy(allow);
  const lookup = guardedLookup(policy);

  /** Refuses a URL before it is called: a scheme other than http(s), or a literal address that is refused (literals skip the lookup). */
  const checkUrl = (url: URL) => {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(sentence('outbound.refusedUrlsAreNotCalled', { protocol: url.protocol }));
    const reason = policy.refusal(bare(url.hostname));
    if (reason) throw addressRefused(reason);
  };

  return {
    async request(first, init) {
      let url = new URL(first);
      if (init.secretHosts && !secretMayGoTo(init.secretHosts, url.hostname)) {
        throw new OutboundRefused(sentence('outbound.refusedTheSecretMayNot', { normalHost: normalHost(url.hostname) }));
      }
      let method = init.method;
      let body = init.body;
      for (let hop = 0; ; hop++) {
        checkUrl(url);
        const answer = await once(url, { ...init, method }, body, lookup);
        const location = answer.headers.location;
        if (answer.status < 300 || answer.status >= 400 || answer.status === 304 || !location) return answer;
        if (hop === MAX_REDIRECTS) throw new OutboundRefused(sentence('outbound.refusedMoreThanRedirects', { MAX_REDIRECTS }));
        const next = new URL(location, url);
        if (init.secretHosts && normalHost(next.hostname) !== normalHost(url.hostname)) {
          throw new OutboundRefused(sentence('outbound.refusedRedirectedToAnotherHost', { normalHost: normalHost(url.hostname), normalHost2: normalHost(next.hostname) }));
        }
        // As fetch does: 303, and 301/302 of a POST, continue as a GET without the body.
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        } else if (body !== undefined && typeof body !== 'string') {
          throw new OutboundRefused(sentence('outbound.refusedRedirectedAnUploadTo', { normalHost: normalHost(url.hostname), href: next.href }));
        }
        url = next;
      }
    },

    async checkEndpoint(endpoint) {
      const url = new URL(endpoint);
      checkUrl(url);
      const host = bare(url.hostname);
      if (isIP(host)) return;
      await new Promise<void>((resolve, reject) => lookup(host, { all: true }, (error) => (error ? reject(error) : resolve())));
    },

    boundAgents(origin, { https = (options: AgentOptions) => new HttpsAgent(options), onRefused = () => undefined } = {}) {
      const url = new URL(origin);
      const options = { keepAlive: true };
      const agents = { http: bindAgent(new HttpAgent(options), url, policy, lookup, onRefused), https: bindAgent(https(options), url, policy, lookup, onRefused) };
      return { ...agents, destroy: () => Object.values(agents).forEach((agent) => agent.destroy()) };
    },

    connectProxy(onRefused) {
      const literalRefusal = (address: string) => {
        const reason = policy.refusal(address);
        return reason && refusedMessage(reason);
      };
      return startConnectProxy({ lookup, literalRefusal, Refused: OutboundRefused, onRefused });
    },

    snowflakeLocalStageDir,
  };
}
