import { readdir, readFile, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import type { CollectField, ResponseMeta, SourceMethod, SourceType } from '../../src/shared';
import { csvFileRows, csvTextRows } from './csv-source';
import { readPath, type SourceRow } from './master-mapping';
import { OutboundRefused, type Outbound, type OutboundAnswer } from './outbound-fetch';
import { TaskFailure } from './task-failure';

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

export interface Collected {
  rows: SourceRow[];
  meta: ResponseMeta;
}

const fill = (text: string, period: Period) => text.replaceAll('{{from}}', period.from).replaceAll('{{to}}', period.to);

/** The rows of one answer or file: JSON objects, or CSV records projected to the field list's order. */
function parseBody(text: string, method: SourceMethod, fields: CollectField[], where: string): SourceRow[] {
  if (method.responseFormat === 'CSV') return csvTextRows(text, fields, where);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new TaskFailure('SOURCE_MALFORMED', `${where} is not valid JSON.`);
  }
  const rows = readPath(body, method.rowsPath);
  if (!Array.isArray(rows)) throw new TaskFailure('SOURCE_MALFORMED', `${where} has no array of rows at "${method.rowsPath ?? ''}".`);
  if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) throw new TaskFailure('SOURCE_MALFORMED', `${where} has rows that are not objects.`);
  return rows as SourceRow[];
}

/** Fetches the pages of an API source one at a time (or the first only, for a preview). */
async function* collectApi(source: CollectSource, period: Period, outbound: Outbound, maxPages: number, meta: ResponseMeta): AsyncGenerator<SourceRow[]> {
  const method = source.sourceMethod;
  const pagination = method.pagination;
  const headers: Record<string, string> = {};
  for (const header of method.headers) headers[header.name] = fill(header.value, period);
  const sendsSecret = Boolean(source.keyName && source.secret);
  if (sendsSecret) headers[source.keyName!] = source.secret!;
  if (method.httpMethod === 'POST' && method.body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';

  Object.assign(meta, { pages: 0, rows: 0, bytes: 0 });
  const started = Date.now();
  let cursor: string | null = null;
  for (let page = 1; ; page++) {
    if (page > pagination.maxPages) throw new TaskFailure('SOURCE_MALFORMED', `The source has more than ${pagination.maxPages} pages.`);
    const url = new URL(fill(source.sourceLocation, period));
    for (const [name, value] of Object.entries(source.configData)) url.searchParams.set(name, fill(value, period));
    if (pagination.type === 'PAGE') {
      url.searchParams.set(pagination.pageParam!, String(page));
      if (pagination.sizeParam && pagination.pageSize) url.searchParams.set(pagination.sizeParam, String(pagination.pageSize));
    }
    if (pagination.type === 'CURSOR' && cursor !== null) url.searchParams.set(pagination.cursorParam!, cursor);

    let response: OutboundAnswer;
    try {
      response = await outbound.request(url, {
        method: method.httpMethod, headers, body: method.httpMethod === 'POST' && method.body ? fill(method.body, period) : undefined,
        timeoutMs: method.timeoutMs, secretHosts: sendsSecret ? source.secretHosts : undefined,
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new TaskFailure('SOURCE_TIMEOUT', `The source did not answer within ${method.timeoutMs} ms (page ${page}).`);
      if (error instanceof OutboundRefused) throw new TaskFailure('SOURCE_HTTP_ERROR', `The source was not called (page ${page}). ${error.message}`);
      throw new TaskFailure('SOURCE_HTTP_ERROR', `The source could not be reached: ${(error as Error).message}`);
    }
    const text = response.body.toString('utf8');
    meta.status = response.status;
    meta.contentType = response.headers['content-type'] ?? null;
    meta.bytes! += response.body.length;
    meta.pages = page;
    // Status and size only: the body of an error page may hold what the caller must not see (an internal service's answer, an echoed secret).
    if (!response.ok) throw new TaskFailure('SOURCE_HTTP_ERROR', `The source answered HTTP ${response.status} (${response.body.length.toLocaleString('en-US')} bytes) on page ${page}.`);
    const pageRows = parseBody(text, method, source.fields, `Page ${page} of the source`);
    meta.rows! += pageRows.length;
    if (pageRows.length) yield pageRows;
    if (page >= maxPages || pagination.type === 'NONE' || pageRows.length === 0) break;
    if (pagination.type === 'PAGE' && pagination.pageSize && pageRows.length < pagination.pageSize) break;
    if (pagination.type === 'CURSOR') {
      const next = readPath(JSON.parse(text), pagination.cursorPath);
      if (next === undefined || next === null || next === '') break;
      cursor = String(next);
    }
  }
  meta.durationMs = Date.now() - started;
}

/** Reads the files under DATA_DIR/inbox matching the location (`*` allowed in the file name); CSV files stream. */
async function* collectFile(source: CollectSource, period: Period, dataDir: string, maxFiles: number, meta: ResponseMeta): AsyncGenerator<SourceRow[]> {
  const location = posix.normalize(fill(source.sourceLocation, period).replaceAll('\\', '/'));
  const folder = posix.dirname(location);
  const pattern = new RegExp(`^${posix.basename(location).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`);
  const base = join(dataDir, 'inbox', folder);
  const names = (await readdir(base).catch(() => [] as string[])).filter((name) => pattern.test(name)).sort().slice(0, maxFiles);
  if (!names.length) throw new TaskFailure('SOURCE_NOT_FOUND', `No file matches inbox/${location}.`);
  Object.assign(meta, { files: names.map((name) => posix.join('inbox', folder, name)), rows: 0, bytes: 0 });
  for (const name of names) {
    const path = join(base, name);
    meta.bytes! += (await stat(path)).size;
    if (source.sourceMethod.responseFormat === 'CSV') {
      for await (const rows of csvFileRows(path, source.fields, `File ${name}`)) {
        meta.rows! += rows.length;
        yield rows;
      }
    } else {
      // JSON has no row boundaries to stream on: a JSON file is read whole (CSV is the format for big exports).
      const rows = parseBody(await readFile(path, 'utf8'), source.sourceMethod, source.fields, `File ${name}`);
      meta.rows! += rows.length;
      if (rows.length) yield rows;
    }
  }
}

export function streamSource(source: CollectSource, period: Period, dataDir: string, outbound: Outbound, options: { preview?: boolean } = {}): SourceStream {
  const meta: ResponseMeta = {};
  const batches = source.sourceType === 'API'
    ? collectApi(source, period, outbound, options.preview ? 1 : Number.POSITIVE_INFINITY, meta)
    : collectFile(source, period, dataDir, options.preview ? 1 : 1000, meta);
  return { batches, meta };
}

/** The first page or file whole, for the "Test source" preview. */
export async function collectSource(source: CollectSource, period: Period, dataDir: string, outbound: Outbound): Promise<Collected> {
  const { batches, meta } = streamSource(source, period, dataDir, outbound, { preview: true });
  const rows: SourceRow[] = [];
  for await (const batch of batches) for (const row of batch) rows.push(row); // not push(...): a page can exceed the argument limit
  return { rows, meta };
}
