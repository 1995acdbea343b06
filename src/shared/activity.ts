import { codeMessageKey, codeWords, type CodeSet } from './code-sets';
import { AUTHORITY_RANKS, type Authority } from './ranks';

/**
 * The activity log: who did what to which record, kept as an action, its
 * params and the fields before and after; the words are the catalogue's (console.activity.*),
 * drawn by activitySentence in the browser and in the CSV export, in the reader's language. No zod
 * here: every record's history draws these words, and the first list screen must not load the schema
 * library (its schemas are activity-schemas.ts).
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
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

/**
 * What an activity is about: a resource's name (a declaration's with a `history`, or one the
 * recorder names itself, server/modules/activity/subjects.ts), or one of the settings below. Its
 * words are the catalogue's resources.<name>.name.
 */
export type ActivityResource = string;

/** Console settings rather than records: the log names them by the catalogue (console.activity.records.<name>). */
export const ACTIVITY_SETTINGS = ['system-logs', 'collect-retention'] as const;

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
  params: Record<string, string | number | ScheduleTime[]>;
  changes: ActivityChange[];
  occurredAt: string;
  /** The request's event id in the system log. */
  eventId: string;
  /** On a delete entry read from the log: whether the record has been restored from it since. */
  restored?: boolean;
}

/** Looks a message up by key with %{name} params: react-admin's translate, or the server's over the same catalogue. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Text longer than this is cut with an ellipsis where a change is worded: the log is read, not diffed. */
const SHOWN_CHARS = 80;

const isFile = (value: unknown): value is { originalName: string } => typeof value === 'object' && value !== null && 'originalName' in value && typeof value.originalName === 'string';

/** A plain value in a sentence: text quoted (long text cut), nothing as a dash, a file by its name, a list joined. */
/** One schedule a schedule change names: its weekday code (a weekly one) and its time. */
export interface ScheduleTime {
  day: string | null;
  time: string;
}

/** "09:00, Monday 07:00": schedules in the reader's words (entries recorded before held this text already). */
function scheduleText(schedules: readonly ScheduleTime[], t: Translate): string {
  const words = schedules.map(({ day, time }) => [day ? t(codeMessageKey('weekDay', day), { _: day }) : '', time].filter(Boolean).join(' '));
  return words.join(', ') || '—';
}

export function activityValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(activityValue).join(', ');
  if (isFile(value)) return `'${value.originalName}'`;
  // A structure is worded field by field by activityChangeText; here it is only counted, never shown as JSON.
  if (typeof value === 'object') return `(${Object.keys(value).length})`;
  if (typeof value === 'string') return `'${value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value}'`;
  return String(value);
}

/** The sentence of a revert, by the action it is recorded as. */
const REVERT_SENTENCES: Partial<Record<ActivityAction, string>> = { update: 'revert', 'share-change': 'share-revert' };

/**
 * A resource with no history of its own whose writes the log keeps on another record: the resource
 * whose history holds them, the field of the record naming which one, the param every entry names
 * the record by, and the actions its create, update and delete are logged as.
 */
export interface LoggedUnder {
  resource: ActivityResource;
  field: string;
  param: string;
  actions: Readonly<Record<'create' | 'update' | 'delete', ActivityAction>>;
}

/**
 * The one declaration that a resource's changes are logged elsewhere (a project's shares, under
 * the project): the recorder names the record in each of its entries by it, a stale write reads
 * who changed the record from them, and a revert finds the record it undoes from it.
 */
export const LOGGED_UNDER: ReadonlyMap<string, LoggedUnder> = new Map([
  ['project-shares', { resource: 'projects', field: 'projectId', param: 'shareId', actions: { create: 'share', update: 'share-change', delete: 'unshare' } }],
]);

