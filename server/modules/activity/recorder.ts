import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Insertable } from 'kysely';
import { ACTIVITY_SECRET, type ActivityChange, type ActivityResource } from '../../../src/shared';
import { isoNow } from '../../clock';
import { SECRET_KEY } from '../../audit/redact';
import type { ActivityLogTable } from '../../db/schema';
import { handedOverBy, recordReaders } from '../../http/record-readers';
import { insertActivity } from './queries';
import { ACTIVITY_ROUTES, isRecorded, type ReadAs, type RecordedRoute, type Target } from './routes-table';
import { ACTIVITY_SUBJECTS, IGNORED_FIELDS, type Snapshot } from './subjects';

interface Pending {
  route: RecordedRoute;
  /** Undefined until the handler has run, for a route that hands over the record its target is read from. */
  target?: Target;
  actorName: string;
  before: Map<string, Snapshot | undefined>;
  data?: Snapshot;
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

/** Whether the route's handler hands over the record it writes (crudRoutes), and that record is the one recorded (not a share's project). */
const handsOver = (request: FastifyRequest, route: RecordedRoute) => request.routeOptions.config.handsOverRecord === true && !route.target;

/**
 * The activity recorder (issue 30 item 4): every mutating /api route goes through it, declared in
 * ACTIVITY_ROUTES. A route of the factory (crudRoutes) hands it the record it loaded before the
 * write and answers the record after it, so nothing is read again; for any other route it reads
 * the record before the handler and after a successful answer through the resource's own read
 * (record-readers.ts, a function call as the caller), compares, and writes one activity row per
 * record, in words a describer gives special actions. Handlers hold no call of it. The row is
 * written before the answer leaves, so a caller that saw the change succeed finds it in the log,
 * even if the server is killed the next moment; only a route whose work goes on after its answer
 * (an upload's commit) is written once the answer has left, and readers of the log wait for those
 * (flush). A failure to record is logged and never changes the answer.
 */
export const activityRecorder = fp(async (app: FastifyInstance) => {
  const pending = new WeakMap<FastifyRequest, Pending>();
  const writes = new Set<Promise<void>>();
  // A Map, so a route key can never reach what every object inherits.
  const routes = new Map(Object.entries(ACTIVITY_ROUTES));
  const readers = recordReaders(app.ctx);

  const readAs =
    (request: FastifyRequest, reply: FastifyReply): ReadAs =>
    async (resource, id) => {
      const read = readers.get(resource);
      if (!read) throw new Error(`no record reader for ${resource}`);
      return read(request, reply, String(id));
    };

  app.decorate('activity', {
    /** Resolves once every entry of a route whose work goes on after its answer is written. */
    flush: async () => {
      await Promise.all([...writes]);
    },
    readAs,
  });

  /** The record(s) a call is about and how they were before it, read as the caller. */
  async function targetOf(request: FastifyRequest, route: RecordedRoute, read: ReadAs): Promise<{ target: Target; before: Map<string, Snapshot | undefined> } | undefined> {
    const params = (request.params ?? {}) as Record<string, string>;
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const target = route.target
      ? await route.target({ params, body, adminId: request.admin?.id }, read)
      : { resource: route.resource, ids: route.create ? [] : [String(params[route.idParam ?? 'id'])] };
    if (!target) return undefined;
    const subject = ACTIVITY_SUBJECTS.get(target.resource)!;
    const before = new Map<string, Snapshot | undefined>();
    // The factory's routes hand over the record they load themselves, when it is the one recorded: reading it here would be a second read.
    if (!handsOver(request, route)) for (const id of target.ids) before.set(id, await read(subject.reads, id));
    return { target, before };
  }

  app.addHook('preHandler', async (request, reply) => {
    const declared = routes.get(`${request.method} ${request.routeOptions.url}`);
    if (!declared || !isRecorded(declared) || !request.admin) return;
    // The caller's name as the auth guard read it with the session: no query per write.
    const actorName = request.admin.name || request.admin.email;
    // A factory's route whose entry is about another record (a share's project) finds it from the record the handler hands over.
    if (request.routeOptions.config.handsOverRecord && declared.target) return void pending.set(request, { route: declared, before: new Map(), actorName });
    const found = await targetOf(request, declared, readAs(request, reply));
    if (found) pending.set(request, { route: declared, ...found, actorName });
  });

  // The answer's data (a create's id, a share, an upload) is read as it leaves, and the row written before it goes.
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
    held.data = answer.data && typeof answer.data === 'object' ? (answer.data as Snapshot) : {};
    if (held.route.workGoesOn) pending.set(request, held);
    else await record(request, reply, held).catch((error: unknown) => request.log.error({ err: error }, 'activity write failed'));
    return payload;
  });

  app.addHook('onResponse', (request, reply, done) => {
    const held = pending.get(request);
    pending.delete(request);
    if (held?.data) {
      const write = record(request, reply, held)
        .catch((error: unknown) => app.log.error({ err: error }, 'activity write failed'))
        .finally(() => writes.delete(write));
      writes.add(write);
    }
    done();
  });

  async function record(request: FastifyRequest, reply: FastifyReply, held: Pending): Promise<void> {
    const { route, data } = held;
    const read = readAs(request, reply);
    if (!held.target) {
      const record = handedOverBy(request);
      // The handed-over record as it was before the write, not read again.
      const readHanded: ReadAs = async (resource, id) => (record?.before && record.record?.resource === resource && record.record.id === String(id) ? record.before() : read(resource, id));
      const found = await targetOf(request, route, readHanded);
      if (!found) return;
      Object.assign(held, found);
    }
    const target = held.target!;
    const subject = ACTIVITY_SUBJECTS.get(target.resource)!;
    const ids = route.create ? (data?.id === undefined ? [] : [String(data.id)]) : target.ids;
    const handed = handsOver(request, route) ? handedOverBy(request) : undefined;
    const rows: Insertable<ActivityLogTable>[] = [];
    for (const id of ids) {
      const before = withoutLinkKeys(handed?.before ? handed.before() : held.before.get(id));
      // The factory answers the record as its read route does: the answer is the record after.
      const after = withoutLinkKeys(route.action === 'delete' ? undefined : handed?.answerIsRecord ? data : route.noReload ? before : await read(subject.reads, id));
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const changes = changedFields(target.resource, before, after, route.action === 'update' ? body : {});
      const described = route.describe?.({ before, after, data, body, extra: target.extra, changes }) ?? {};
      const action = described.action ?? route.action;
      const finalChanges = described.changes ?? changes;
      // A save that changed nothing is no activity.
      if (action === 'update' && finalChanges.length === 0) continue;
      const named = after ?? before;
      rows.push({
        actor_id: request.admin?.id ?? null,
        actor_name: held.actorName,
        action,
        resource: target.resource,
        record_id: id,
        record_name: (named ? subject.name(named) : '').slice(0, 300) || (subject.settings ? '' : `#${id}`),
        params: JSON.stringify(described.params ?? {}),
        changes: JSON.stringify(finalChanges),
        event_id: request.id,
        occurred_at: isoNow(app.ctx.clock),
      });
    }
    await insertActivity(app.ctx.db, rows);
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    activity: { flush(): Promise<void>; readAs(request: FastifyRequest, reply: FastifyReply): ReadAs };
  }
}
