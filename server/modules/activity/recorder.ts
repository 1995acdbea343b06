import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Insertable } from 'kysely';
import { ACTIVITY_SECRET, type ActivityChange, type ActivityResource } from '../../../src/shared';
import { isoNow } from '../../clock';
import { SECRET_KEY } from '../../audit/redact';
import type { ActivityLogTable } from '../../db/schema';
import type { Db } from '../../db/database';
import { recordReaders } from '../../http/record-readers';
import { insertActivity } from './queries';
import { ACTIVITY_ROUTES, isRecorded, type ReadAs, type RecordedRoute, type Target } from './routes-table';
import { ACTIVITY_SUBJECTS, IGNORED_FIELDS, type Snapshot } from './subjects';

/** A command's call between its handler's start and its answer: its record(s) as they were before. */
interface Pending {
  route: RecordedRoute;
  target: Target;
  before: Map<string, Snapshot | undefined>;
}

/** A field holding a secret: the system log's rule, but a code (a property's, a header's) is no one-time code here. */
const isSecret = (key: string) => key !== 'code' && SECRET_KEY.test(key);

/** Long texts (a template's body) are kept to their start. */
const MAX_VALUE_CHARS = 500;

/** A link the server made for the caller (`/api/files/7?token=…`): the path without its key. */
const SIGNED_LINK = /^(\/api\/[^?\s]*)\?token=[^\s]*$/;

/**
 * A record as the log keeps it: a file link the record was read with loses its token, so the log keeps
 * what a file is, never a key to it that the log's readers could use (and a link signed anew on every
 * read is no change).
 */
function withoutLinkKeys<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(SIGNED_LINK, '$1') as T;
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutLinkKeys(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutLinkKeys(item, depth + 1)])) as T;
}

/** A value as the log may keep it: secret-looking keys masked at any depth, like the system log's bodies. */
function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string' && value.length > MAX_VALUE_CHARS) return `${value.slice(0, MAX_VALUE_CHARS)}…`;
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isSecret(key) ? ACTIVITY_SECRET : masked(item, depth + 1)]));
}

/** The fields a person changed, before → after (a create: what it was made with; a delete: what it held). */
export function changedFields(resource: ActivityResource, before: Snapshot | undefined, after: Snapshot | undefined, body: Record<string, unknown> = {}): ActivityChange[] {
  const ignored = new Set([...IGNORED_FIELDS, ...(ACTIVITY_SUBJECTS.get(resource)?.ignore ?? [])]);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => !ignored.has(key));
  const changes: ActivityChange[] = [];
  for (const field of keys) {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    // A secret is never kept: that it changed is all the log says.
    if (isSecret(field)) changes.push({ field, before: ACTIVITY_SECRET, after: ACTIVITY_SECRET });
    else changes.push({ field, before: masked(was), after: masked(is) });
  }
  // A secret sent with the save is changed even though no read shows it.
  for (const [field, value] of Object.entries(body)) {
    if (isSecret(field) && typeof value === 'string' && value !== '' && !changes.some((change) => change.field === field)) changes.push({ field, before: ACTIVITY_SECRET, after: ACTIVITY_SECRET });
  }
  return changes;
}

/** What a write hands the recorder: whose record it wrote, and it before and after the write (made into snapshots only if recorded). */
export interface WrittenRecord {
  resource: string;
  id: string;
  before?: () => Snapshot | undefined;
  after?: () => Snapshot | undefined;
}

// A Map, so a route key can never reach what every object inherits.
const routes = new Map(Object.entries(ACTIVITY_ROUTES));

/** The declaration of the route a request came by, when it is recorded and a person made it. */
function recordedRoute(request: FastifyRequest): RecordedRoute | undefined {
  const declared = routes.get(`${request.method} ${request.routeOptions.url}`);
  return declared && isRecorded(declared) && request.admin ? declared : undefined;
}