/** An entry's record when the entry is logged under another (a share's, on its project): its resource, id and the write it was. Undefined for one that names none (logged before entries did). */
export function loggedRecordOf(
  entry: Pick<ActivityEntry, 'action' | 'resource'> & Partial<Pick<ActivityEntry, 'params'>>,
): { resource: string; recordId: string; operation: 'create' | 'update' | 'delete' } | undefined {
  for (const [resource, under] of LOGGED_UNDER) {
    if (under.resource !== entry.resource) continue;
    const operation = (['create', 'update', 'delete'] as const).find((one) => under.actions[one] === entry.action);
    const id = entry.params?.[under.param];
    if (operation && (typeof id === 'number' || typeof id === 'string')) return { resource, recordId: String(id), operation };
  }
  return undefined;
}

/**
 * Whether an entry offers "Revert this change": an update that changed fields, or the change or
 * end of a record logged under another (a share's, on its project) that names its record (one
 * logged before entries did cannot be reverted). Reverting an end brings the record back.
 */
export function offersRevert(entry: Pick<ActivityEntry, 'action' | 'changes' | 'resource'> & Partial<Pick<ActivityEntry, 'params'>>): boolean {
  if (!entry.changes?.length) return false;
  const logged = loggedRecordOf(entry);
  return entry.action === 'update' || logged?.operation === 'update' || logged?.operation === 'delete';
}

/** The record's kind in words: the first (singular) form of resources.<name>.name. */
export function activityResourceName(resource: string, t: Translate): string {
  return t(`resources.${resource}.name`, { smart_count: 1, _: resource }).split('||||')[0].trim();
}

/** "Mina Park replaced Monthly budgets KR (25 → 15 rows)": the entry in the catalogue's words. */
export function activitySentence(entry: Pick<ActivityEntry, 'action' | 'actorName' | 'resource' | 'recordName'> & Partial<Pick<ActivityEntry, 'params'>>, t: Translate): string {
  // A row drawn from a partial record (a list's placeholder before its data arrives) has no params yet.
  const { privilege, ...params } = entry.params ?? {};
  // A revert is its record's update (or a share's change) naming the entry it undoes: its own sentence.
  const revert = params.revertOf === undefined ? undefined : REVERT_SENTENCES[entry.action];
  // A record logged under this one brought back (a share): its create's sentence, said as again.
  const restored = entry.action === 'restore' ? [...LOGGED_UNDER.values()].find((under) => under.resource === entry.resource && params[under.param] !== undefined) : undefined;
  return t(`console.activity.sentences.${revert ?? (restored ? `${restored.actions.create}-restore` : entry.action)}`, {
    ...Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? scheduleText(value as ScheduleTime[], t) : value])),
    // A share's privilege is a code: its words are the share form's.
    ...(privilege === undefined ? {} : { privilege: t(`resources.project-shares.privileges.${privilege}`, { _: String(privilege) }) }),
    actor: entry.actorName,
    resource: activityResourceName(entry.resource, t),
    // A setting has no name of its own: the catalogue names it.
    record: entry.recordName || t(`console.activity.records.${entry.resource}`, { _: entry.resource }),
  });
}

/**
 * Fields whose values are codes, read through the code table's words ('Active Yes → No', not 'Y → N'),
 * at any depth: `<parent>.<key>` where a key means different codes under different parents, else `<key>`.
 */
