import { ACTIVITY_SETTINGS } from '../../../src/shared/activity';
import { declarations } from '../../http/resource-declarations';

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

const byId = (path: string) => (id: string) => `/api${path}/${encodeURIComponent(id)}`;

/** Fields no person edits on any resource: ids and bookkeeping. */
export const IGNORED_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'progress', 'preview', 'fileUrl']);

/** Subjects that are no declared resource's: the settings, named by the catalogue. */
const OWN_SUBJECTS: Record<(typeof ACTIVITY_SETTINGS)[number], ActivitySubject> = {
  'system-logs': { read: () => '/api/system-logs/retention', name: () => '', settings: true },
  'collect-retention': { read: () => '/api/collect-retention', name: () => '', settings: true },
};

/** Every subject: each declaration with a `history`, read through its own get route, and the module's own. */
export const ACTIVITY_SUBJECTS: Readonly<Record<string, ActivitySubject>> = {
  ...Object.fromEntries(declarations.flatMap(({ name, path, history }) => (history ? [[name, { read: byId(path), ...history }]] : []))),
  ...OWN_SUBJECTS,
};
