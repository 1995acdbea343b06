import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { declarations } from '../../server/http/resource-declarations';
import { ACTIVITY_SUBJECTS, IGNORED_FIELDS } from '../../server/modules/activity/subjects';
import { translatorFor } from '../../server/modules/activity/words';
import { CODE_LISTS } from '../../src/shared/code-lists';
import { codeMessageKey, codeWords, type CodeSet } from '../../src/shared/code-sets';
import { activityChangeText, activityChangeTexts, activityFieldLabel, activityValue, type ActivityChange, type ActivityResource } from '../../src/shared/activity';

const en = translatorFor('en');
const ko = translatorFor('ko');

describe('a value in an activity sentence', () => {
  it('names a file by its name, quotes text, cuts long text, dashes nothing and never writes JSON', () => {
    expect(activityValue({ fileId: '527ce766', originalName: 'layout.json', url: '/api/files/527ce766' })).toBe("'layout.json'");
    expect(activityValue('Weekly')).toBe("'Weekly'");
    expect(activityValue('x'.repeat(200))).toBe(`'${'x'.repeat(80)}…'`);
    expect(activityValue(null)).toBe('—');
    expect(activityValue(['a', 2])).toBe("'a', 2");
    expect(activityValue({ hour: 7 })).not.toMatch(/[{}[\]]|":/);
  });
});

const schedule = {
  id: 4,
  scheduleType: 'DAILY',
  scheduledTime: '09:00',
  scheduledDay: null,
  timeZone: 'Asia/Seoul',
  startAt: '2026-01-01',
  endAt: null,
  inUse: 'Y',
  nextRunAt: '2026-01-02T00:00:00.000Z',
};
const file = (fileId: string, originalName: string) => ({ fileId, originalName, url: `/api/files/${fileId}` });

/**
 * Representative changes, structured wherever a resource has structures: the resources the recorder
 * names itself (users, tasks, the settings) and the structures a generated change below cannot make
 * meaningful (schedules, field mappings, connected lists).
 */
const CHANGES: Record<ActivityResource, ActivityChange[]> = {
  users: [
    {
      field: 'connectedDataTypes',
      before: [{ groupName: 'Acme', member: [{ name: 'Media' }, { name: 'Search' }] }],
      after: [
        { groupName: 'Acme', member: [{ name: 'Media' }, { name: 'Social' }] },
        { groupName: 'Beta Foods', member: [{ name: 'Media' }] },
      ],
    },
    { field: 'connectedCountries', before: [{ groupCode: 'APAC', member: [{ code: 'KR', name: 'Korea' }] }], after: [] },
    { field: 'company', before: { code: 'C1', name: 'Acme Agency' }, after: { code: 'C2', name: 'Beta Media' } },
    { field: 'approvalStatusCode', before: 'PENDING', after: 'APPROVED' },
  ],
  domains: [{ field: 'activeFlag', before: 'Y', after: 'N' }],
  terms: [{ field: 'type', before: 'POST', after: 'REQUIRED' }],
  properties: [{ field: 'name', before: 'Old', after: 'New' }],
  templates: [
    { field: 'previews', before: [file('a1', 'one.png'), file('b2', 'two.png')], after: [file('b2', 'two.png'), file('c3', 'three.png')] },
    { field: 'file', before: file('d4', 'layout.twbx'), after: file('e5', 'layout-2.twbx') },
    { field: 'status', before: 'Y', after: 'N' },
  ],
  'email-templates': [
    {
      field: 'statements',
      before: [
        { statementId: 1, statement: 'See the guide', file: null },
        { statementId: 2, statement: 'Old terms', file: null },
      ],
      after: [{ statementId: 1, statement: 'See the new guide', file: file('f6', 'guide.pdf') }],
    },
  ],
  'alert-mails': [{ field: 'errorId', before: 'SOURCE_TIMEOUT', after: 'SOURCE_HTTP_ERROR' }],
  'market-accounts': [{ field: 'secret', before: '[SECRET]', after: '[SECRET]' }],
  'collect-configs': [
    { field: 'schedules', before: [schedule], after: [{ ...schedule, scheduleType: 'WEEKLY', scheduledDay: 'MON', scheduledTime: '07:00', nextRunAt: '2026-01-05T00:00:00.000Z' }] },
    {
      field: 'fields',
      before: [{ field: 'spend', code: 'cost', type: 'NUMBER', fieldFlag: 'Y', masterFlag: 'N' }],
      after: [
        { field: 'spend', code: 'cost', type: 'STRING', fieldFlag: 'N', masterFlag: 'N' },
        { field: 'day', code: 'date', type: 'DATE', fieldFlag: 'Y', masterFlag: 'Y' },
      ],
    },
    {
      field: 'sourceMethod',
      before: { httpMethod: 'GET', headers: [{ name: 'Accept', value: 'text/csv' }], responseFormat: 'CSV', pagination: { type: 'NONE', maxPages: 1000 }, timeoutMs: 30000 },
      after: {
        httpMethod: 'POST',
        headers: [{ name: 'Accept', value: 'application/json' }],
        responseFormat: 'JSON',
        pagination: { type: 'PAGE', pageParam: 'page', maxPages: 1000 },
        timeoutMs: 30000,
      },
    },
    { field: 'configData', before: { accountRegion: 'north' }, after: { accountRegion: 'south', campaignGroup: 'all' } },
    { field: 'alertRecipients', before: ['a@example.com', 'b@example.com'], after: ['b@example.com', 'c@example.com'] },
  ],
  'post-configs': [
    {
      field: 'headers',
      before: [
        { code: 'date', type: 'DATE', inUse: 'Y', order: 1 },
        { code: 'cost', type: 'NUMBER', inUse: 'Y', order: 2 },
      ],
      after: [
        { code: 'cost', type: 'NUMBER', inUse: 'N', order: 1 },
        { code: 'date', type: 'DATE', inUse: 'Y', order: 2 },
      ],
    },
    { field: 'targetMethod', before: 'GCS', after: 'TABLEAU' },
  ],
  tasks: [
    { field: 'status', before: 'ERROR', after: 'PENDING' },
    { field: 'processType', before: 'MASTERING', after: 'MASTERED' },
  ],
  datasets: [
    {
      field: 'schemaInfo',
      before: [{ colName: 'budget', colType: 'VARCHAR', required: false, key: false }],
      after: [
        { colName: 'budget', colType: 'NUMBER', required: true, key: false },
        { colName: 'month', colType: 'DATE', required: true, key: true },
      ],
    },
  ],
  projects: [
    {
      field: 'dataFilters',
      before: { advertiser: 'acme', dataType: 'MEDIA', countries: [{ regionCode: 'APAC', code: 'KR', name: 'Korea' }], keywordFilters: [{ keyword: 'spring', mode: 'INCLUDE' }], conditionFilters: [] },
      after: {
        advertiser: 'acme',
        dataType: 'CRM',
        countries: [{ regionCode: 'APAC', code: 'JP', name: 'Japan' }],
        keywordFilters: [{ keyword: 'spring', mode: 'EXCLUDE' }],
        conditionFilters: [{ field: 'channel', operator: 'EQUALS', value: 'web' }],
      },
    },
    { field: 'status', before: 'ON_GOING', after: 'COMPLETED' },
  ],
  plans: [{ field: 'description', before: 'x'.repeat(300), after: 'short' }],
  'system-logs': [{ field: 'retentionDays', before: 30, after: 90 }],
  'collect-retention': [{ field: 'retentionDays', before: 30, after: 60 }],
};

/** Every code of every code table: none may stand in the words as itself, unless its words are the code. */
const RAW_CODES = new Set<string>(Object.values(CODE_LISTS).flatMap((codes: readonly string[]) => codes.filter((code) => /^[A-Z][A-Z0-9_]{2,}$/.test(code))));
const words = (resource: ActivityResource, change: ActivityChange, t = en) => activityChangeText(resource, change, t);
/** The codes a change holds, at any depth. */
const codesIn = (value: unknown): string[] => (typeof value === 'string' ? (RAW_CODES.has(value) ? [value] : []) : value && typeof value === 'object' ? Object.values(value).flatMap(codesIn) : []);

/** Two different values a field of this schema can hold (an enum's first two codes, a list of one item …), as a person's edit would leave them. */
function valuesOf(schema: z.ZodType, depth = 0): [unknown, unknown] {
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'pipe':
      return valuesOf((def.innerType ?? def.in) as z.ZodType, depth);
    case 'enum': {
      const options = Object.values(def.entries as Record<string, string>);
      return [options[0], options[1] ?? null];
    }
    case 'literal':
      return [null, (def.values as unknown[])[0]];
    case 'number':
      return [1, 2];
    case 'boolean':
      return [false, true];
    case 'array':
      return [[], [valuesOf(def.element as z.ZodType, depth + 1)[1]]];
    case 'object':
      if (depth > 3) return [null, null];
      return [null, Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, valuesOf(field, depth + 1)[1]]))];
    case 'union':
      return valuesOf((def.options as z.ZodType[])[0], depth);
    default:
      return ['first text', 'second text'];
  }
}