// A Map: the keys come from a change's field names, and a plain object would answer "constructor" too.
const CODE_FIELDS: ReadonlyMap<string, CodeSet> = new Map<string, CodeSet>(
  Object.entries({
    activeFlag: 'yesNo',
    inUse: 'yesNo',
    backupFlag: 'yesNo',
    approverFlag: 'yesNo',
    creatorFlag: 'yesNo',
    uploaderFlag: 'yesNo',
    suspended: 'yesNo',
    fieldFlag: 'yesNo',
    masterFlag: 'yesNo',
    isActive: 'yesNo',
    locked: 'yesNo',
    lastTaskStatus: 'taskStatus',
    approvalStatusCode: 'approvalStatus',
    statusCode: 'accountStatus',
    adminLevel: 'accountLevel',
    dataSource: 'dataSource',
    dashboardType: 'dashboardType',
    sourceType: 'sourceType',
    targetMethod: 'targetMethod',
    privilege: 'sharePrivilege',
    httpMethod: 'httpMethod',
    responseFormat: 'responseFormat',
    scheduleType: 'scheduleType',
    scheduledDay: 'weekDay',
    operator: 'conditionOperator',
    mode: 'keywordMode',
    'pagination.type': 'paginationType',
    'fields.type': 'masterFieldType',
    'headers.type': 'masterFieldType',
    colType: 'datasetColumnType',
    errorId: 'taskError',
    'terms.type': 'termType',
    'email-templates.type': 'emailTemplateType',
    'email-templates.language': 'mailLanguage',
    'templates.status': 'yesNo',
    'projects.status': 'projectStatus',
    dataType: 'projectDataType',
    'tasks.status': 'taskStatus',
    'tasks.scheduleType': 'taskScheduleType',
    taskKind: 'taskKind',
    processType: 'processType',
    'properties.kind': 'propertyKind',
  }),
);

/** Keys that name a list's item, best first: an item added or removed is called by it. */
const NAME_KEYS = ['name', 'title', 'colName', 'groupName', 'metricName', 'originalName', 'keyword', 'field', 'email', 'domain', 'code', 'groupCode', 'statement'];
/** Keys that tell a list's items apart across a save, best first. */
const ID_KEYS = ['id', 'statementId', 'fileId', ...NAME_KEYS];
/** Fields inside a structure that change by themselves (a schedule's next run) or only identify it. */
const QUIET_KEYS = new Set(['id', 'statementId', 'fileId', 'url', 'nextRunAt', 'createdAt', 'updatedAt', 'order']);

