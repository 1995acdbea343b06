import { HTTP_TIMEOUT_MS } from '../shared/constants';
import { runtimeTimeZone } from '../shared/date-time';
import type { z } from 'zod';
import type { Envelope, EnvelopeOf, TokenPair } from '../shared/envelope';
import { ApiError, clientSideError, isEnvelope } from './apiError';
import { loadingStore } from './loadingStore';
import { clearStoredSession, readAccessToken, readRefreshToken, storeTokenPair } from './storedSession';
import { goToSignIn, sessionEndNotice } from './signInRedirect';

export const API_BASE = '/api';

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A body already written as JSON (ra-data-simple-rest writes its own), sent as it is. */
  jsonText?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for calls that must not trigger a reissue, such as sign-out. */
  renewExpiredToken?: boolean;
  /**
   * Reports how much of the body has been sent (0..1). The request then goes by XMLHttpRequest,
   * which (unlike fetch) reports upload progress, without the timeout (a large file may take longer
   * to send than any answer should take to arrive) and outside the loading dialog.
   */
  onUploadProgress?: (fraction: number) => void;
  /** Hears the answer's ETag (a record's version), on a call that succeeded; null when it had none. */
  onEtag?: (etag: string | null) => void;
}

interface SendOptions extends RequestOptions {
  /** The reissue call must not carry the (expired) access token. */
  withoutAccessToken?: boolean;
}

/** Array values become repeated `key=value` pairs, not `key[]=` or a joined list. */
export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** Names an HTTP failure without an envelope the way axios does. */
function statusError(status: number): ApiError {
  const code = status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST';
  return new ApiError({ status, code, message: `Request failed with status code ${status}` });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface Exchange {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
  signal: AbortSignal;
}

/** What came back: the status, the body read as JSON (or text) and the ETag header. */
interface Answer {
  ok: boolean;
  status: number;
  payload: unknown;
  etag: string | null;
}

async function fetchExchange({ url, method, headers, body, signal }: Exchange): Promise<Answer> {
  const response = await fetch(url, { method, headers, body, signal });
  return { ok: response.ok, status: response.status, payload: await readBody(response), etag: response.headers.get('etag') };
}

/** The same exchange by XMLHttpRequest, for its upload progress events. */
function xhrExchange({ url, method, headers, body, signal }: Exchange, onUploadProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onUploadProgress(event.loaded / event.total);
    xhr.onload = () => {
      let payload: unknown = undefined;
      if (xhr.responseText) {
        try {
          payload = JSON.parse(xhr.responseText);
        } catch {
          payload = xhr.responseText;
        }
      }
      // An upload answers no record version.
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, payload, etag: null });
    };
    xhr.onerror = () => reject(new TypeError('Network Error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(body ?? null);
  });
}

/** The console's language (the page's lang follows it), rather than the browser's own preference. */
const readerLanguage = (): Record<string, string> => (typeof document !== 'undefined' && document.documentElement.lang ? { 'Accept-Language': document.documentElement.lang } : {});

