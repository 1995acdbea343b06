import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOGGED_UNDER, loggedRecordOf, type ActivityEntry, type ListPage } from '../../src/shared';
import { VERSION_FIELD, type StaleVersion } from '../../src/shared/record-versions';
import { formatZonedDateTime } from '../../src/shared/date-time';
import type { ResourceDeclaration } from '../../src/shared/resources/define';
import { lockRecord } from '../db/record-lock';
import type { Db } from '../db/database';
import { BoundedMap } from '../bounded-map';
import { AppError } from './app-error';
import { readerOf } from './reader';
import { IGNORED_FIELDS, withoutLinkKey, withoutLinkKeys, type Snapshot } from './record-readers';
import { resourceLabelsEn, resourceLabelsKo } from './resource-labels';
import { recordNoun, sentence } from '../../src/i18n/serverMessage';

/** Characters of a version: 22 of SHA-256 in base64url (132 bits), short enough for a header and a form. */
const VERSION_CHARS = 22;

/** Activity entries a refusal reads back looking for the version the stale save was made from. */
const ENTRIES_READ_BACK = 50;

/** The fields no version of a declaration's records counts: those no person edits (the activity log's own rule). */
const ignoredBy = (declaration: ResourceDeclaration): ReadonlySet<string> => new Set([...IGNORED_FIELDS, ...(declaration.history?.ignore ?? [])]);

/**
 * The fields a version counts: the record as its read route answers it, without the fields no
 * person edits (the activity log's own rule), file links' keys or empty fields. A counter moving or
 * a link signed anew is then no conflict, and each version is one the activity log can rebuild.
 */
