import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, posix } from 'node:path';
import type { CollectField, ResponseMeta, SourceMethod, SourceType } from '../../../src/shared';
import { csvFileRows, csvTextRows } from './csv-source';
import { readPath, type SourceRow } from './master-mapping';
import { redactUrl } from '../../audit/redact';
import { MAX_ANSWER_BYTES, OutboundRefused, OutboundTooLarge, type Outbound, type OutboundAnswer } from '../../outbound/outbound-fetch';
import { TaskFailure } from './task-failure';
import { sentence } from '../../../src/i18n/serverMessage';

/** What a collector needs of a collect config, with the market account's secret opened. */
export interface CollectSource {
  sourceType: SourceType;
  sourceLocation: string;
  sourceMethod: SourceMethod;
  keyName: string | null;
  secret: string | null;
  /** The hosts the market account lets its secret go to. */
  secretHosts: string[];
  configData: Record<string, string>;
  fields: CollectField[];
}

export interface Period {
  from: string;
  to: string;
}

/** A source read as it arrives: batches of rows (a page, or a few thousand rows of a file), and what was read so far. */
export interface SourceStream {
  batches: AsyncGenerator<SourceRow[]>;
  meta: ResponseMeta;
}

const fill = (text: string, period: Period) => text.replaceAll('{{from}}', period.from).replaceAll('{{to}}', period.to);

/** The rows of one answer or file: JSON objects, or CSV records projected to the field list's order. */
export function parseBody(text: string, method: SourceMethod, fields: CollectField[], where: string): SourceRow[] {
  if (method.responseFormat === 'CSV') return csvTextRows(text, fields, where);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.isNotValidJson', { where }));
  }
  const rows = readPath(body, method.rowsPath);
  if (!Array.isArray(rows)) throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.hasNoArrayOfRows', { where, rowsPath: method.rowsPath ?? '' }));
  if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.hasRowsThatAreNot', { where }));
  return rows as SourceRow[];
}

/** An API source's URL for the period: its location and query parameters with the dates filled in. */
function sourceUrl(source: CollectSource, period: Period): URL {
  const url = new URL(fill(source.sourceLocation, period));
  for (const [name, value] of Object.entries(source.configData)) url.searchParams.set(name, fill(value, period));
  return url;
}

/** Where a run reads from, as a log may show it: the URL (before paging) or inbox pattern, dates filled, secrets masked. */
export function sourceShown(source: CollectSource, period: Period): string {
  if (source.sourceType !== 'API') return `inbox/${fill(source.sourceLocation, period)}`;
  try {
    return redactUrl(sourceUrl(source, period), [source.secret]);
  } catch {
    return fill(source.sourceLocation, period);
  }
}

