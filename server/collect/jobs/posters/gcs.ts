import { createHash, randomBytes, sign } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { GCS_DEFAULT_ENDPOINT, normalHost } from '../../../../src/shared';
import type { OutboundAnswer, OutboundInit } from '../../../outbound/outbound-fetch';
import { TaskFailure } from '../task-failure';
import type { Poster, PostFile, PostTarget } from './poster';
import { sentence } from '../../../../src/i18n/serverMessage';

const TOKEN_URI = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/devstorage.read_write';
/** GCS's answers here are small JSON documents; anything longer is not read. */
const MAX_ANSWER = 1024 * 1024;

/** bucket[/prefix] of the target location. */
function bucketAndPrefix(location: string): { bucket: string; prefix: string } {
  const [bucket, ...rest] = location.split('/');
  const prefix = rest.join('/').replace(/^\/+|\/+$/g, '');
  return { bucket, prefix: prefix ? `${prefix}/` : '' };
}

interface ServiceAccountKey {
  client_email?: string;
  private_key?: string;
  token_uri?: string;
}

interface Client {
  base: string;
  token: string | null;
}

/**
 * A call to the endpoint (or the key's token_uri); a refusal or network failure becomes a TaskFailure
 * naming `what`. The GCS JSON API is called through the outbound policy rather than through
 * @google-cloud/storage, whose HTTP client takes no agent and follows redirects by itself (an
 * endpoint answering 302 led it into the internal network): here every connection is checked as it
 * opens, no call leaves the host it was made to, and an error answer is reported by its status only.
 */
async function call(target: PostTarget, url: string, init: Omit<OutboundInit, 'secretHosts' | 'maxBytes'>, what: string): Promise<OutboundAnswer> {
  try {
    return await target.outbound.request(url, { ...init, secretHosts: [new URL(url).hostname], maxBytes: MAX_ANSWER });
  } catch (error) {
    throw new TaskFailure('TARGET_ERROR', sentence('collect.couldNotBeReached', { what, reason: (error as Error).message }));
  }
}

function parsedKey(secret: string): ServiceAccountKey {
  try {
    const key: unknown = JSON.parse(secret);
    if (key && typeof key === 'object' && !Array.isArray(key)) return key as ServiceAccountKey;
  } catch {
    // answered below
  }
  throw new TaskFailure('TARGET_AUTH', sentence('collect.theGcsSecretMustBe'));
}

/** An access token for the key (OAuth 2.0 JWT bearer grant at its token_uri). */
async function accessToken(target: PostTarget, key: Required<Pick<ServiceAccountKey, 'client_email' | 'private_key'>> & ServiceAccountKey): Promise<string> {
  const tokenUri = key.token_uri || TOKEN_URI;
  // The key names where it signs in; it is an admin-typed URL too, refused before anything is signed.
  await target.outbound.checkEndpoint(tokenUri).catch((error: Error) => {
    throw new TaskFailure('TARGET_AUTH', sentence('collect.theGcsKeyTokenUriWasNotCalled', { reason: error.message }));
  });
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: key.client_email, scope: SCOPE, aud: tokenUri, iat: now, exp: now + 3600 })}`;
  let signature: string;
  try {
    signature = sign('RSA-SHA256', Buffer.from(unsigned), key.private_key).toString('base64url');
  } catch {
    throw new TaskFailure('TARGET_AUTH', sentence('collect.theGcsKeySPrivate'));
  }
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` }).toString();
  const answer = await call(target, tokenUri, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, timeoutMs: 30_000 }, sentence('collect.theGcsSignIn'));
  if (!answer.ok) throw new TaskFailure('TARGET_AUTH', sentence('collect.theGcsSignInAt', { normalHost: normalHost(new URL(tokenUri).hostname), status: answer.status }));
  const token = (jsonOf(answer) as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string') throw new TaskFailure('TARGET_AUTH', sentence('collect.theGcsSignInAnswered'));
  return token;
}