function counted(snapshot: Snapshot, declaration: ResourceDeclaration): Snapshot {
  const ignored = ignoredBy(declaration);
  return Object.fromEntries(
    Object.entries(withoutLinkKeys(snapshot))
      .filter(([field, value]) => !ignored.has(field) && value !== null && value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** JSON with every object's keys in order, so a version does not depend on the order a store builds a row in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, item: unknown) => (item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1))) : item));

/** A counted field and its name as canonical JSON writes it before its value. */
interface CountedField {
  field: string;
  key: string;
}

/**
 * The fields among `fields` a version counts, in the order canonical JSON writes them: sorted, then
 * as an object enumerates them (an index-like name first), which is the order canonical() gives.
 * Undefined where a name would not be an ordinary property (`__proto__`).
 */
function countedOrder(fields: readonly string[], ignored: ReadonlySet<string>): CountedField[] | undefined {
  if (fields.includes('__proto__')) return undefined;
  const sorted = fields.filter((field) => !ignored.has(field)).sort((a, b) => (a < b ? -1 : 1));
  return Object.keys(Object.fromEntries(sorted.map((field) => [field, true]))).map((field) => ({ field, key: `${JSON.stringify(field)}:` }));
}

/**
 * canonical(counted(record)) written straight from the record's fields in `order`, for a record
 * whose counted values are all text, numbers or booleans (nearly every one): no copies, sorts or
 * replacer calls, the list's hot path. Undefined for any other value (an object, an array), which
 * the general path writes.
 */
function flatText(record: Snapshot, order: readonly CountedField[]): string | undefined {
  let text = '';
  for (const { field, key } of order) {
    let value = record[field];
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') value = withoutLinkKey(value);
    else if (typeof value !== 'number' && typeof value !== 'boolean') return undefined;
    text += `${text ? ',' : '{'}${key}${JSON.stringify(value)}`;
  }
  return text ? `${text}}` : '{}';
}

/**
 * Versions of the texts hashed lately, by text. A list is read again and again (every open screen
 * refreshes on a change), and hashing its rows was a tenth of a list call: rows unchanged since are
 * not hashed again. Bounded in entries and in each text's length (a template's long body is hashed
 * every time): at most about 10 MiB (two-byte text), usually far less; the oldest entry goes first.
 */
const RECENT_TEXT_CHARS = 1_000;
const recentVersions = new BoundedMap<string, string>(5_000);

/**
 * The digest's first VERSION_CHARS characters as a string of their own. `slice` answers a view into
 * the whole digest, and JSON.stringify writes such a view on its slow path: a list page's 25 versions
 * made its answer take three times as long to serialise. The copy is made once, when a text is first
 * hashed (recentVersions keeps it).
 */
const digest = (text: string) => Buffer.from(hash('sha256', text, 'base64url').slice(0, VERSION_CHARS), 'latin1').toString('latin1');

function hashText(text: string): string {
  if (text.length > RECENT_TEXT_CHARS) return digest(text);
  let version = recentVersions.get(text);
  if (version === undefined) {
    version = digest(text);
    recentVersions.set(text, version);
  }
  return version;
}

const hashOf = (fields: Snapshot) => hashText(canonical(fields));

/**
 * The counted fields' order of a declaration's records, by their fields (a record's fields are its
 * read schema's, so a declaration has one or a few): found once, not on every version.
 */
const orders = new WeakMap<ResourceDeclaration, BoundedMap<string, CountedField[] | undefined>>();
function orderOf(fields: readonly string[], declaration: ResourceDeclaration): CountedField[] | undefined {
  let known = orders.get(declaration);
  if (!known) orders.set(declaration, (known = new BoundedMap(100)));
  const key = fields.join('\n');
  if (!known.has(key)) known.set(key, countedOrder(fields, ignoredBy(declaration)));
  return known.get(key);
}

/** Versions of the snapshots reckoned lately: a save asks for the one it loaded twice (its checks before and in its transaction). */
const snapshotVersions = new WeakMap<Snapshot, string>();

/** A record's version: a hash of what it holds as its read route answers it, so nothing stores it. */
export function versionOf(snapshot: Snapshot, declaration: ResourceDeclaration): string {
  let version = snapshotVersions.get(snapshot);
  if (version === undefined) {
    const order = orderOf(Object.keys(snapshot), declaration);
    const flat = order && flatText(snapshot, order);
    version = flat === undefined ? hashOf(counted(snapshot, declaration)) : hashText(flat);
    snapshotVersions.set(snapshot, version);
  }
  return version;
}

/** Answers the record's version as its ETag (quoted, strong: the same version is the same fields). */
export function answerVersion(reply: FastifyReply, snapshot: Snapshot | undefined, declaration: ResourceDeclaration): void {
  if (snapshot) reply.header('etag', `"${versionOf(snapshot, declaration)}"`);
}

/** A list page's envelope: a page object whose `list` is an array of row objects (src/shared/envelope.ts, listEnvelopeOf). */
type ListEnvelope = z.ZodObject<{ data: z.ZodObject<{ list: z.ZodArray<z.ZodObject> }> }>;

const rowsOf = (list: z.ZodType) => (list as ListEnvelope).shape.data.shape.list.element;

/** A list's response schema with each row's version declared beside its fields. */
export function withRowVersions(list: z.ZodType): z.ZodType {
  const envelope = list as ListEnvelope;
  const page = envelope.shape.data;
  const version = z.string().describe("The record's version, the ETag its one-record read answers: send it as If-Match to change or delete the record from this row.");
  return envelope.extend({ data: page.extend({ list: z.array(rowsOf(list).extend({ [VERSION_FIELD]: version })) }) });
}

/** The fields of a declaration's record (its one-record answer's data). */
const recordFieldsOf = (declaration: ResourceDeclaration) => Object.keys((declaration.schemas.one as z.ZodObject<{ data: z.ZodObject }>).shape.data.shape);

/**
 * Whether a list's rows hold every field of their record, so a row's version can be reckoned from
 * the row itself. A shorter row (a project without its filters, an account without its
 * connections) takes its version from its record, read with the page's others (recordVersions).
 */
export function rowsHoldRecord(declaration: ResourceDeclaration): boolean {
  const fields = new Set(Object.keys(rowsOf(declaration.schemas.list).shape));
  return recordFieldsOf(declaration).every((field) => fields.has(field));
}

/** A list page with each row's version, the value its record's ETag holds. */
export type PageVersions = (page: ListPage<unknown>, request: FastifyRequest) => ListPage<unknown> | Promise<ListPage<unknown>>;

/**
 * Rows of one declaration whose version was reckoned lately, by id, with the counted values it was
 * reckoned from. A list is read again and again, most of its rows unchanged: a row whose counted
 * values are the same ones (===) has the same text and so the same version, found without writing
 * the text out and hashing it (most of what versions cost a list call). Any other row is reckoned anew.
 */
const ROWS_SEEN = 2_000;
interface SeenRow {
  values: unknown[];
  version: string;
}

function holdsValues(row: Snapshot, order: readonly CountedField[], values: readonly unknown[]): boolean {
  for (let index = 0; index < order.length; index++) if (row[order[index].field] !== values[index]) return false;
  return true;
}

/**
 * Each row of a list page with its version, the value its record's ETag holds: the record's fields
 * picked from the row (the row's encoding is the record's). Undefined where rows are shorter.
 */
export function rowVersions(declaration: ResourceDeclaration) {
  if (!rowsHoldRecord(declaration)) return undefined;
  const fields = recordFieldsOf(declaration);
  // The fields counted and their order are the declaration's: found once, not per row.
  const order = countedOrder(fields, ignoredBy(declaration));
  const seen = new BoundedMap<unknown, SeenRow>(ROWS_SEEN);
  const versionOfRow = (row: Snapshot) => {
    if (order) {
      const last = seen.get(row.id);
      if (last && holdsValues(row, order, last.values)) return last.version;
      const flat = flatText(row, order);
      if (flat !== undefined) {
        const version = hashText(flat);
        seen.set(row.id, { values: order.map(({ field }) => row[field]), version });
        return version;
      }
    }
    return versionOf(Object.fromEntries(fields.map((field) => [field, row[field]])), declaration);
  };
  return (page: ListPage<unknown>): ListPage<unknown> => ({ ...page, list: page.list.map((row) => ({ ...(row as Snapshot), [VERSION_FIELD]: versionOfRow(row as Snapshot) })) });
}

/**
 * Each row of a list page with its version where rows are shorter than their record: the page's
 * records read in one batch (`records`, each as its one-record read answers it), one read per page
 * and never one per row. A record gone between the two reads is left out, as a read a moment later
 * would leave it.
 */
export function recordVersions(declaration: ResourceDeclaration, records: (ids: unknown[], request: FastifyRequest) => Promise<(Snapshot | undefined)[]>): PageVersions {
  return async (page, request) => {
    if (page.list.length === 0) return page;
    const read = await records(
      page.list.map((row) => (row as Snapshot).id),
      request,
    );
    const versions = new Map(read.flatMap((record) => (record ? [[String(record.id), versionOf(record, declaration)] as const] : [])));
    return {
      ...page,
      list: page.list.flatMap((row) => {
        const version = versions.get(String((row as Snapshot).id));
        return version === undefined ? [] : [{ ...(row as Snapshot), [VERSION_FIELD]: version }];
      }),
    };
  };
}

/** The version a write names in If-Match (`"v"` or `W/"v"`); undefined for none or `*` (any version). */
export function askedVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['if-match'];
  const text = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!text || text === '*') return undefined;
  return /^(?:W\/)?"?([^",]*)"?/.exec(text)?.[1];
}