/** The request headers of an API source: its own, the account secret, a JSON content type for a POST body. */
function requestHeaders(source: CollectSource, period: Period): Record<string, string> {
  const method = source.sourceMethod;
  const headers: Record<string, string> = {};
  for (const header of method.headers) headers[header.name] = fill(header.value, period);
  if (source.keyName && source.secret) headers[source.keyName] = source.secret;
  if (method.httpMethod === 'POST' && method.body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  return headers;
}

/** One page of an API source as text (through the outbound policy), counted in `meta`; an answer other than 2xx fails. */
async function fetchPage(
  source: CollectSource,
  period: Period,
  outbound: Outbound,
  page: number,
  cursor: string | null,
  meta: ResponseMeta,
  maxBytes?: number,
): Promise<{ text: string; truncated: boolean }> {
  const method = source.sourceMethod;
  const pagination = method.pagination;
  const url = sourceUrl(source, period);
  if (pagination.type === 'PAGE') {
    url.searchParams.set(pagination.pageParam!, String(page));
    if (pagination.sizeParam && pagination.pageSize) url.searchParams.set(pagination.sizeParam, String(pagination.pageSize));
  }
  if (pagination.type === 'CURSOR' && cursor !== null) url.searchParams.set(pagination.cursorParam!, cursor);
  meta.url = redactUrl(url, [source.secret]);

  let response: OutboundAnswer;
  try {
    response = await outbound.request(url, {
      method: method.httpMethod,
      headers: requestHeaders(source, period),
      body: method.httpMethod === 'POST' && method.body ? fill(method.body, period) : undefined,
      timeoutMs: method.timeoutMs,
      secretHosts: source.keyName && source.secret ? source.secretHosts : undefined,
      maxBytes,
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new TaskFailure('SOURCE_TIMEOUT', sentence('collect.theSourceDidNotAnswer', { timeoutMs: method.timeoutMs, page }));
    if (error instanceof OutboundRefused) throw new TaskFailure('SOURCE_REFUSED', sentence('collect.theSourceWasNotCalled', { page, reason: error.message }));
    if (error instanceof OutboundTooLarge) throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.pageOfTheSourceIs', { page, reason: error.message }));
    throw new TaskFailure('SOURCE_UNREACHABLE', sentence('collect.theSourceCouldNotBeReached', { reason: (error as Error).message }));
  }
  meta.status = response.status;
  meta.contentType = response.headers['content-type'] ?? null;
  meta.bytes = (meta.bytes ?? 0) + response.body.length;
  meta.pages = page;
  // Status and size only: the body of an error page may hold what the caller must not see (an internal service's answer, an echoed secret).
  // 401 and 403: the source read the credentials and refused them, which the account's owner can fix.
  if (!response.ok)
    throw new TaskFailure(
      response.status === 401 || response.status === 403 ? 'SOURCE_AUTH' : 'SOURCE_HTTP_ERROR',
      sentence('collect.theSourceAnsweredHttpBytes', { status: response.status, length: response.body.length.toLocaleString('en-US'), page }),
    );
  return { text: response.body.toString('utf8'), truncated: response.truncated === true };
}

/** Fetches the pages of an API source one at a time. */
async function* collectApi(source: CollectSource, period: Period, outbound: Outbound, meta: ResponseMeta): AsyncGenerator<SourceRow[]> {
  const method = source.sourceMethod;
  const pagination = method.pagination;
  Object.assign(meta, { pages: 0, rows: 0, bytes: 0 });
  const started = Date.now();
  let cursor: string | null = null;
  for (let page = 1; ; page++) {
    if (page > pagination.maxPages) throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.theSourceHasMoreThan', { maxPages: pagination.maxPages }));
    const { text } = await fetchPage(source, period, outbound, page, cursor, meta);
    const pageRows = parseBody(text, method, source.fields, sentence('collect.sourcePage', { page }));
    meta.rows! += pageRows.length;
    if (pageRows.length) yield pageRows;
    if (pagination.type === 'NONE' || pageRows.length === 0) break;
    if (pagination.type === 'PAGE' && pagination.pageSize && pageRows.length < pagination.pageSize) break;
    if (pagination.type === 'CURSOR') {
      const next = readPath(JSON.parse(text), pagination.cursorPath);
      if (next === undefined || next === null || next === '') break;
      cursor = String(next);
    }
  }
  meta.durationMs = Date.now() - started;
}

/** The files under DATA_DIR/inbox matching the location (`*` allowed in the file name), sorted by name. */
async function matchingFiles(source: CollectSource, period: Period, dataDir: string, maxFiles: number): Promise<{ paths: string[]; shown: string[] }> {
  const location = posix.normalize(fill(source.sourceLocation, period).replaceAll('\\', '/'));
  const folder = posix.dirname(location);
  const pattern = new RegExp(
    `^${posix
      .basename(location)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')}$`,
  );
  const base = join(dataDir, 'inbox', folder);
  const names = (await readdir(base).catch(() => [] as string[]))
    .filter((name) => pattern.test(name))
    .sort()
    .slice(0, maxFiles);
  if (!names.length) throw new TaskFailure('SOURCE_NOT_FOUND', sentence('collect.noFileMatchesInbox', { location }));
  return { paths: names.map((name) => join(base, name)), shown: names.map((name) => posix.join('inbox', folder, name)) };
}

/** Reads the matching files; CSV files stream. */
async function* collectFile(source: CollectSource, period: Period, dataDir: string, maxFiles: number, meta: ResponseMeta): AsyncGenerator<SourceRow[]> {
  const { paths, shown } = await matchingFiles(source, period, dataDir, maxFiles);
  Object.assign(meta, { files: shown, rows: 0, bytes: 0 });
  for (const path of paths) {
    const name = basename(path);
    const size = (await stat(path)).size;
    meta.bytes! += size;
    if (source.sourceMethod.responseFormat === 'CSV') {
      for await (const rows of csvFileRows(path, source.fields, sentence('collect.file', { name }))) {
        meta.rows! += rows.length;
        yield rows;
      }
    } else {
      // JSON has no row boundaries to stream on: a JSON file is read whole (CSV is the format for big exports), so no larger than an API page.
      if (size > MAX_ANSWER_BYTES) throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.fileIsLongerThanMib', { name, MAX_ANSWER_BYTES: MAX_ANSWER_BYTES / 1024 / 1024 }));
      const rows = parseBody(await readFile(path, 'utf8'), source.sourceMethod, source.fields, sentence('collect.file', { name }));
      meta.rows! += rows.length;
      if (rows.length) yield rows;
    }
  }
}

/** A run's source: every page (up to the pagination's maximum), or up to 1000 matching files. */
export function streamSource(source: CollectSource, period: Period, dataDir: string, outbound: Outbound, meta: ResponseMeta = {}): SourceStream {
  const batches = source.sourceType === 'API' ? collectApi(source, period, outbound, meta) : collectFile(source, period, dataDir, 1000, meta);
  return { batches, meta };
}

/** The first page of a source as text, for "Test source": the first API page or the first matching file, read up to `maxBytes`. */
export interface FirstPage {
  text: string;
  /** The source held more than `maxBytes`; `text` is its start. */
  truncated: boolean;
  /** "Page 1 of the source" or "File x.csv", for messages. */
  where: string;
  meta: ResponseMeta;
}

export async function firstPage(source: CollectSource, period: Period, dataDir: string, outbound: Outbound, maxBytes: number): Promise<FirstPage> {
  const meta: ResponseMeta = { pages: 0, bytes: 0 };
  const started = Date.now();
  if (source.sourceType === 'API') {
    const { text, truncated } = await fetchPage(source, period, outbound, 1, null, meta, maxBytes);
    return { text, truncated, where: sentence('collect.sourcePage', { page: 1 }), meta: { ...meta, durationMs: Date.now() - started } };
  }
  const { paths, shown } = await matchingFiles(source, period, dataDir, 1);
  const file = await open(paths[0]);
  try {
    const size = (await file.stat()).size;
    const buffer = Buffer.alloc(Math.min(size, maxBytes));
    await file.read(buffer, 0, buffer.length, 0);
    return {
      text: buffer.toString('utf8'),
      truncated: size > maxBytes,
      where: sentence('collect.file', { name: basename(paths[0]) }),
      meta: { files: shown, bytes: size, durationMs: Date.now() - started },
    };
  } finally {
    await file.close();
  }
}
