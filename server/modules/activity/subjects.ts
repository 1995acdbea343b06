import { ACTIVITY_SETTINGS } from '../../../src/shared/activity';
import { IGNORED_FIELDS, type Snapshot } from '../../http/record-readers';
import { declarations } from '../../http/resource-declarations';

export type { Snapshot };
export { IGNORED_FIELDS };

/**
 * How the recorder reads a record of each resource: the in-process read of the resource's own read
 * route (record-readers.ts), as the person who acts (so it sees what the show page shows, with no
 * SQL of its own), and what the record is called in a sentence. `settings`: a console setting
 * rather than a record, named by the catalogue (console.activity.records.<resource>).
 */
export interface ActivitySubject {
  /** The record reader it reads through: the resource's own unless named. */
  reads: string;
  name(record: Snapshot): string;
  /** Fields that change by themselves (times, counters, derived values) and are no one's edit. */
  ignore?: readonly string[];
  settings?: boolean;
}

/** Subjects that are no declared resource's: the settings, named by the catalogue. */
const OWN_SUBJECTS: Record<(typeof ACTIVITY_SETTINGS)[number], ActivitySubject> = {
  'system-logs': { reads: 'system-logs/retention', name: () => '', settings: true },
  'collect-retention': { reads: 'collect-retention', name: () => '', settings: true },
};

/**
 * Every subject: each declaration with a `history`, read through its own get route, and the
 * module's own. A Map: a caller's filter names the resource, and a plain object would answer
 * `constructor` or `__proto__` with what every object inherits.
 */
export const ACTIVITY_SUBJECTS: ReadonlyMap<string, ActivitySubject> = new Map([
  ...declarations.flatMap(({ name, history }) => (history ? [[name, { reads: name, ...history }] as const] : [])),
  ...Object.entries(OWN_SUBJECTS),
]);
