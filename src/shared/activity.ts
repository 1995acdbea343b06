import { codeMessageKey, type CodeSet } from './code-sets';

/**
 * The activity log (issue 30 item 4): who did what to which record, kept as an action, its
 * params and the fields before and after; the words are the catalogue's (console.activity.*),
 * drawn by activitySentence in the browser and in the CSV export, in the reader's language. No zod
 * here: every record's history draws these words, and the first list screen must not load the schema
 * library (its schemas are activity-schemas.ts).
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'upload-append',
  'upload-replace',
  'schedule',
  'share',
  'share-change',
  'unshare',
  'publish',
  'password-reset',
  'password-change',
  'unlock',
  'approve',
  'reject',
  'grant-upload',
  'revoke-upload',
  'run',
  'backfill',
  'resume',
  'retry',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The API resources an activity can be about; their names are the catalogue's resources.<name>.name. */
export const ACTIVITY_RESOURCES = [
  'users',
  'domains',
  'terms',
  'properties',
  'templates',
  'email-templates',
  'alert-mails',
  'market-accounts',
  'collect-configs',
  'post-configs',
  'tasks',
  'datasets',
  'projects',
  'plans',
  'system-logs',
  'collect-retention',
] as const;
export type ActivityResource = (typeof ACTIVITY_RESOURCES)[number];

/** A field as it was and became; a secret is the marker, never its value. */
export interface ActivityChange {
  field: string;
  before: unknown;
  after: unknown;
}
/** What a secret field's value is recorded as. */
export const ACTIVITY_SECRET = '[SECRET]';

/** One entry of the log; its schema (activity-schemas.ts) is checked against this type. */
export interface ActivityEntry {
  id: number;
  actorId: number | null;
  actorName: string;
  action: ActivityAction;
  resource: ActivityResource;
  recordId: string;
  recordName: string;
  params: Record<string, string | number>;
  changes: ActivityChange[];
  occurredAt: string;
  /** The request's event id in the system log. */
  eventId: string;
}

/** Looks a message up by key with %{name} params: react-admin's translate, or the server's over the same catalogue. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A value in a sentence: text quoted, nothing as a dash, a list joined. */
export function activityValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(activityValue).join(', ');
  // A file is named by its name, as its field shows it; other structures as JSON text.
  if (typeof value === 'object') return 'originalName' in value && typeof value.originalName === 'string' ? `'${value.originalName}'` : JSON.stringify(value);
  return typeof value === 'string' ? `'${value}'` : String(value);
}

/** The record's kind in words: the first (singular) form of resources.<name>.name. */
export function activityResourceName(resource: string, t: Translate): string {
  return t(`resources.${resource}.name`, { smart_count: 1, _: resource }).split('||||')[0].trim();
}

/** "Mina Park replaced Monthly budgets KR (25 → 15 rows)": the entry in the catalogue's words. */
export function activitySentence(entry: Pick<ActivityEntry, 'action' | 'actorName' | 'resource' | 'recordName'> & Partial<Pick<ActivityEntry, 'params'>>, t: Translate): string {
  // A row drawn from a partial record (a list's placeholder before its data arrives) has no params yet.
  const { privilege, ...params } = entry.params ?? {};
  return t(`console.activity.sentences.${entry.action}`, {
    ...params,
    // A share's privilege is a code: its words are the share form's.
    ...(privilege === undefined ? {} : { privilege: t(`resources.project-shares.privileges.${privilege}`, { _: String(privilege) }) }),
    actor: entry.actorName,
    resource: activityResourceName(entry.resource, t),
    // A setting has no name of its own: the catalogue names it.
    record: entry.recordName || t(`console.activity.records.${entry.resource}`, { _: entry.resource }),
  });
}

/** Fields whose values are codes, read through the code table's words ('Active Yes → No', not 'Y → N'). */
const CODE_FIELDS: Readonly<Record<string, CodeSet>> = {
  activeFlag: 'yesNo',
  inUse: 'yesNo',
  backupFlag: 'yesNo',
  approverFlag: 'yesNo',
  creatorFlag: 'yesNo',
  uploaderFlag: 'yesNo',
  suspended: 'yesNo',
  approvalStatusCode: 'approvalStatus',
  dataSource: 'dataSource',
  dashboardType: 'dashboardType',
  sourceType: 'sourceType',
  targetMethod: 'targetMethod',
  privilege: 'sharePrivilege',
};

/** "Description 'x' → 'y'": one changed field, named as its form names it. */
export function activityChangeText(resource: string, change: ActivityChange, t: Translate): string {
  const label = t(`resources.${resource}.fields.${change.field}`, { _: change.field });
  const set = CODE_FIELDS[change.field];
  const value = (shown: unknown) => {
    if (shown === ACTIVITY_SECRET) return t('console.activity.secret');
    return set && typeof shown === 'string' ? t(codeMessageKey(set, shown), { _: shown }) : activityValue(shown);
  };
  return `${label} ${value(change.before)} → ${value(change.after)}`;
}