/** The If-Match header a PUT or DELETE of a declared record may send, for the OpenAPI document. */
export const versionHeaders = z.looseObject({
  'if-match': z
    .string()
    .max(200)
    .optional()
    .describe('The version (ETag) the write was made from. A record changed since is refused with 412 STALE_VERSION; without it the write is made whatever the version (for API clients).'),
});

/** What a refused stale write answers beside its message: the record as it is now, to compare with and to save over. */
export const staleVersionData = z.object({
  record: z.record(z.string(), z.unknown()),
  version: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
  fields: z.array(z.string()),
}) satisfies z.ZodType<StaleVersion>;

/** The 412's envelope, declared on each PUT and DELETE that accepts If-Match. */
export const staleVersionEnvelope = z
  .object({ result: z.literal('STALE_VERSION'), resultMessage: z.string(), data: staleVersionData })
  .describe('The record changed since the version named in If-Match: nothing was written. The message says who changed it, when and which fields; data holds the record as it is now and its version.');

/**
 * Who changed the record since `asked`, when and which fields: its activity entries newest first,
 * each undone on the current record (its fields set back to their `before`) until the record hashes
 * to the version the writer read. Where the log cannot get back there (a change no person made, a
 * value it keeps shortened) the latest entry is what it says.
 */
function changesSince(current: Snapshot, asked: string, entries: readonly ActivityEntry[], declaration: ResourceDeclaration): Pick<StaleVersion, 'changedBy' | 'changedAt' | 'fields'> {
  const latest = entries[0];
  const who = { changedBy: latest?.actorName ?? null, changedAt: latest?.occurredAt ?? null };
  let fields = counted(current, declaration);
  const touched = new Set<string>();
  for (const entry of entries) {
    if (entry.action === 'create') break;
    fields = { ...fields };
    for (const change of entry.changes) {
      touched.add(change.field);
      if (change.before === null) delete fields[change.field];
      else fields[change.field] = change.before;
    }
    if (hashOf(counted(fields, declaration)) === asked) return { ...who, fields: [...touched].sort() };
  }
  return { ...who, fields: (latest?.changes ?? []).map((change) => change.field).sort() };
}

