import { LOGGED_UNDER, type ActivityAction, type ActivityChange, type ActivityEntry, type ActivityResource, type ScheduleTime } from '../../../src/shared';
import { operationsOf, type CrudOperation } from '../../../src/shared/resources/define';
import { declarations } from '../../http/resource-declarations';
import type { Snapshot } from './subjects';

/** What a route's request carries, as the recorder sees it. */
export interface RouteCall {
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The signed-in caller. */
  adminId: number | undefined;
}
/** Reads a record of a resource as the caller, as its read route answers (undefined when it cannot be read). */
export type ReadAs = (resource: string, id: string) => Promise<Snapshot | undefined>;

/** The record(s) a call is about, when they are not the route's own `:id`. */
export interface Target {
  resource: ActivityResource;
  ids: string[];
  /** What else the describer needs, read before the handler ran. */
  extra?: Snapshot;
}

export interface Described {
  action?: ActivityAction;
  params?: ActivityEntry['params'];
  changes?: ActivityChange[];
}
/** Words for a special action from the record before and after, the answer's data and the generic field changes. */
export type Describer = (c: { before?: Snapshot; after?: Snapshot; data?: Snapshot; body: Record<string, unknown>; extra?: Snapshot; changes: ActivityChange[] }) => Described;

export interface RecordedRoute {
  resource: ActivityResource;
  action: ActivityAction;
  /** The record is the answer's data.id (it did not exist before). */
  create?: boolean;
  /** The path parameter naming the record when it is not `id`. */
  idParam?: string;
  target?: (call: RouteCall, read: ReadAs) => Promise<Target | undefined>;
  /** Not read again after the call: it changes no field of the record (a run, a share), or its write goes on after the answer (an upload's commit). */
  noReload?: boolean;
  describe?: Describer;
  /**
   * Why a command on one record does not refuse a stale If-Match (the recorder checks every other
   * one against the record as it reads it before the command: 412 STALE_VERSION).
   */
  versionExempt?: string;
}
export interface NotActivity {
  notActivity: string;
  /** Why a route on one record (`/:id`) that writes no record of it takes no If-Match. */
  versionExempt?: string;
}
export type ActivityRoute = RecordedRoute | NotActivity;

const PREVIEW = 'a preview or a check: it answers and changes no record';
const EXPORT = 'an export link: a read, written to the system log';
const SIGN_IN = 'signing in, up or out and their codes: the access history records them';
const OWN_SETTINGS = "a person's own list settings (saved views, chosen columns): no one else's record";

/** Where a share's writes are logged: its project's history (LOGGED_UNDER). */
const SHARES = LOGGED_UNDER.get('project-shares')!;
const shareOf = async (id: string, read: ReadAs): Promise<Target | undefined> => {
  const share = await read('project-shares', id);
  return share && { resource: SHARES.resource, ids: [String(share[SHARES.field])], extra: share };
};
/** A collect configuration's schedules in use as their day codes and times; the sentence words the days (activitySentence). */
const scheduleTimes = (record?: Snapshot): ScheduleTime[] =>
  ((record?.schedules ?? []) as { scheduledTime?: string; scheduledDay?: string | null; inUse?: string }[])
    .filter((schedule) => schedule.inUse !== 'N')
    .map((schedule) => ({ day: schedule.scheduledDay ?? null, time: schedule.scheduledTime ?? '' }));

/** The create, update and delete of each declaration with a `history`, as the factory registers them (crud-routes.ts). */
const DECLARED_ROUTES: Record<string, RecordedRoute> = Object.fromEntries(
  declarations
    .filter((declaration) => declaration.history)
    .flatMap((declaration) => {
      const resource = declaration.name;
      const api = `/api${declaration.path}`;
      const routes: Partial<Record<CrudOperation, [string, RecordedRoute]>> = {
        create: [`POST ${api}`, { resource, action: 'create', create: true }],
        update: [`PUT ${api}/:id`, { resource, action: 'update' }],
        delete: [`DELETE ${api}/:id`, { resource, action: 'delete' }],
      };
      // A bulk edit records each record it changes as that record's update (server/http/bulk-edit-route.ts).
      const bulk: [string, RecordedRoute][] = declaration.bulkEdit ? [[`PATCH ${api}`, { resource, action: 'update' }]] : [];
      // An import records each record it creates as that record's create (server/http/import-route.ts); a preview writes none.
      const imported: [string, RecordedRoute][] = declaration.importable ? [[`POST ${api}/import`, { resource, action: 'create', create: true }]] : [];
      return [...operationsOf(declaration).flatMap((operation) => (routes[operation] ? [routes[operation]] : [])), ...bulk, ...imported];
    }),
);

/**
 * Every mutating API route (POST, PUT, PATCH, DELETE), recorded as activity or named as none with
 * the reason: a declared resource's own writes by its declaration, every other route here (one
 * listed here overrides the declared one, as collect configs' schedule sentence does).
 * tests/api/activity.spec.ts walks the routes the app registers and fails on one missing, so a new
 * route is recorded by declaring it, never by a call in its handler.
 */