/** Reads a record as the caller, through its read route's in-process read (record-readers.ts). */
const readAs =
  (request: FastifyRequest, reply: FastifyReply): ReadAs =>
  async (resource, id) => {
    const read = recordReaders(request.server.ctx).get(resource);
    if (!read) throw new Error(`no record reader for ${resource}`);
    return read(request, reply, String(id));
  };

/** The record(s) a call is about and, unless the write hands it over itself, how they were before it, read as the caller. */
async function targetOf(request: FastifyRequest, route: RecordedRoute, read: ReadAs, handed: boolean): Promise<{ target: Target; before: Map<string, Snapshot | undefined> } | undefined> {
  const params = (request.params ?? {}) as Record<string, string>;
  const target = route.target
    ? await route.target({ params, body: bodyOf(request), adminId: request.admin?.id }, read)
    : { resource: route.resource, ids: route.create ? [] : [String(params[route.idParam ?? 'id'])] };
  if (!target) return undefined;
  const subject = ACTIVITY_SUBJECTS.get(target.resource)!;
  const before = new Map<string, Snapshot | undefined>();
  if (!handed) for (const id of target.ids) before.set(id, await read(subject.reads, id));
  return { target, before };
}

const bodyOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;

/**
 * The activity rows of one call: for each record it is about, its fields before → after, in the
 * words a describer gives special actions. `afterOf` answers a record after the call.
 */
async function rowsOf(
  request: FastifyRequest,
  route: RecordedRoute,
  target: Target,
  data: Snapshot,
  beforeOf: (id: string) => Snapshot | undefined,
  afterOf: (id: string, before: Snapshot | undefined) => Promise<Snapshot | undefined>,
): Promise<Insertable<ActivityLogTable>[]> {
  const subject = ACTIVITY_SUBJECTS.get(target.resource)!;
  const body = bodyOf(request);
  const ids = route.create ? (data.id === undefined ? [] : [String(data.id)]) : target.ids;
  const rows: Insertable<ActivityLogTable>[] = [];
  for (const id of ids) {
    const before = withoutLinkKeys(beforeOf(id));
    const after = withoutLinkKeys(route.action === 'delete' ? undefined : await afterOf(id, before));
    const changes = changedFields(target.resource, before, after, route.action === 'update' ? body : {});
    const described = route.describe?.({ before, after, data, body, extra: target.extra, changes }) ?? {};
    const action = described.action ?? route.action;
    const finalChanges = described.changes ?? changes;
    // A save that changed nothing is no activity.
    if (action === 'update' && finalChanges.length === 0) continue;
    const named = after ?? before;
    rows.push({
      actor_id: request.admin!.id,
      // The caller's name as the auth guard read it with the session: no query per write.
      actor_name: request.admin!.name || request.admin!.email,
      action,
      resource: target.resource,
      record_id: id,
      record_name: (named ? subject.name(named) : '').slice(0, 300) || (subject.settings ? '' : `#${id}`),
      params: JSON.stringify(described.params ?? {}),
      changes: JSON.stringify(finalChanges),
      event_id: request.id,
      occurred_at: isoNow(request.server.ctx.clock),
    });
  }
  return rows;
}

/**
 * Writes the activity of a factory save (crudRoutes' create, update and delete) through `db`, the
 * save's transaction: the entry is committed with the write or not at all. The save hands over the
 * record as it loaded it before and as it answers it after, so nothing is read again; a route
 * whose entry is about another record (a share's project) reads that one here, as the caller.
 */
export async function recordActivity(db: Db, request: FastifyRequest, reply: FastifyReply, written: WrittenRecord): Promise<void> {
  const route = recordedRoute(request);
  if (!route) return;
  const before = written.before?.();
  const after = written.after?.();
  const read = readAs(request, reply);
  const readWritten: ReadAs = async (resource, id) => (resource === written.resource && String(id) === written.id ? before : read(resource, id));
  const found = await targetOf(request, route, readWritten, !route.target);
  if (!found) return;
  const subject = ACTIVITY_SUBJECTS.get(found.target.resource)!;
  const rows = await rowsOf(
    request,
    route,
    found.target,
    (after ?? before ?? {}) as Snapshot,
    (id) => (route.target ? found.before.get(id) : before),
    async (id, was) => (!route.target ? after : route.noReload ? was : read(subject.reads, id)),
  );
  await insertActivity(db, rows);
}

