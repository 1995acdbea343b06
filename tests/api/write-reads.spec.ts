import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { type TestApp, withDemoData } from './harness';
import { editFormOf, firstRecordId, LIST_FILTERS } from './record-forms';
import { commit, createDataset, datasetRows, preview } from './uploads-support';
import { isSqlite, sharedTransaction, whenCommitted } from '../../server/db/database';
import { declarations } from '../../server/http/resource-declarations';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * A save reads its record at most twice (the factory's load before, its find for the answer): the
 * save hands both to the activity recorder instead of it reading them again, with no second
 * request through the server. Counted at the store: every resource's `find`, as crudRoutes gets it.
 * The save and its activity entry are one transaction: refused by the real database (a trigger), the
 * entry takes the save with it.
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
withDemoData((suite) => ({ t, token } = suite));

const firstId = (api: string, filter: Record<string, unknown> = {}) => firstRecordId(t, token, api, filter);
const editForm = (name: string, id: string) => editFormOf(t, token, name, id);

/** Every declared resource with an update route, from the declarations. */
const updatable = declarations.filter((declaration) => operationsOf(declaration).includes('update'));

describe('a save', () => {
  it('is declared for many resources', () => {
    expect(updatable.length).toBeGreaterThan(10);
  });

  it.each(updatable.map((declaration) => [declaration.name, declaration] as const))('of %s reads its record at most twice', async (name, declaration) => {
    const api = `/api${declaration.path}`;
    const id = await firstId(api, await LIST_FILTERS[name]?.(firstId));
    const input = await editForm(name, id);
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

/** Runs `work` while the database refuses every activity entry about `resource`: a trigger, as a full disk or a broken constraint would. */
async function refusingActivity(resource: string, work: () => Promise<void>): Promise<void> {
  const sqlite = isSqlite(t.db);
  if (sqlite) await sql.raw(`create trigger refuse_activity before insert on activity_log when new.resource = '${resource}' begin select raise(abort, 'activity refused'); end`).execute(t.db);
  else {
    await sql.raw(`create function refuse_activity() returns trigger language plpgsql as $$ begin raise exception 'activity refused'; end $$`).execute(t.db);
    await sql.raw(`create trigger refuse_activity before insert on activity_log for each row when (new.resource = '${resource}') execute function refuse_activity()`).execute(t.db);
  }
  try {
    await work();
  } finally {
    await sql.raw(sqlite ? 'drop trigger refuse_activity' : 'drop trigger refuse_activity on activity_log').execute(t.db);
    if (!sqlite) await sql.raw('drop function refuse_activity()').execute(t.db);
  }
}

const entriesAbout = async (resource: string, recordId: string) =>
  (await t.db.selectFrom('activity_log').select('id').where('resource', '=', resource).where('record_id', '=', recordId).execute()).length;

describe('a save and its activity entry', () => {
  it('are one commit: a create, a change and a delete whose entry the database refuses leave no change', async () => {
    const made = await t.call('POST', '/api/domains', { token, body: { domain: 'kept.example.net', activeFlag: 'Y' } });
    expect(made.status).toBe(200);
    const id = String(made.body.data.id);
    const domain = () => t.db.selectFrom('domains').select(['domain', 'description']).where('id', '=', Number(id)).executeTakeFirst();
    const logged = await entriesAbout('domains', id);
    await refusingActivity('domains', async () => {
      expect((await t.call('POST', '/api/domains', { token, body: { domain: 'never.example.net', activeFlag: 'Y' } })).status).toBe(500);
      expect((await t.call('PUT', `/api/domains/${id}`, { token, body: { domain: 'kept.example.net', description: 'Changed', activeFlag: 'Y' } })).status).toBe(500);
      expect((await t.call('DELETE', `/api/domains/${id}`, { token })).status).toBe(500);
    });
    expect(await t.db.selectFrom('domains').select('id').where('domain', '=', 'never.example.net').execute()).toEqual([]);
    expect(await domain()).toEqual({ domain: 'kept.example.net', description: null });
    expect(await entriesAbout('domains', id)).toBe(logged);
    // Once the database takes entries again, the same save is made and recorded.
    expect((await t.call('PUT', `/api/domains/${id}`, { token, body: { domain: 'kept.example.net', description: 'Changed', activeFlag: 'Y' } })).status).toBe(200);
    expect(await domain()).toEqual({ domain: 'kept.example.net', description: 'Changed' });
    expect(await entriesAbout('domains', id)).toBe(logged + 1);
  });

  it('are one commit also where the store opens a transaction of its own (a project and its filters)', async () => {
    const id = await firstId('/api/projects');
    const form = await editForm('projects', id);
    const name = () => t.db.selectFrom('projects').select('name').where('id', '=', Number(id)).executeTakeFirstOrThrow();
    const was = await name();
    const logged = await entriesAbout('projects', id);
    await refusingActivity('projects', async () => {
      expect((await t.call('PUT', `/api/projects/${id}`, { token, body: { ...form, name: 'Renamed, then refused' } })).status).toBe(500);
    });
    expect(await name()).toEqual(was);
    expect(await entriesAbout('projects', id)).toBe(logged);
  });

  it('are one commit for an upload: the commit whose entry is refused writes no rows', async () => {
    const datasetId = await createDataset(t, token);
    const file = ['date,campaign_id,channel,impressions', '2026-01-01,c1,web,1', '2026-01-01,c2,web,2'].join('\n');
    const checked = await preview(t, token, datasetId, 'refused.csv', file);
    const logged = await entriesAbout('datasets', String(datasetId));
    await refusingActivity('datasets', async () => {
      expect((await commit(t, token, checked.id)).status).toBe('FAIL');
    });
    expect(await datasetRows(t, datasetId)).toEqual([]);
    expect(await entriesAbout('datasets', String(datasetId))).toBe(logged);
    // Committed again, the rows and the entry are written together.
    expect((await commit(t, token, (await preview(t, token, datasetId, 'kept.csv', file)).id)).status).toBe('SUCCESS');
    expect(await datasetRows(t, datasetId)).toHaveLength(2);
    expect(await entriesAbout('datasets', String(datasetId))).toBe(logged + 1);
  });
});

describe('work waiting for a save to commit (other instances told to drop sessions)', () => {
  it('runs after the commit, before the save returns, and not at all after a rollback', async () => {
    const told: string[] = [];
    await sharedTransaction(t.db, async (trx) => {
      await trx.selectFrom('domains').select('id').execute();
      await whenCommitted(async () => void told.push('committed'));
      expect(told).toEqual([]);
    });
    expect(told).toEqual(['committed']);
    const refused = sharedTransaction(t.db, async (trx) => {
      await trx.selectFrom('domains').select('id').execute();
      await whenCommitted(async () => void told.push('rolled back'));
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect(told).toEqual(['committed']);
  });
});

describe('the activity recorder', () => {
  it('writes no entry after the answer has left: nothing for a reader of the log to wait for', () => {
    const folder = join(import.meta.dirname, '../../server/modules');
    const sources = ['activity/recorder.ts', 'activity/routes-table.ts', 'activity/index.ts', 'uploads/index.ts'].map((file) => readFileSync(join(folder, file), 'utf8'));
    expect(sources.filter((source) => /workGoesOn|flush\(|onResponse/.test(source))).toEqual([]);
    expect(Object.keys(t.app.activity).sort()).toEqual(['latest', 'readAs', 'record']);
  });

  it('reads records as function calls: no inject( in its code', () => {
    const folder = join(import.meta.dirname, '../../server/modules/activity');
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(3);
    expect(files.filter((file) => readFileSync(join(folder, file), 'utf8').includes('inject('))).toEqual([]);
  });
});
