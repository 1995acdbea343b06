import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';
import { passwordHasher } from '../../server/auth/passwords';
import { declarations } from '../../server/http/resource-declarations';
import { seedDemo } from '../../server/ops/demo';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * A save reads its record at most twice (the factory's load before, its find for the answer): the
 * activity recorder takes both from the write instead of reading them again, with no second
 * request through the server. Counted at the store: every resource's `find`, as crudRoutes gets it.
 */

const finds = new Map<string, number>();
vi.mock('../../server/http/crud-routes', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/http/crud-routes')>();
  const counted: typeof original.crudRoutes = (app, declaration, binding) => {
    const { find } = binding.store;
    const store = find
      ? {
          ...binding.store,
          find: (...args: Parameters<typeof find>) => {
            finds.set(declaration.name, (finds.get(declaration.name) ?? 0) + 1);
            return find.apply(binding.store, args);
          },
        }
      : binding.store;
    return original.crudRoutes(app, declaration, { ...binding, store } as typeof binding);
  };
  return { ...original, crudRoutes: counted };
});

let t: TestApp;
let token: string;
withTestApp((app) => (t = app));
beforeAll(async () => {
  await seedDemo(t.db, { hasher: passwordHasher(t.config.passwordHash), files: t.app.ctx.files, force: true });
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
});

/** The fields of an object schema, through the refinements and pipes around it. */
function shapeOf(schema: z.ZodType): Record<string, unknown> {
  const def = (schema as unknown as { _zod: { def: { shape?: Record<string, unknown>; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } } })._zod.def;
  if (def.shape) return def.shape;
  const inner = def.in ?? def.innerType ?? def.schema;
  if (!inner) throw new Error('not an object schema');
  return shapeOf(inner);
}

/** Lists that answer only within a parent or a kind: what their screens filter by. */
const LIST_FILTERS: Record<string, () => Promise<Record<string, unknown>>> = {
  plans: async () => ({ projectId: await firstId('/api/projects') }),
  'project-shares': async () => ({ projectId: await firstId('/api/projects') }),
  properties: async () => ({ kind: 'countries' }),
};
/** Where a record shows more than its form sends back (names beside codes, the next run): the form's values. */
const FORM_VALUES: Record<string, (record: Record<string, any>) => Record<string, unknown>> = {
  projects: ({ dataFilters }) => ({
    dataFilters: { countries: dataFilters.countries.map((country: { code: string }) => country.code), keywordFilters: dataFilters.keywordFilters, conditionFilters: dataFilters.conditionFilters },
  }),
  'collect-configs': ({ schedules }) => ({ schedules: schedules.map(({ nextRunAt: _nextRunAt, ...schedule }: Record<string, unknown>) => schedule) }),
};

async function firstId(api: string, filter: Record<string, unknown> = {}): Promise<string> {
  const page = await t.call('GET', `${api}?range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
  expect(page.status, `${api}: ${JSON.stringify(page.body)}`).toBe(200);
  // Not the caller's own account: that is edited on the profile, not here.
  const record = (page.body.data.list as { id: number | string; email?: string }[]).find((row) => row.email !== ADMIN_EMAIL);
  expect(record, `${api}: the demo data holds a record`).toBeDefined();
  return String(record!.id);
}

/** Every declared resource with an update route, from the declarations. */
const updatable = declarations.filter((declaration) => operationsOf(declaration).includes('update'));

describe('a save', () => {
  it('is declared for many resources', () => {
    expect(updatable.length).toBeGreaterThan(10);
  });

  it.each(updatable.map((declaration) => [declaration.name, declaration] as const))('of %s reads its record at most twice', async (name, declaration) => {
    const api = `/api${declaration.path}`;
    const id = await firstId(api, await LIST_FILTERS[name]?.());
    const record = (await t.call('GET', `${api}/${encodeURIComponent(id)}`, { token })).body.data;
    // The record's own values of the input's fields, sent back: a save as the edit form makes it.
    const fields = Object.keys(shapeOf(declaration.schemas.input!));
    const input = {
      ...Object.fromEntries(fields.filter((field) => record[field] !== undefined && record[field] !== null).map((field) => [field, record[field]])),
      ...FORM_VALUES[name]?.(record),
    };
    const before = await t.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();

    finds.clear();
    const saved = await t.call('PUT', `${api}/${encodeURIComponent(id)}`, { token, body: input });
    expect(saved.status, `${name}: ${JSON.stringify(saved.body)}`).toBe(200);
    expect(finds.get(name) ?? 0, `${name}: reads of the record during its save`).toBeLessThanOrEqual(2);
    const after = await t.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    // A save that changed nothing is no activity; one that did is recorded (never more than one row).
    expect(Number(after.count) - Number(before.count)).toBeLessThanOrEqual(1);
  });
});

describe('the activity recorder', () => {
  it('reads records as function calls: no inject( in its code', () => {
    const folder = join(import.meta.dirname, '../../server/modules/activity');
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(3);
    expect(files.filter((file) => readFileSync(join(folder, file), 'utf8').includes('inject('))).toEqual([]);
  });
});