/** One HTTP exchange: timeout, loading flag, bearer token, JSON in and out. */
async function send<T>(path: string, options: SendOptions): Promise<Envelope<T>> {
  const { method = 'GET', query, body, signal, onUploadProgress } = options;
  // The reader's zone and language, for what the server writes for a person (exports, mails): server/http/reader.ts.
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Time-Zone': runtimeTimeZone(), ...readerLanguage(), ...options.headers };
  const accessToken = options.withoutAccessToken ? undefined : readAccessToken();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  // A FormData body (a file upload) is sent as it is: the browser writes its multipart boundary.
  const formData = body instanceof FormData ? body : undefined;
  const json = formData ? undefined : (options.jsonText ?? (body === undefined ? undefined : JSON.stringify(body)));
  if (json !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = onUploadProgress
    ? undefined
    : setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, HTTP_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  signal?.addEventListener('abort', abortFromCaller);

  // A progress upload shows its own bar; the app-wide loading dialog would cover it.
  const counted = !onUploadProgress;
  if (counted) loadingStore.requestStarted();
  try {
    const exchange: Exchange = {
      url: buildUrl(path, method === 'GET' ? query : undefined),
      method,
      headers,
      body: formData ?? json,
      signal: controller.signal,
    };
    let response: Answer;
    try {
      response = onUploadProgress ? await xhrExchange(exchange, onUploadProgress) : await fetchExchange(exchange);
    } catch (cause) {
      throw clientSideError(cause, timedOut, HTTP_TIMEOUT_MS);
    }
    const { payload } = response;
    if (!isEnvelope(payload)) {
      throw response.ok ? new ApiError({ status: response.status, code: 'ERR_BAD_RESPONSE', message: 'Unexpected response' }) : statusError(response.status);
    }
    if (!response.ok) {
      const { result, resultMessage, data } = payload;
      throw new ApiError({ status: response.status, result, resultMessage, data });
    }
    options.onEtag?.(response.etag);
    return payload as Envelope<T>;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
    if (counted) loadingStore.requestFinished();
  }
}

let renewal: Promise<boolean> | undefined;

async function reissue(): Promise<boolean> {
  const refreshToken = readRefreshToken();
  let endedBecause: string | undefined;
  if (refreshToken) {
    try {
      const envelope = await send<TokenPair>('/auth/reissue', { method: 'POST', body: { refreshToken }, withoutAccessToken: true });
      if (envelope.result === 'SUCCESS') {
        storeTokenPair(envelope.data);
        return true;
      }
    } catch (error) {
      // Any failure below ends the session the same way; a session ended on purpose says why.
      if (error instanceof ApiError && error.result === 'ADMIN_ACCESS_TOKEN_NOT_MATCHED') endedBecause = sessionEndNotice({ data: error.data });
    }
  }
  console.error('Reissue Failed');
  clearStoredSession();
  goToSignIn(endedBecause);
  return false;
}

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one
 * in-flight reissue, because the server rotates refresh tokens and revokes a reused one.
 */
export function renewSession(): Promise<boolean> {
  renewal ??= reissue().finally(() => {
    renewal = undefined;
  });
  return renewal;
}

async function attempt<T>(path: string, options: RequestOptions, mayRenew: boolean): Promise<Envelope<T>> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (error.result === 'TOKEN_UNAUTHORIZED' && mayRenew && (await renewSession())) {
      return attempt<T>(path, options, false);
    }
    if (error.result === 'ADMIN_ACCESS_TOKEN_NOT_MATCHED') {
      clearStoredSession();
      goToSignIn(sessionEndNotice(error));
    }
    throw error;
  }
}

/** Sends a request; an expired access token is renewed once and the request retried. 2xx answers resolve, others reject with ApiError. */
export function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  return attempt<T>(path, options, options.renewExpiredToken ?? true);
}

/**
 * What a call resolves to. Given the route's response schema (`httpClient.get<typeof profileResponse>`,
 * imported as a type so zod stays out of the bundle) it is that schema's envelope, a union told apart
 * by result where the route declares one; given a data type T it is Envelope<T>.
 */
export type AnswerTo<T> = [T] extends [z.ZodType] ? EnvelopeOf<T> : Envelope<T>;

// The answer is trusted to match its route's schema: the server serialises it through that schema.
const typed = <T>(answer: Promise<Envelope<unknown>>) => answer as Promise<AnswerTo<T>>;

export const httpClient = {
  get: <T>(path: string, query?: RequestOptions['query'], options?: RequestOptions) => typed<T>(request(path, { ...options, query })),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => typed<T>(request(path, { ...options, method: 'POST', body })),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => typed<T>(request(path, { ...options, method: 'PUT', body })),
  delete: <T>(path: string, options?: RequestOptions) => typed<T>(request(path, { ...options, method: 'DELETE' })),
};

/**
 * A file the server streams (a list's export), with the headers, token and one renewal every call
 * has, and no timeout: a large export may take longer than any answer should. `onProgress` hears
 * the share of the rows arrived (0..1), for a CSV whose answer says how many it holds (X-Export-Rows).
 * A refusal rejects with its ApiError, as any call's.
 */
export async function downloadFile(path: string, query: Record<string, QueryValue>, onProgress?: (fraction: number) => void, mayRenew = true): Promise<{ blob: Blob; fileName?: string }> {
  const headers: Record<string, string> = { 'X-Time-Zone': runtimeTimeZone(), ...readerLanguage() };
  const accessToken = readAccessToken();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers });
  } catch (cause) {
    throw clientSideError(cause, false, HTTP_TIMEOUT_MS);
  }
  if (!response.ok) {
    const payload = await readBody(response);
    const error = isEnvelope(payload) ? new ApiError({ status: response.status, result: payload.result, resultMessage: payload.resultMessage, data: payload.data }) : statusError(response.status);
    if (mayRenew && error.status === 401 && error.result === 'TOKEN_UNAUTHORIZED' && (await renewSession())) return downloadFile(path, query, onProgress, false);
    throw error;
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const rows = Number(response.headers.get('x-export-rows'));
  const counted = type.startsWith('text/csv') && rows > 0;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    chunks.push(part.value);
    if (counted) {
      for (const byte of part.value) if (byte === 10) lines++;
      onProgress?.(Math.min(1, Math.max(0, lines - 1) / rows));
    }
  }
  const named = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '');
  return { blob: new Blob(chunks, { type }), fileName: named ? decodeURIComponent(named[1]) : undefined };
}
