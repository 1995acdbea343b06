import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TableRows } from '../db/record-rows';
import { perAppRegistry } from '../db/per-app-registry';

/** A record as its own read route answers it: the response schema's encoding, through JSON (secrets are never in it). */
export type Snapshot = Record<string, unknown>;

/** Fields no person edits on any resource (ids and bookkeeping): the activity log does not record them, and a record's version does not count them. */
export const IGNORED_FIELDS: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'progress', 'preview', 'fileUrl']);

/** A link the server made for the caller (`/api/files/7?token=…`): the path without its key. */
const SIGNED_LINK = /^(\/api\/[^?\s]*)\?token=[^\s]*$/;

/** A text without the key of the signed link it may be (only a text starting `/api/` can be one). */
export const withoutLinkKey = (text: string): string => (text.startsWith('/api/') ? text.replace(SIGNED_LINK, '$1') : text);

/**
 * A record as the activity log and its version keep it: a file link the record was read with loses
 * its token, so the log keeps what a file is, never a key to it that the log's readers could use
 * (and a link signed anew on every read is no change).
 */
export function withoutLinkKeys<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return withoutLinkKey(value) as T;
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutLinkKeys(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutLinkKeys(item, depth + 1)])) as T;
}

/**
 * Reads one record as the caller, as its read route would answer it; undefined where that route
 * would not answer 200. `passes` is there where whoever passes the route's guard may read every
 * record (no scope rule): the guard alone, for a record known to exist (the event stream's check of
 * a change just committed, once per open screen).
 */
export type RecordReader = ((request: FastifyRequest, reply: FastifyReply, id: string) => Promise<Snapshot | undefined>) & {
  passes?(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
};

/** The data of an envelope as the route's serializer writes it (fastify-type-provider-zod encodes, then JSON). */
export function snapshotOf(envelope: z.ZodType, answer: unknown): Snapshot | undefined {
  const encoded = envelope.safeEncode(answer);
  if (!encoded.success) return undefined;
  const flat = flatCopy((encoded.data as { data?: unknown } | null)?.data);
  if (flat) return flat;
  const data = (JSON.parse(JSON.stringify(encoded.data)) as { data?: unknown }).data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Snapshot) : undefined;
}

/**
 * A plain record whose fields are all text, finite numbers, booleans or null (nearly every one), as
 * it reads back through JSON: a shallow copy without its undefined fields, with no round trip
 * through text (twice per save). Undefined for any other record, which goes through JSON.
 */
function flatCopy(data: unknown): Snapshot | undefined {
  if (data === null || typeof data !== 'object' || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  const copy: Snapshot = {};
  for (const [field, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (field === '__proto__' || !(value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))) return undefined;
    copy[field] = value === 0 ? 0 : value; // JSON writes -0 as 0.
  }
  return copy;
}

/**
 * Each resource's in-process read, registered by whoever serves its read route (crudRoutes for a
 * declared resource, a settings module for its setting), so the activity recorder reads a record
 * as a function call rather than a second request through the server. Kept per app context, so
 * two apps in one process (the tests) never share one.
 */
export const recordReaders = perAppRegistry<RecordReader>();

/**
 * Saves a record again as the caller through its update route's own steps (guard, scope, version
 * hold, checks, transaction, activity): `values` turns the record as read into the one to save (its
 * input fields are what is sent), and the activity entry it makes names the entry it undoes and its author.
 * Answers the record as saved.
 */
export type RecordReverter = (
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  revert: { entryId: number; actorName: string; values(form: Snapshot): Snapshot },
) => Promise<Snapshot | undefined>;

/** Each declared resource's update as a function call, registered by crudRoutes beside its read: what reverting a change runs. */
export const recordReverters = perAppRegistry<RecordReverter>();

/**
 * Puts a deleted record back as the caller through its create route's guard (the rank, or the
 * binding's create guard): the rows its delete took (record-rows.ts), same ids, in one transaction
 * with an activity entry naming the delete's. A taken name is the create's own 409. Answers the
 * record as restored.
 */
export type RecordRestorer = (
  request: FastifyRequest,
  reply: FastifyReply,
  deleted: { entryId: number; entryResource: string; entryRecordId: string; recordId: string; record: Snapshot; rows: TableRows[] },
) => Promise<Snapshot | undefined>;

/** Each declared resource with a create and a delete, its restore as a function call, registered by crudRoutes: what restoring a delete runs. */
export const recordRestorers = perAppRegistry<RecordRestorer>();