/** A change of every field a person edits, of every declaration the log records: made from its record schema, so a new resource is covered with no line here. */
const DECLARED_CHANGES: [ActivityResource, ActivityChange][] = declarations.flatMap(({ name, history, schemas }) => {
  if (!history) return [];
  const ignored = new Set([...IGNORED_FIELDS, ...(history.ignore ?? [])]);
  const shape = (schemas.record as unknown as z.ZodObject).shape;
  return Object.entries(shape)
    .filter(([field]) => !ignored.has(field))
    .map(([field, schema]): [ActivityResource, ActivityChange] => {
      const [before, after] = valuesOf(schema as z.ZodType);
      return [name, { field, before, after }];
    });
});

describe('a change in the activity log', () => {
  it('covers every resource the log records: each declaration with a history by its fields, the others by hand', () => {
    const declared = new Set(DECLARED_CHANGES.map(([resource]) => resource));
    expect(declared.size).toBeGreaterThan(10);
    expect([...ACTIVITY_SUBJECTS.keys()].filter((resource) => !declared.has(resource) && !CHANGES[resource])).toEqual([]);
  });

  const cases: [ActivityResource, ActivityChange][] = [
    ...DECLARED_CHANGES,
    ...Object.entries(CHANGES).flatMap(([resource, changes]) => changes.map((change): [ActivityResource, ActivityChange] => [resource, change])),
  ];
  for (const [resource, change] of cases) {
    {
      it(`${resource} ${change.field}: reads as words in English and Korean, with no JSON, brackets, camelCase key or raw code`, () => {
        for (const t of [en, ko]) {
          const text = words(resource, change, t);
          expect(text).not.toMatch(/[{}[\]]|":/);
          expect(text, 'a camelCase key').not.toMatch(/\b[a-z]+[A-Z]\w*\b/);
          const tokens = new Set(text.split(/[^A-Za-z0-9_]+/));
          for (const code of codesIn([change.before, change.after])) {
            // A code may stand beside its words where they name it ("Read (GET)"), never alone.
            const sets = (Object.keys(CODE_LISTS) as CodeSet[]).filter((set) => (CODE_LISTS[set] as readonly string[]).includes(code));
            if (sets.some((set) => t(codeMessageKey(set, code)).includes(code))) continue;
            expect(tokens.has(code), `${code} shown raw in "${text}"`).toBe(false);
          }
        }
      });
    }
  }

  it('names every field it records from a label file in both languages, never by spelling out its key', () => {
    const unlabelled = (t: typeof en) =>
      DECLARED_CHANGES.filter(([resource, { field }]) => activityFieldLabel(resource, field, t) === undefined).map(([resource, { field }]) => `${resource}.${field}`);
    expect(DECLARED_CHANGES.length).toBeGreaterThan(100);
    expect(unlabelled(en)).toEqual([]);
    expect(unlabelled(ko)).toEqual([]);
  });

  it('says every field whose values are a code table’s codes (Y/N included) in that table’s words', () => {
    const enumOf = (schema: z.ZodType): string[] | undefined => {
      const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
      if (['optional', 'nullable', 'default', 'readonly'].includes(def.type)) return enumOf(def.innerType as z.ZodType);
      return def.type === 'enum' ? Object.values(def.entries as Record<string, string>) : undefined;
    };
    const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((code) => b.includes(code));
    const raw = declarations.flatMap(({ name, history, schemas }) => {
      if (!history) return [];
      const ignored = new Set([...IGNORED_FIELDS, ...(history.ignore ?? [])]);
      return Object.entries((schemas.record as unknown as z.ZodObject).shape).flatMap(([field, schema]) => {
        if (ignored.has(field)) return [];
        const codes = enumOf(schema as z.ZodType);
        const set = codes && (Object.keys(CODE_LISTS) as CodeSet[]).find((candidate) => sameSet(CODE_LISTS[candidate], codes));
        if (!codes || !set) return [];
        const text = words(name, { field, before: codes[0], after: codes[1] });
        return text.includes(codeWords(en, set, codes[0])) && text.includes(codeWords(en, set, codes[1])) ? [] : [`${name}.${field}: ${text}`];
      });
    });
    expect(raw).toEqual([]);
  });

  it('leaves out a field that went from absent to empty: no "Keyword filters: " with nothing after it', () => {
    const change = { field: 'dataFilters', before: { advertiser: 'acme' }, after: { advertiser: 'acme', keywordFilters: [], conditionFilters: [], dataType: 'CRM' } };
    expect(words('projects', change)).toBe('Data filters: Data type — → CRM');
  });

  it('says a shown name that changed with its code as one change, by the names, under the code field’s label', () => {
    const changes = [
      { field: 'advertiser', before: 'GLOBEX', after: 'INITECH' },
      { field: 'advertiserName', before: 'Globex', after: 'Initech' },
      { field: 'templateName', before: 'Monthly', after: 'Weekly' },
    ];
    expect(activityChangeTexts('projects', changes, en)).toEqual(["Advertiser 'Globex' → 'Initech'", "Template 'Monthly' → 'Weekly'"]);
    expect(activityChangeTexts('projects', changes, ko)).toEqual(["광고주 'Globex' → 'Initech'", "템플릿 'Monthly' → 'Weekly'"]);
  });

  it("says a user's level once, as a word: the authority code beside it is the same change", () => {
    const both = [
      { field: 'adminLevel', before: 'LOCAL', after: 'REGION' },
      { field: 'authority', before: 'local-admin', after: 'region-admin' },
    ];
    expect(activityChangeTexts('users', both, en)).toEqual(['Level Local admin → Region admin']);
    expect(activityChangeTexts('users', both, ko)).toHaveLength(1);
    expect(activityChangeTexts('users', both, ko)[0]).not.toMatch(/admin|LOCAL|REGION/);
    // An entry holding the authority alone (as older ones may) still says it as the level's words.
    expect(activityChangeTexts('users', [both[1]], en)).toEqual(['Level Local admin → Region admin']);
  });

  it('says a schedule change as the schedule form does, leaving the next run (its own doing) out', () => {
    const [schedules, fields] = CHANGES['collect-configs'];
    expect(words('collect-configs', schedules)).toBe("Schedules: item 1: Repeat Daily → Weekly, Time '09:00' → '07:00', Day — → Monday");
    expect(words('collect-configs', schedules, ko)).toBe("스케줄: 1번 항목: 반복 매일 → 매주, 시각 '09:00' → '07:00', 요일 — → 월요일");
    expect(words('collect-configs', fields)).toBe("Field mapping: added 'day'; 'spend': Type Number → Text, Required Yes → No");
  });

  it("says which data types joined or left a user's advertisers, by name", () => {
    const [dataTypes] = CHANGES.users;
    expect(words('users', dataTypes)).toBe("Connected data types: added 'Beta Foods'; 'Acme': added 'Social'; removed 'Search'");
    expect(words('users', dataTypes, ko)).toBe("연결 데이터 유형: 'Beta Foods' 추가; 'Acme': 'Social' 추가; 'Search' 삭제");
  });

  it('says a reordered list as reordered, and an added item with no name by its fields', () => {
    expect(words('collect-configs', { field: 'alertRecipients', before: ['a', 'b'], after: ['b', 'a'] })).toBe('Alert recipients: order changed');
    expect(words('collect-configs', { field: 'schedules', before: [], after: [schedule] })).toBe(
      "Schedules: added (Repeat Daily, Time '09:00', Time zone 'Asia/Seoul', Start date '2026-01-01', In use Yes)",
    );
  });
});