export const ACTIVITY_ROUTES: Record<string, ActivityRoute> = {
  ...DECLARED_ROUTES,
  'POST /api/auth/signin': { notActivity: SIGN_IN },
  'POST /api/auth/signin/otp/resend': { notActivity: SIGN_IN },
  'POST /api/auth/signin/otp': { notActivity: SIGN_IN },
  'POST /api/auth/admin/initial-password': { notActivity: 'the seeded account replacing its handed password while signing in: the access history records it' },
  'POST /api/auth/admin/agreement': { notActivity: 'accepting terms while signing in: the term agreements record it' },
  'POST /api/auth/otp': { notActivity: SIGN_IN },
  'POST /api/auth/otp/verification': { notActivity: SIGN_IN },
  'POST /api/auth/signup': { notActivity: 'a sign-up: the account waits for approval, which is recorded' },
  'POST /api/auth/password/reset': { notActivity: 'asking for a reset link changes nothing' },
  'PUT /api/auth/password/reset': { notActivity: 'a person signed out setting their password from a mailed link: the access history records it' },
  'POST /api/auth/admin/otp/send': { notActivity: SIGN_IN },
  'POST /api/auth/admin/otp/verify': { notActivity: SIGN_IN },
  'PUT /api/auth/admin/password-change': {
    resource: 'users',
    action: 'password-change',
    // One's own account: the caller is the record.
    target: async (call) => ({ resource: 'users', ids: [String(call.adminId)] }),
  },
  'POST /api/auth/reissue': { notActivity: 'token refresh' },
  'POST /api/auth/signout': { notActivity: SIGN_IN },

  'PUT /api/users/:id/status': { resource: 'users', action: 'update' },
  'POST /api/users/:id/unlock': { resource: 'users', action: 'unlock', describe: () => ({ changes: [] }) },
  'POST /api/users/:id/password-reset': {
    resource: 'users',
    action: 'password-reset',
    describe: () => ({ changes: [] }),
    versionExempt: 'a reset link mailed to the person: it changes no field a version counts, so no one’s edit can be lost by it',
  },
  'PUT /api/users/:id/approval': { resource: 'users', action: 'approve', describe: ({ body }) => ({ action: body.approvalStatusCode === 'APPROVED' ? 'approve' : 'reject' }) },
  'POST /api/users/approval': {
    resource: 'users',
    action: 'approve',
    target: async (call) => ({ resource: 'users', ids: [...new Set((call.body.ids as number[]).map(String))] }),
    describe: ({ body }) => ({ action: body.approvalStatusCode === 'APPROVED' ? 'approve' : 'reject' }),
  },
  'POST /api/manual-permissions': { resource: 'users', action: 'grant-upload', target: async (call) => ({ resource: 'users', ids: [String(call.body.adminId)] }), describe: () => ({ changes: [] }) },
  'DELETE /api/manual-permissions/:adminId': { resource: 'users', action: 'revoke-upload', idParam: 'adminId', describe: () => ({ changes: [] }) },

  'POST /api/terms/:id/versions': { resource: 'terms', action: 'publish', describe: ({ body }) => ({ params: { version: String(body.termsVersion) }, changes: [] }) },
  'PUT /api/terms/:id/versions/:detailId': { resource: 'terms', action: 'publish', describe: ({ body }) => ({ params: { version: String(body.termsVersion) }, changes: [] }) },
  'POST /api/files': { notActivity: 'a file held for a form: the record that uses it is recorded when saved' },
  'POST /api/system-logs/export': { notActivity: EXPORT },
  'PUT /api/system-logs/retention': { resource: 'system-logs', action: 'update', target: async () => ({ resource: 'system-logs', ids: ['retention'] }) },
  'POST /api/email-templates/preview': { notActivity: PREVIEW },
  'POST /api/alert-mails/preview': { notActivity: PREVIEW },
  'PUT /api/collect-configs/:id': {
    resource: 'collect-configs',
    action: 'update',
    // A change of the schedules alone reads as one: "changed the schedule of Naver daily from 09:00 to 07:00".
    describe: ({ before, after, changes }) =>
      changes.length > 0 && changes.every((change) => change.field === 'schedules') ? { action: 'schedule', params: { from: scheduleTimes(before), to: scheduleTimes(after) }, changes } : {},
  },
  'POST /api/collect-configs/:id/run': {
    resource: 'collect-configs',
    action: 'run',
    noReload: true,
    describe: () => ({ changes: [] }),
    versionExempt: 'a run started now: it changes no field of the configuration',
  },
  'POST /api/collect-configs/:id/backfill': {
    resource: 'collect-configs',
    action: 'backfill',
    noReload: true,
    describe: ({ body }) => ({ params: { from: String(body.from), to: String(body.to) }, changes: [] }),
    versionExempt: 'past days collected now: it changes no field of the configuration',
  },
  'POST /api/collect-configs/:id/resume': { resource: 'collect-configs', action: 'resume', describe: () => ({ changes: [] }) },
  'POST /api/collect-configs/test-source': { notActivity: PREVIEW },
  'POST /api/post-configs/:id/test-connection': { notActivity: PREVIEW, versionExempt: PREVIEW },
  'POST /api/tasks/:id/retry': {
    resource: 'tasks',
    action: 'retry',
    noReload: true,
    describe: () => ({ changes: [] }),
    versionExempt: 'a task is the system’s record, no one edits it: a retry of a task that moved on is refused by its own state check',
  },
  'POST /api/datasets/infer': { notActivity: PREVIEW },
  'POST /api/uploads': { notActivity: 'a file checked before its commit changes no dataset; the commit is recorded' },
  'POST /api/uploads/:id/commit': {
    resource: 'datasets',
    action: 'upload-append',
    // The dataset, and how many rows it held before; the rows, and this entry with them, are written after the answer.
    versionExempt: 'the upload is a file checked against the data set’s columns, which the commit compares again itself; no one edits it',
    target: async (call, read) => {
      const upload = await read('uploads', call.params.id);
      return upload && { resource: 'datasets', ids: [String(upload.datasetId)], extra: upload };
    },
    noReload: true,
    describe: ({ before, body, extra }): Described => {
      const rows = Number(extra?.rowCount ?? 0);
      const held = Number(before?.rowCount ?? 0);
      const file = String(extra?.fileName ?? '');
      return body.mode === 'REPLACE'
        ? { action: 'upload-replace', params: { before: held, after: rows, file }, changes: [{ field: 'rowCount', before: held, after: rows }] }
        : { action: 'upload-append', params: { rows, before: held, file }, changes: [] };
    },
  },
  'POST /api/uploads/:id/discard': { notActivity: 'a checked file given up: nothing was written', versionExempt: 'an upload is a file being checked, no one edits it' },
  // A share's writes are logged on its project (LOGGED_UNDER): the recorder names the share in each entry (params.shareId).
  'POST /api/project-shares': {
    resource: SHARES.resource,
    action: SHARES.actions.create,
    target: async (call) => ({ resource: SHARES.resource, ids: [String(call.body[SHARES.field])] }),
    noReload: true,
    describe: ({ data }) => ({ params: { person: String(data?.name ?? data?.email ?? ''), privilege: String(data?.privilege ?? '') }, changes: [] }),
  },
  'PUT /api/project-shares/:id': {
    resource: SHARES.resource,
    action: SHARES.actions.update,
    target: async (call, read) => shareOf(call.params.id, read),
    noReload: true,
    describe: ({ extra, data }) => ({
      params: { person: String(extra?.name ?? ''), privilege: String(data?.privilege ?? '') },
      changes: [{ field: 'privilege', before: extra?.privilege, after: data?.privilege }],
    }),
  },
  'DELETE /api/project-shares/:id': {
    resource: SHARES.resource,
    action: SHARES.actions.delete,
    target: async (call, read) => shareOf(call.params.id, read),
    noReload: true,
    // The privilege it ended: what reverting the end gives back.
    describe: ({ extra }) => ({ params: { person: String(extra?.name ?? '') }, changes: [{ field: 'privilege', before: extra?.privilege, after: null }] }),
  },
  'POST /api/explorer/:id/export': { notActivity: EXPORT, versionExempt: EXPORT },
  'POST /api/activity/export': { notActivity: EXPORT },
  'PUT /api/system/preferences/:key': { notActivity: OWN_SETTINGS, versionExempt: OWN_SETTINGS },
  'DELETE /api/system/preferences/:key': { notActivity: OWN_SETTINGS, versionExempt: OWN_SETTINGS },
  'POST /api/activity/:id/revert': {
    notActivity: "a revert: it records itself, as its record's update naming the entry it reverts",
    versionExempt: 'the entry is no one’s edit; the revert holds its record’s version itself (crud-routes.ts)',
  },
  'POST /api/activity/:id/restore': {
    notActivity: 'a restore: it records itself, as a restore of its record naming the delete entry',
    versionExempt: 'the entry is no one’s edit, and a deleted record has no version',
  },
  'PUT /api/collect-retention/:kind': {
    resource: 'collect-retention',
    action: 'update',
    target: async () => ({ resource: 'collect-retention', ids: ['retention'] }),
    versionExempt: 'a console setting of one number, not a record: it has no version',
  },
};

export const isRecorded = (route: ActivityRoute): route is RecordedRoute => !('notActivity' in route);

/**
 * Whether a route (`PUT /api/users/:id/status`) is a command on one record that refuses a stale
 * If-Match: a recorded route with a path parameter, not declared versionExempt (the recorder's
 * check, recorder.ts). The factory's own update and delete check theirs themselves.
 */
export function checksVersion(route: string): boolean {
  if (!route.includes('/:') || !Object.hasOwn(ACTIVITY_ROUTES, route) || Object.hasOwn(DECLARED_ROUTES, route)) return false;
  const declared = ACTIVITY_ROUTES[route];
  return isRecorded(declared) && declared.versionExempt === undefined;
}
