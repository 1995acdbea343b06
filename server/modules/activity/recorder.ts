import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Insertable } from 'kysely';
import { ACTIVITY_SECRET, LOGGED_UNDER, type ActivityChange, type ActivityEntry, type ActivityResource } from '../../../src/shared';
import { isoNow } from '../../clock';
import { SECRET_KEY } from '../../audit/redact';
import type { ActivityLogTable } from '../../db/schema';
import type { Db } from '../../db/database';
import { recordReaders, withoutLinkKeys } from '../../http/record-readers';
import { refuseStale } from '../../http/record-versions';
import { declarations } from '../../http/resource-declarations';
import { insertActivity, latestActivityOf } from './queries';
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
export const MAX_VALUE_CHARS = 500;

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
  /** The entry this save reverts (its id and who made it): it is recorded as the record's update, naming that entry. */
  revertOf?: { id: number; actorName: string };
  /** The delete entry this write restores (its id, and the record it is about): it is recorded as a restore naming that entry. */
  restoreOf?: { id: number; resource: string; recordId: string };
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
async function targetOf(
  request: FastifyRequest,
  route: RecordedRoute,
  read: ReadAs,
  handed: boolean,
  writtenId?: string,
  params = (request.params ?? {}) as Record<string, string>,
): Promise<{ target: Target; before: Map<string, Snapshot | undefined> } | undefined> {
  // A write that hands its record over names it; a bulk edit's route has no `:id`.
  const target = route.target
    ? await route.target({ params, body: bodyOf(request), adminId: request.admin?.id }, read)
    : { resource: route.resource, ids: route.create ? [] : [String(params[route.idParam ?? 'id'] ?? writtenId)] };
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
  // Every factory write passes here: its record's change goes to the open event streams (server/live) once its transaction commits.
  const type = !written.before ? 'created' : written.after ? 'updated' : 'deleted';
  await request.server.ctx.live.announce(request, { type, resource: written.resource, id: written.id });
  if (written.revertOf && ACTIVITY_SUBJECTS.has(written.resource)) return recordRevert(db, request, written, written.revertOf);
  if (written.restoreOf) return recordRestore(db, request, reply, written, written.restoreOf);
  const route = written.revertOf ? revertedElsewhere(request, written.resource, written.revertOf) : recordedRoute(request);
  if (!route) return;
  const before = written.before?.();
  const after = written.after?.();
  const read = readAs(request, reply);
  const readWritten: ReadAs = async (resource, id) => (resource === written.resource && String(id) === written.id ? before : read(resource, id));
  // A revert comes by its own route: the record it saves is the update route's `:id`.
  const found = await targetOf(request, route, readWritten, !route.target, written.id, written.revertOf && { id: written.id });
  if (!found) return;
  const subject = ACTIVITY_SUBJECTS.get(found.target.resource)!;
  const rows = await namingRecord(
    written,
    rowsOf(
      request,
      route,
      found.target,
      (after ?? before ?? {}) as Snapshot,
      (id) => (route.target ? found.before.get(id) : before),
      async (id, was) => (!route.target ? after : route.noReload ? was : read(subject.reads, id)),
    ),
  );
  await insertActivity(db, rows);
}

/**
 * The entries of a record logged under another (a share's, on its project: LOGGED_UNDER), each
 * naming that record by the declared param, whatever wrote it (its create, update, delete, a
 * revert, a restore): what a revert and a stale write find the record's entries by.
 */
async function namingRecord(written: WrittenRecord, rows: Promise<Insertable<ActivityLogTable>[]>): Promise<Insertable<ActivityLogTable>[]> {
  const under = LOGGED_UNDER.get(written.resource);
  if (!under) return rows;
  const id = /^\d+$/.test(written.id) ? Number(written.id) : written.id;
  return (await rows).map((row) => (row.resource === under.resource ? { ...row, params: JSON.stringify({ ...(JSON.parse(row.params ?? '{}') as object), [under.param]: id }) } : row));
}

/**
 * A revert comes by its own route (POST /api/activity/:id/revert), not its record's update route:
 * it is recorded as that record's update, its params naming the entry it undoes and who made it.
 */
async function recordRevert(db: Db, request: FastifyRequest, written: WrittenRecord, entry: { id: number; actorName: string }): Promise<void> {
  if (!request.admin) return;
  const route: RecordedRoute = { resource: written.resource, action: 'update', describe: () => ({ params: { revertOf: entry.id, revertedActor: entry.actorName } }) };
  const before = written.before?.();
  const rows = await rowsOf(
    request,
    route,
    { resource: written.resource, ids: [written.id] },
    {},
    () => before,
    async () => written.after?.(),
  );
  await insertActivity(db, rows);
}

/**
 * A revert of a record with no history of its own (a share) is recorded as its update route is,
 * on the record that route logs it under (its project), its params also naming the entry it undoes.
 */
function revertedElsewhere(request: FastifyRequest, resource: string, entry: { id: number; actorName: string }): RecordedRoute | undefined {
  const declaration = declarations.find((one) => one.name === resource);
  const update = declaration && routes.get(`PUT /api${declaration.path}/:id`);
  if (!update || !isRecorded(update) || !request.admin) return undefined;
  return {
    ...update,
    describe: (call) => {
      const described = update.describe?.(call) ?? {};
      return { ...described, params: { ...described.params, revertOf: entry.id, revertedActor: entry.actorName } };
    },
  };
}

