import { beforeAll, describe, expect } from 'vitest';
import type { z } from 'zod';
import { ADMIN_EMAIL, type TestApp } from './harness';
import { declarations } from '../../server/http/resource-declarations';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * A record of each declared resource as its edit form holds it, for specs that save every resource
 * the same way (write-reads, record-versions, live-events): found in the demo data, sent back as the form sends it.
 */

/** The fields of an object schema, through the refinements and pipes around it. */
export function shapeOf(schema: z.ZodType): Record<string, unknown> {
  const def = (schema as unknown as { _zod: { def: { shape?: Record<string, unknown>; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } } })._zod.def;
  if (def.shape) return def.shape;
  const inner = def.in ?? def.innerType ?? def.schema;
  if (!inner) throw new Error('not an object schema');
  return shapeOf(inner);
}

type FirstId = (api: string, filter?: Record<string, unknown>) => Promise<string>;

/** Lists that answer only within a parent or a kind: what their screens filter by. */
export const LIST_FILTERS: Record<string, (firstId: FirstId) => Promise<Record<string, unknown>>> = {
  plans: async (firstId) => ({ projectId: await firstId('/api/projects') }),
  'project-shares': async (firstId) => ({ projectId: await firstId('/api/projects') }),
  properties: async () => ({ kind: 'countries' }),
};
/** Where a record shows more than its form sends back (names beside codes, the next run): the form's values. */
const FORM_VALUES: Record<string, (record: Record<string, any>) => Record<string, unknown>> = {
  projects: ({ dataFilters }) => ({
    dataFilters: { countries: dataFilters.countries.map((country: { code: string }) => country.code), keywordFilters: dataFilters.keywordFilters, conditionFilters: dataFilters.conditionFilters },
  }),
  'collect-configs': ({ schedules }) => ({ schedules: schedules.map(({ nextRunAt: _nextRunAt, ...schedule }: Record<string, unknown>) => schedule) }),
};

/**
 * The id of a record in the list at `api` (the first ten, `skip` of them passed), not the caller's own
 * account nor another test account named in `notEmails`: one's own is edited on the profile, not here.
 */
export async function firstRecordId(
  t: TestApp,
  token: string,
  api: string,
  filter: Record<string, unknown> = {},
  { skip = 0, notEmails = [] }: { skip?: number; notEmails?: string[] } = {},
): Promise<string> {
  const page = await t.call('GET', `${api}?range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
  expect(page.status, `${api}: ${JSON.stringify(page.body)}`).toBe(200);
  const record = (page.body.data.list as { id: number | string; email?: string }[]).filter((row) => row.email !== ADMIN_EMAIL && !notEmails.includes(row.email ?? ''))[skip];
  expect(record, `${api}: the demo data holds a record`).toBeDefined();
  return String(record!.id);
}

/** The record's own values of the input's fields, sent back: a save as the edit form makes it. */
export async function editFormOf(t: TestApp, token: string, name: string, id: string): Promise<Record<string, unknown>> {
  const declaration = declarations.find((one) => one.name === name)!;
  const record = (await t.call('GET', `/api${declaration.path}/${encodeURIComponent(id)}`, { token })).body.data;
  const fields = Object.keys(shapeOf(declaration.schemas.input!));
  return {
    ...Object.fromEntries(fields.filter((field) => record[field] !== undefined && record[field] !== null).map((field) => [field, record[field]])),
    ...FORM_VALUES[name]?.(record),
  };
}

/** Where a create form sends more than the record reads as: a term's first version. */
const CREATE_VALUES: Record<string, (record: Record<string, any>) => Record<string, unknown>> = {
  terms: ({ versions }) => {
    const [first] = [...versions].sort((a: { id: number }, b: { id: number }) => a.id - b.id);
    return { termsVersion: first.termsVersion, effectiveAt: first.effectiveAt, content: first.content };
  },
};

/** A record as read, as its create form would send it: the create's fields of it (a restore's twin made through the create route). */
export function createFormOf(name: string, record: Record<string, any>): Record<string, unknown> {
  const declaration = declarations.find((one) => one.name === name)!;
  const fields = Object.keys(shapeOf(declaration.schemas.create ?? declaration.schemas.input!));
  return {
    ...Object.fromEntries(fields.filter((field) => record[field] !== undefined && record[field] !== null).map((field) => [field, record[field]])),
    ...FORM_VALUES[name]?.(record),
    ...CREATE_VALUES[name]?.(record),
  };
}

/** Choices of a field whose values are codes: another one of them. */
const OTHER_CHOICE: Record<string, Record<string, string>> = { privilege: { OWNER: 'EDITOR', EDITOR: 'VIEWER', VIEWER: 'EDITOR' } };

/** Another value for a form field a person edits: a choice changed, a flag flipped, a text lengthened; undefined for others. */
export function otherValue(field: string, value: unknown): unknown {
  if (typeof value === 'string' && OTHER_CHOICE[field]) return OTHER_CHOICE[field][value];
  if (value === 'Y' || value === 'N') return value === 'Y' ? 'N' : 'Y';
  if (typeof value === 'string' && !/^\d{4}-\d\d-\d\d/.test(value)) return `${value} 2`.trim();
  return undefined;
}

/** Every declared resource with an update or a delete: what a person changes from its edit form. */
export const writableDeclarations = declarations.filter((declaration) => operationsOf(declaration).some((operation) => operation === 'update' || operation === 'delete'));

/** A writable resource and one record of it from the demo data; `id` and `url` are found before its tests run. */
export interface WritableRecord {
  name: string;
  declaration: (typeof writableDeclarations)[number];
  api: string;
  operations: ReturnType<typeof operationsOf>;
  id: string;
  url: string;
}

/**
 * A describe block per writable resource, named for it, whose `tests` get one of its records: the first
 * its list (with its screen's filter) shows the suite's token, other than the accounts in `notEmails`.
 * `suite` is read in a beforeAll, once the file's own set-up has run.
 */
export function describeEachWritableRecord(suite: () => { t: TestApp; token: string; notEmails: string[] }, tests: (record: WritableRecord) => void): void {
  describe.each(writableDeclarations.map((declaration) => [declaration.name, declaration] as const))('%s', (name, declaration) => {
    const api = `/api${declaration.path}`;
    const record: WritableRecord = { name, declaration, api, operations: operationsOf(declaration), id: '', url: '' };
    beforeAll(async () => {
      const { t, token, notEmails } = suite();
      const firstId = (list: string, filter?: Record<string, unknown>) => firstRecordId(t, token, list, filter);
      record.id = await firstRecordId(t, token, api, await LIST_FILTERS[name]?.(firstId), { notEmails });
      record.url = `${api}/${encodeURIComponent(record.id)}`;
    });
    tests(record);
  });
}
