import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Insertable } from 'kysely';
import { ACTIVITY_SECRET, type ActivityChange, type ActivityResource } from '../../../src/shared';
import { isoNow } from '../../clock';
import { SECRET_KEY } from '../../audit/redact';
import type { ActivityLogTable } from '../../db/schema';
import { insertActivity, personName } from './queries';
import { ACTIVITY_ROUTES, isRecorded, type ReadAs, type RecordedRoute, type Target } from './routes-table';
import { ACTIVITY_SUBJECTS, IGNORED_FIELDS, type Snapshot } from './subjects';

/**
 * Marks the recorder's own reads: the system log leaves them out (they are no one's call). The value
 * is made per process, so a caller cannot hide a request from the log by sending the header.
 */
export const SNAPSHOT_HEADER = 'x-activity-snapshot';
export const SNAPSHOT_MARK = randomUUID();

interface Pending {
  route: RecordedRoute;
  target: Target;
  actorName: string;
  before: Map<string, Snapshot | undefined>;
  data?: Snapshot;
}

/** A field holding a secret: the system log's rule, but a code (a property's, a header's) is no one-time code here. */
const isSecret = (key: string) => key !== 'code' && SECRET_KEY.test(key);

/** Long texts (a template's body) are kept to their start. */
const MAX_VALUE_CHARS = 500;

/** A value as the log may keep it: secret-looking keys masked at any depth, like the system log's bodies. */
function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string' && value.length > MAX_VALUE_CHARS) return `${value.slice(0, MAX_VALUE_CHARS)}…`;
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, isSecret(key) ? ACTIVITY_SECRET : masked(item, depth + 1)]));
}

/** The fields a person changed, before → after (a create: what it was made with; a delete: what it held). */
export function changedFields(resource: ActivityResource, before: Snapshot | undefined, after: Snapshot | undefined, body: Record<string, unknown> = {}): ActivityChange[] {
  const ignored = new Set([...IGNORED_FIELDS, ...(ACTIVITY_SUBJECTS[resource].ignore ?? [])]);
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

/**
 * The activity recorder (issue 30 item 4): every mutating /api route goes through it, declared in
 * ACTIVITY_ROUTES. Before the handler it reads the record through the resource's own read route as
 * the caller (ACTIVITY_SUBJECTS); after a successful answer it reads it again, compares, and writes
 * one activity row per record, in words a describer gives special actions. Handlers hold no call of
 * it. The row is written before the answer leaves, so a caller that saw the change succeed finds it
 * in the log, even if the server is killed the next moment; only a route whose work goes on after
 * its answer (an upload's commit) is written once the answer has left, and readers of the log wait
 * for those (flush). A failure to record is logged and never changes the answer.
 */
export const activityRecorder = fp(async (app: FastifyInstance) => {
  const pending = new WeakMap<FastifyRequest, Pending>();
  const writes = new Set<Promise<void>>();

  const readAs =
    (request: FastifyRequest): ReadAs =>
    async (url) => {
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}), [SNAPSHOT_HEADER]: SNAPSHOT_MARK },
      });
      if (answer.statusCode !== 200) return undefined;
      const data = (answer.json() as { data?: unknown }).data;
      return data && typeof data === 'object' && !Array.isArray(data) ? (data as Snapshot) : undefined;
    };

  app.decorate('activity', {
    /** Resolves once every entry of a route whose work goes on after its answer is written. */
    flush: async () => {
      await Promise.all([...writes]);
    },
    readAs,
  });

  app.addHook('preHandler', async (request) => {
    const declared = ACTIVITY_ROUTES[`${request.method} ${request.routeOptions.url}`];
    if (!declared || !isRecorded(declared) || !request.admin) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const read = readAs(request);
    const target = declared.target
      ? await declared.target({ params, body, adminId: request.admin.id }, read)
      : { resource: declared.resource, ids: declared.create ? [] : [String(params[declared.idParam ?? 'id'])] };
    if (!target) return;
    const subject = ACTIVITY_SUBJECTS[target.resource];
    const before = new Map<string, Snapshot | undefined>();
    for (const id of target.ids) before.set(id, await read(subject.read(id)));
    pending.set(request, { route: declared, target, before, actorName: (await personName(app.ctx.db, request.admin.id)) ?? request.admin.email });
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
    else await record(request, held).catch((error: unknown) => request.log.error({ err: error }, 'activity write failed'));
    return payload;
  });

  app.addHook('onResponse', (request, _reply, done) => {
    const held = pending.get(request);
    pending.delete(request);
    if (held?.data) {
      const write = record(request, held)
        .catch((error: unknown) => app.log.error({ err: error }, 'activity write failed'))
        .finally(() => writes.delete(write));
      writes.add(write);
    }
    done();
  });

  async function record(request: FastifyRequest, held: Pending): Promise<void> {
    const { route, target, data } = held;
    const subject = ACTIVITY_SUBJECTS[target.resource];
    const ids = route.create ? (data?.id === undefined ? [] : [String(data.id)]) : target.ids;
    const read = readAs(request);
    const rows: Insertable<ActivityLogTable>[] = [];
    for (const id of ids) {
      const before = held.before.get(id);
      const after = route.action === 'delete' ? undefined : route.noReload ? before : await read(subject.read(id));
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
    activity: { flush(): Promise<void>; readAs(request: FastifyRequest): ReadAs };
  }
}