/** A field's label in the reader's language, or its name. */
export function labelOf(declaration: ResourceDeclaration, field: string, language: 'en' | 'ko'): string {
  const labels = (language === 'ko' ? resourceLabelsKo : resourceLabelsEn).messages[declaration.name] as { fields?: Record<string, unknown> } | undefined;
  const label = labels?.fields?.[field];
  return typeof label === 'string' ? label : field;
}

/** A record's latest activity entries, newest first (app.activity.latest). */
export type LatestActivity = (resource: string, id: string, limit: number) => Promise<ActivityEntry[]>;

/**
 * A record's latest activity entries: its own, or, for a record the log keeps under another
 * (LOGGED_UNDER: a share's, on its project), that record's entries naming it.
 */
async function entriesOf(declaration: ResourceDeclaration, id: string, current: Snapshot, latest: LatestActivity): Promise<ActivityEntry[]> {
  const under = LOGGED_UNDER.get(declaration.name);
  if (!under) return latest(declaration.name, id, ENTRIES_READ_BACK);
  const entries = await latest(under.resource, String(current[under.field]), ENTRIES_READ_BACK);
  return entries.filter((entry) => {
    const logged = loggedRecordOf(entry);
    return logged?.resource === declaration.name && logged.recordId === id;
  });
}

/**
 * Refuses a write that names a version (If-Match) the record, as `current` holds it, no longer has:
 * a 412 saying who changed it, when and which fields. Checked first on the record as the write
 * loaded it (before its other checks, whose refusals the change may have made moot), then again in
 * its transaction (refuseStaleInWrite).
 */
export async function refuseStale(
  request: FastifyRequest,
  declaration: ResourceDeclaration,
  id: string,
  current: Snapshot | undefined,
  latest: LatestActivity,
  asked = askedVersion(request),
): Promise<void> {
  if (asked === undefined || !current) return; // A record gone meanwhile: the write answers its own 404.
  const version = versionOf(current, declaration);
  if (version === asked) return;
  const since = changesSince(current, asked, await entriesOf(declaration, id, current, latest), declaration);
  const reader = readerOf(request);
  const fields = since.fields.map((field) => labelOf(declaration, field, reader.language)).join(', ');
  const data: StaleVersion = { record: current, version, ...since };
  if (!since.changedBy || !since.changedAt || !fields) {
    throw new AppError('STALE_VERSION', sentence('crud.changedSinceOpened', { noun: recordNoun(declaration.noun) }), data);
  }
  const when = formatZonedDateTime(since.changedAt, reader.timeZone);
  throw new AppError('STALE_VERSION', sentence('crud.changedSinceOpenedBy', { noun: recordNoun(declaration.noun), who: since.changedBy, when, fields }), data);
}

/**
 * The check again in the write's transaction: it holds the record (lockRecord) before reading it, so a
 * second save of the same record waits for the first to commit and then finds the version the first
 * one made. Every write takes the hold, with If-Match or without, so none slips between another's
 * check and its write.
 */
export async function refuseStaleInWrite(
  trx: Db,
  request: FastifyRequest,
  declaration: ResourceDeclaration,
  id: string,
  read: () => Promise<Snapshot | undefined>,
  latest: LatestActivity,
  asked = askedVersion(request),
): Promise<void> {
  await lockRecord(trx, declaration.name, id);
  if (asked !== undefined) await refuseStale(request, declaration, id, await read(), latest, asked);
}