type Plain = Record<string, unknown>;
/** Nothing, said any way: a field that went from absent to an empty list did not change for a person. */
const blank = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value) && !isFile(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** camelCase or snake_case as words: the last resort for a key no catalogue names. */
const spelled = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Words one change is said in: its resource's labels, the code tables and the catalogue's list words. */
class ChangeWords {
  constructor(
    private readonly resource: string,
    private readonly t: Translate,
  ) {}

  /** A field as its form names it, else as the activity catalogue names a common key, else spelled out. */
  label(key: string): string {
    return activityFieldLabel(this.resource, key, this.t) ?? spelled(key);
  }

  value(path: readonly string[], shown: unknown): string {
    if (shown === ACTIVITY_SECRET) return this.t('console.activity.secret');
    if (typeof shown === 'boolean') return this.t(codeMessageKey('yesNo', shown ? 'Y' : 'N'));
    const key = path[path.length - 1];
    const set = CODE_FIELDS.get(`${path[path.length - 2] ?? this.resource}.${key}`) ?? CODE_FIELDS.get(`${this.resource}.${key}`) ?? CODE_FIELDS.get(key);
    if (set && typeof shown === 'string') return codeWords(this.t, set, shown);
    if (Array.isArray(shown)) return shown.length ? shown.map((item) => this.value(path, item)).join(', ') : '—';
    if (isPlain(shown)) return this.item(path, shown);
    return activityValue(shown);
  }

  /** "Label before → after", or "Label: <what changed inside>" for a list or a structure. */
  change(path: readonly string[], before: unknown, after: unknown): string {
    const label = this.label(path[path.length - 1]);
    const inside = this.inside(path, before, after);
    return inside === undefined ? `${label} ${this.value(path, before)} → ${this.value(path, after)}` : `${label}: ${inside}`;
  }

  /** What changed inside a list or a structure; undefined for plain values. */
  private inside(path: readonly string[], before: unknown, after: unknown): string | undefined {
    if (Array.isArray(before) || Array.isArray(after)) return this.list(path, Array.isArray(before) ? before : [], Array.isArray(after) ? after : []);
    const structure = isPlain(after) ? after : isPlain(before) ? before : undefined;
    // A named record in a field (a user's company) reads as its name, before → after, like a plain value.
    if (structure && nameKey(structure) === undefined) {
      const parts = this.fields(path, isPlain(before) ? before : {}, isPlain(after) ? after : {});
      return parts.length ? parts.join(', ') : this.t('console.activity.list.changed');
    }
    return undefined;
  }

  /** Each differing field of two structures, quiet ones left out. */
  private fields(path: readonly string[], before: Plain, after: Plain, skip: readonly string[] = []): string[] {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !QUIET_KEYS.has(key) && !skip.includes(key));
    return keys
      .filter((key) => !same(before[key] ?? null, after[key] ?? null) && !(blank(before[key]) && blank(after[key])))
      .map((key) => this.change([...path, key], before[key] ?? null, after[key] ?? null));
  }

  /** "added X, Y; removed Z" for values; for records, each matched by its id or name: added, removed or "<name>: <field> a → b". */
  private list(path: readonly string[], before: unknown[], after: unknown[]): string {
    const parts: string[] = [];
    const idKey = before.every(isPlain) && after.every(isPlain) && before.length + after.length > 0 ? ID_KEYS.find((key) => identifies(key, before) && identifies(key, after)) : undefined;
    const keyOf = (item: unknown) => (idKey ? String((item as Plain)[idKey]) : JSON.stringify(item));
    const was = new Map(before.map((item) => [keyOf(item), item]));
    const is = new Map(after.map((item) => [keyOf(item), item]));
    const added = after.filter((item) => !was.has(keyOf(item)));
    const removed = before.filter((item) => !is.has(keyOf(item)));
    if (added.length) parts.push(this.t('console.activity.list.added', { items: added.map((item) => this.value(path, item)).join(', ') }));
    if (removed.length) parts.push(this.t('console.activity.list.removed', { items: removed.map((item) => this.value(path, item)).join(', ') }));
    after.forEach((item, index) => {
      const old = was.get(keyOf(item));
      if (!idKey || old === undefined || same(old, item)) return;
      const name = nameKey(item as Plain);
      const skip = name ? [name] : [];
      // Keys that only identify the item and did not change (a region's code beside its name) are no content.
      const unchangedId = (key: string) => ID_KEYS.includes(key) && same((old as Plain)[key] ?? null, (item as Plain)[key] ?? null);
      const rest = Object.keys(item as Plain).filter((key) => !QUIET_KEYS.has(key) && !skip.includes(key) && !unchangedId(key));
      // A group with one list in it (a user's data types by advertiser) says what joined or left it, with no label between.
      const changed =
        rest.length === 1 && (Array.isArray((item as Plain)[rest[0]]) || Array.isArray((old as Plain)[rest[0]]))
          ? [this.inside([...path, rest[0]], (old as Plain)[rest[0]], (item as Plain)[rest[0]]) ?? '']
          : this.fields(path, old as Plain, item as Plain, skip);
      if (changed.length) parts.push(`${name ? this.value([...path, name], (item as Plain)[name]) : this.t('console.activity.list.item', { n: index + 1 })}: ${changed.join(', ')}`);
    });
    if (!parts.length && !same(before, after)) parts.push(this.t('console.activity.list.reordered'));
    return parts.join('; ');
  }

  /** A record in a list: by its name, else its fields in words, in brackets. */
  private item(path: readonly string[], item: Plain): string {
    const name = nameKey(item);
    if (name) return this.value([...path, name], item[name]);
    const fields = Object.entries(item)
      .filter(([key, value]) => !QUIET_KEYS.has(key) && value !== null && value !== '' && !isPlain(value))
      .map(([key, value]) => `${this.label(key)} ${this.value([...path, key], value)}`);
    return `(${fields.join(', ')})`;
  }
}

/** Whether a key is present and different on every item, so it can match items across a save. */
function identifies(key: string, items: unknown[]): boolean {
  const values = items.map((item) => (item as Plain)[key]);
  return values.every((value) => typeof value === 'string' || typeof value === 'number') && new Set(values).size === values.length;
}

