import type { ActivityResource } from '../../../src/shared';

/** A record as its own read route answers it (secrets are never in it: the routes answer `secretSet`). */
export type Snapshot = Record<string, unknown>;

/**
 * How the recorder reads a record of each resource: through the resource's own read route, as the
 * person who acts (so it sees what the show page shows, with no SQL of its own), and what the
 * record is called in a sentence. `settings`: a console setting rather than a record, named by
 * the catalogue (console.activity.records.<resource>).
 */
export interface ActivitySubject {
  read(id: string): string;
  name(record: Snapshot): string;
  /** Fields that change by themselves (times, counters, derived values) and are no one's edit. */
  ignore?: readonly string[];
  settings?: boolean;
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const field = (name: string) => (record: Snapshot) => text(record[name]);
const byId = (resource: string) => (id: string) => `/api/${resource}/${encodeURIComponent(id)}`;

/** Fields no person edits on any resource: ids and bookkeeping. */
export const IGNORED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'progress', 'preview', 'fileUrl']);

export const ACTIVITY_SUBJECTS: Record<ActivityResource, ActivitySubject> = {
  users: {
    read: byId('users'),
    name: (record) => `${text(record.firstName)} ${text(record.lastName)}`.trim() || text(record.email),
    // The connected lists are compared as the show page words them (names by region and advertiser), not as
    // the codes the edit form starts from; sign-in times and the lock are the account's own doing.
    ignore: ['countryCodes', 'dataTypes', 'projectList', 'lastSignInAt', 'passwordUpdatedAt', 'lockedUntil', 'companyCode', 'regionCode', 'officeCode'],
  },
  domains: { read: byId('domains'), name: field('domain') },
  terms: { read: byId('terms'), name: field('title'), ignore: ['versions'] },
  properties: { read: byId('properties'), name: (record) => `${text(record.code)} ${text(record.name)}`.trim() },
  templates: { read: byId('templates'), name: field('name') },
  'email-templates': { read: byId('email-templates'), name: field('title') },
  'alert-mails': { read: byId('alert-mails'), name: (record) => `${text(record.procedure)} ${text(record.errorId)}`.trim() },
  'market-accounts': { read: byId('market-accounts'), name: field('name') },
  'collect-configs': {
    read: byId('collect-configs'),
    name: field('metricName'),
    // The market account and the advertiser by their names, not their id and code.
    ignore: ['nextRunAt', 'lastTaskStatus', 'failureStreak', 'suspendedAt', 'marketAccountId', 'advertiser', 'configId'],
  },
  'post-configs': { read: byId('post-configs'), name: (record) => text(record.targetType), ignore: ['configId'] },
  tasks: { read: byId('tasks'), name: (record) => `#${text(record.id)} ${text(record.metricName)}`.trim() },
  datasets: { read: byId('datasets'), name: field('title'), ignore: ['rowCount', 'schemaLocked', 'dataTypeName'] },
  projects: { read: byId('projects'), name: field('name') },
  plans: { read: byId('plans'), name: field('title'), ignore: ['projectName'] },
  'system-logs': { read: () => '/api/system-logs/retention', name: () => '', settings: true },
  'collect-retention': { read: () => '/api/collect-retention', name: () => '', settings: true },
};