/** A command's record after it: read again as the caller, or, for a command that changes no field of it (a run, a share), as it was. */
const readAfter = (request: FastifyRequest, reply: FastifyReply, route: RecordedRoute, target: Target) => {
  const read = readAs(request, reply);
  const subject = ACTIVITY_SUBJECTS.get(target.resource)!;
  return async (id: string, before: Snapshot | undefined) => (route.noReload ? before : read(subject.reads, id));
};

/**
 * The activity rows of a call whose write goes on after its answer (an upload's commit), read now
 * as the caller: that write inserts them in its own transaction, so the entry is in the log exactly
 * when the change is.
 */
export async function activityOfLaterWrite(request: FastifyRequest, reply: FastifyReply): Promise<Insertable<ActivityLogTable>[]> {
  const route = recordedRoute(request);
  const found = route && (await targetOf(request, route, readAs(request, reply), false));
  if (!route || !found) return [];
  return rowsOf(request, route, found.target, {}, (id) => found.before.get(id), readAfter(request, reply, route, found.target));
}

/** Whether a route records its activity itself, in its write's transaction (the factory's, an upload's commit). */
const recordsItself = (request: FastifyRequest) => request.routeOptions.config.recordsActivity === true;

/**
 * The activity recorder for the routes that are no factory save: every mutating
 * /api route is declared in ACTIVITY_ROUTES, and for a command (an approval, a status, a password)
 * it reads the record before the handler and after a successful answer through the resource's own
 * read (record-readers.ts, a function call as the caller), compares, and writes one activity row
 * per record before the answer leaves, so a caller that saw the change succeed finds it in the log.
 * That row is its own commit after the command's: a failure to write it is logged and never changes
 * the answer. A factory save writes its own entry in its transaction (recordActivity), and so does
 * an upload's commit (activityOfLaterWrite).
 */
export const activityRecorder = fp(async (app: FastifyInstance) => {
  const pending = new WeakMap<FastifyRequest, Pending>();

  app.decorate('activity', { readAs, record: recordActivity });

  app.addHook('preHandler', async (request, reply) => {
    const route = recordedRoute(request);
    if (!route || recordsItself(request)) return;
    const found = await targetOf(request, route, readAs(request, reply), false);
    if (found) pending.set(request, { route, ...found });
  });

  // The answer's data (a create's id, a share) is read as it leaves, and the row written before it goes.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = pending.get(request);
    pending.delete(request);
    if (!held || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    let answer: { result?: string; data?: unknown };
    try {
      answer = JSON.parse(payload) as typeof answer;
    } catch {
      return payload; // Not JSON: nothing to record.
    }
    if (answer.result !== 'SUCCESS') return payload;
    const data = answer.data && typeof answer.data === 'object' ? (answer.data as Snapshot) : {};
    await rowsOf(request, held.route, held.target, data, (id) => held.before.get(id), readAfter(request, reply, held.route, held.target))
      .then((rows) => insertActivity(app.ctx.db, rows))
      .catch((error: unknown) => request.log.error({ err: error }, 'activity write failed'));
    return payload;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** `record` is recordActivity, for the write paths below the modules (crudRoutes), which do not import them. */
    activity: { readAs(request: FastifyRequest, reply: FastifyReply): ReadAs; record: typeof recordActivity };
  }
  interface FastifyContextConfig {
    /** The route writes its activity itself, in its write's transaction (crudRoutes' create, update and delete, an upload's commit). */
    recordsActivity?: boolean;
  }
}