function nameKey(item: Plain): string | undefined {
  return NAME_KEYS.find((key) => (typeof item[key] === 'string' && item[key] !== '') || typeof item[key] === 'number');
}

/** A code field's value in its code table's words ('Yes', not 'Y'); undefined for a field whose values are no codes. */
export function activityCodeWords(resource: string, field: string, value: unknown, t: Translate): string | undefined {
  const set = CODE_FIELDS.get(`${resource}.${field}`) ?? CODE_FIELDS.get(field);
  return set && typeof value === 'string' ? codeWords(t, set, value) : undefined;
}

/** `advertiserName` beside `advertiser`, `templateName` beside `templateId`: the name a record shows for a code it holds. */
const namedCode = (field: string): string[] => {
  const base = /^(.+)Name$/.exec(field)?.[1];
  return base ? [base, `${base}Id`, `${base}Code`] : [];
};

/**
 * A field's label from the label files: as its form names it, else as the activity catalogue names a
 * common key; a shown name (`advertiserName`) by the field it names. Undefined where no file has one.
 */
export function activityFieldLabel(resource: string, field: string, t: Translate): string | undefined {
  for (const key of [field, ...namedCode(field)]) {
    const label = t(`resources.${resource}.fields.${key}`, { _: t(`console.activity.keys.${key}`, { _: '' }) });
    if (label) return label;
  }
  return undefined;
}

/**
 * Fields that say again what another field of the record says, as a code: a user's `authority`
 * (region-admin) is their `adminLevel` (REGION), which has words. Keyed `<resource>.<field>`; each
 * names the field it echoes and how its value reads as that field's.
 */
export const ECHOED_FIELDS: ReadonlyMap<string, { field: string; value: (value: unknown) => unknown }> = new Map([
  ['users.authority', { field: 'adminLevel', value: (value: unknown) => (typeof value === 'string' && Object.hasOwn(AUTHORITY_RANKS, value) ? AUTHORITY_RANKS[value as Authority].level : value) }],
]);

/** The changes with each echo said once: dropped beside the field it echoes, else said as that field. */
function withoutEchoes(resource: string, changes: readonly ActivityChange[]): readonly ActivityChange[] {
  const fields = new Set(changes.map((change) => change.field));
  return changes.flatMap((change) => {
    const echo = ECHOED_FIELDS.get(`${resource}.${change.field}`);
    if (!echo) return [change];
    return fields.has(echo.field) ? [] : [{ ...change, field: echo.field, before: echo.value(change.before), after: echo.value(change.after) }];
  });
}

/**
 * An entry's changes, one text each. A shown name that changed with its code (advertiser GLOBEX →
 * INITECH, its name Globex → Initech) is one change, said by the names: the code alone is no word.
 */
export function activityChangeTexts(resource: string, given: readonly ActivityChange[], t: Translate): string[] {
  const changes = withoutEchoes(resource, given);
  const fields = new Set(changes.map((change) => change.field));
  const nameOf = new Map(
    changes.flatMap((change) =>
      namedCode(change.field)
        .filter((code) => fields.has(code))
        .map((code) => [code, change] as const),
    ),
  );
  return changes
    .filter((change) => !namedCode(change.field).some((code) => fields.has(code)))
    .map((change) => {
      const named = nameOf.get(change.field);
      return activityChangeText(resource, named ? { field: change.field, before: named.before, after: named.after } : change, t);
    });
}

/**
 * "Description 'x' → 'y'", "Schedules: item 1: Time '09:00' → '07:00'", "Alert recipients: added
 * 'a@example.com'": one changed field in words, named as its form names it. The one place a change is
 * worded (screen, record history and CSV export), so no structure ever reads as JSON or a raw code.
 */
export function activityChangeText(resource: string, change: ActivityChange, t: Translate): string {
  return new ChangeWords(resource, t).change([change.field], change.before, change.after);
}