/**
 * The client for a target. The secret is a service-account JSON key; `apiEndpoint` points at another
 * GCS JSON API server (an emulator, or the tests' fake), called without a token when the key holds no
 * private key.
 */
async function clientFor(target: PostTarget): Promise<Client> {
  const endpoint = target.data.apiEndpoint || GCS_DEFAULT_ENDPOINT;
  if (target.data.apiEndpoint) {
    await target.outbound.checkEndpoint(endpoint).catch((error: Error) => {
      throw new TaskFailure('TARGET_ERROR', sentence('collect.gcsWasNotCalled', { reason: error.message }));
    });
  }
  const key = target.secret ? parsedKey(target.secret) : null;
  let token: string | null = null;
  if (key?.client_email && key.private_key) token = await accessToken(target, { ...key, client_email: key.client_email, private_key: key.private_key });
  else if (!target.data.apiEndpoint) throw new TaskFailure('TARGET_AUTH', key ? sentence('collect.theGcsKeyHasNo') : sentence('collect.theGcsTargetHasNo'));
  return { base: endpoint.replace(/\/+$/, ''), token };
}

const headersOf = (client: Client, headers: Record<string, string> = {}) => ({ accept: 'application/json', ...headers, ...(client.token && { authorization: `Bearer ${client.token}` }) });

function jsonOf(answer: OutboundAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return null;
  }
}

/** A failed answer by its status alone: the body may be anyone's error page. */
function failure(answer: OutboundAnswer, bucket: string): TaskFailure {
  if (answer.status === 401 || answer.status === 403) return new TaskFailure('TARGET_AUTH', sentence('collect.gcsRefusedTheCredentialsHttp', { status: answer.status }));
  if (answer.status === 404) return new TaskFailure('TARGET_ERROR', sentence('collect.gcsTheBucketDoesNot', { bucket }));
  return new TaskFailure('TARGET_ERROR', sentence('collect.gcsAnsweredHttpBytes', { status: answer.status, length: answer.body.length.toLocaleString('en-US') }));
}

async function md5Of(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/** A multipart upload (metadata, then the CSV streamed from disk), checked against the MD5 GCS reports. */
async function upload(target: PostTarget, client: Client, bucket: string, name: string, file: PostFile): Promise<void> {
  const boundary = `console-${randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ name, contentType: 'text/csv; charset=utf-8' })}\r\n--${boundary}\r\nContent-Type: text/csv; charset=utf-8\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + (await stat(file.path)).size + Buffer.byteLength(tail);
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(head);
      yield* createReadStream(file.path);
      yield Buffer.from(tail);
    })(),
  );
  const url = `${client.base}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=multipart&name=${encodeURIComponent(name)}`;
  const headers = headersOf(client, { 'content-type': `multipart/related; boundary=${boundary}`, 'content-length': String(length) });
  const answer = await call(target, url, { method: 'POST', headers, body, timeoutMs: 300_000 }, 'GCS');
  if (!answer.ok) throw failure(answer, bucket);
  const stored = (jsonOf(answer) as { md5Hash?: unknown } | null)?.md5Hash;
  if (stored !== (await md5Of(file.path))) throw new TaskFailure('TARGET_ERROR', sentence('collect.gcsStoredGsWithAnother', { bucket, name }));
}

export const gcsPoster: Poster = {
  async post(target, file) {
    const { bucket, prefix } = bucketAndPrefix(target.location);
    const name = `${prefix}${file.name}`;
    await upload(target, await clientFor(target), bucket, name, file);
    return { location: `gs://${bucket}/${name}` };
  },
  async testConnection(target) {
    const { bucket } = bucketAndPrefix(target.location);
    try {
      const client = await clientFor(target);
      const answer = await call(target, `${client.base}/storage/v1/b/${encodeURIComponent(bucket)}`, { method: 'GET', headers: headersOf(client), timeoutMs: 30_000 }, 'GCS');
      if (!answer.ok) throw failure(answer, bucket);
      return { ok: true, message: sentence('collect.theBucketIsReachable', { bucket }) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  },
};