/**
 * A restore comes by its own route (POST /api/activity/:id/restore): recorded as a restore of the
 * record, naming the delete entry, with what it holds again as a create's changes. A record with
 * no history of its own (a share) is restored on the record its delete was recorded on (its
 * project), read as it is now.
 */
async function recordRestore(db: Db, request: FastifyRequest, reply: FastifyReply, written: WrittenRecord, entry: { id: number; resource: string; recordId: string }): Promise<void> {
  if (!request.admin) return;
  const own = ACTIVITY_SUBJECTS.has(written.resource);
  const target = own ? { resource: written.resource, ids: [written.id] } : { resource: entry.resource, ids: [entry.recordId] };
  const after = own ? written.after?.() : await readAs(request, reply)(ACTIVITY_SUBJECTS.get(entry.resource)!.reads, entry.recordId);
  // A record logged elsewhere is said as its create says it (a share: whom, as what), again.
  const create = own ? undefined : createRouteOf(written.resource);
  const data = own ? {} : (written.after?.() ?? {});
  const route: RecordedRoute = {
    resource: target.resource,
    action: 'restore',
    describe: (call) => ({ params: { ...create?.describe?.(call).params, restoreOf: entry.id }, changes: own ? call.changes : [] }),
  };
  await insertActivity(
    db,
    await namingRecord(
      written,
      rowsOf(
        request,
        route,
        target,
        data,
        () => undefined,
        async () => after,
      ),
    ),
  );
}

/** The recorded create route of a declared resource, if it has one. */
function createRouteOf(resource: string): RecordedRoute | undefined {
  const declaration = declarations.find((one) => one.name === resource);
  const create = declaration && routes.get(`POST /api${declaration.path}`);
  return create && isRecorded(create) ? create : undefined;
}

/**
 * A command on one record (a status, an approval, a publish) that names the version it read in
 * If-Match is refused (412 STALE_VERSION, record-versions.ts) when the record, as just read before
 * it, has another; a route declares versionExempt, with its reason, where that does not apply.
 */
async function refuseStaleCommand(request: FastifyRequest, found: { target: Target; before: Map<string, Snapshot | undefined> }): Promise<void> {
  const declaration = declarations.find((one) => one.name === found.target.resource);
  if (!declaration || found.target.ids.length !== 1) return;
  const [id] = found.target.ids;
  await refuseStale(request, declaration, id, found.before.get(id), request.server.activity.latest);
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

  app.decorate('activity', { readAs, record: recordActivity, latest: (resource: string, id: string, limit: number) => latestActivityOf(app.ctx.db, resource, id, limit) });

  // Callback hooks: they run on every request, most of which (reads, factory saves) they leave alone,
  // and an async hook costs a promise each time.
  app.addHook('preHandler', (request, reply, done) => {
    const route = recordedRoute(request);
    if (!route || recordsItself(request)) return done();
    before(request, reply, route).then(() => done(), done);
  });
  async function before(request: FastifyRequest, reply: FastifyReply, route: RecordedRoute): Promise<void> {
    const found = await targetOf(request, route, readAs(request, reply), false);
    if (found && !route.versionExempt) await refuseStaleCommand(request, found);
    if (found) pending.set(request, { route, ...found });
  }

  // The answer's data (a create's id, a share) is read as it leaves, and the row written before it goes.
  app.addHook('onSend', (request, reply, payload, done) => {
    const held = pending.get(request);
    pending.delete(request);
    if (!held || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    after(request, reply, held, payload).then((sent) => done(null, sent), done);
  });
  async function after(request: FastifyRequest, reply: FastifyReply, held: Pending, payload: string): Promise<string> {
    let answer: { result?: string; data?: unknown };
    try {
      answer = JSON.parse(payload) as typeof answer;
    } catch {
      return payload; // Not JSON: nothing to record.
    }
    if (answer.result !== 'SUCCESS') return payload;
    const data = answer.data && typeof answer.data === 'object' ? (answer.data as Snapshot) : {};
    await rowsOf(request, held.route, held.target, data, (id) => held.before.get(id), readAfter(request, reply, held.route, held.target))
      .then(async (rows) => {
        await insertActivity(app.ctx.db, rows);
        // A command's records changed too: the event streams are told, as for a factory write.
        for (const row of rows)
          await app.ctx.live.announce(request, { type: row.action === 'create' ? 'created' : row.action === 'delete' ? 'deleted' : 'updated', resource: row.resource, id: row.record_id });
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'activity write failed'));
    return payload;
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    /** `record` is recordActivity, for the write paths below the modules (crudRoutes), which do not import them. */
    activity: {
      readAs(request: FastifyRequest, reply: FastifyReply): ReadAs;
      record: typeof recordActivity;
      /** A record's latest entries, newest first (read in the caller's transaction when it is in one). */
      latest(resource: string, id: string, limit: number): Promise<ActivityEntry[]>;
    };
  }
  interface FastifyContextConfig {
    /** The route writes its activity itself, in its write's transaction (crudRoutes' create, update and delete, an upload's commit). */
    recordsActivity?: boolean;
  }
}
