import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedInAccount, startPgInstance, type TestApp, withTestApp } from './harness';
import { describeEachWritableRecord, editFormOf, firstRecordId, LIST_FILTERS, otherValue, writableDeclarations } from './record-forms';
import Fastify from 'fastify';
import { passwordHasher } from '../../server/auth/passwords';
import { crudRoutes } from '../../server/http/crud-routes';
import { rowsHoldRecord } from '../../server/http/record-versions';
import { seedDemo } from '../../server/ops/demo';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * Two people edit the same record: every declared resource with an update or a delete answers its
 * version (ETag) and refuses a write made from an older one, naming who changed which fields; a
 * write from the current version, or naming none (an API client's), is made.
 */

let t: TestApp;
let token: string;
let colleague: string;
const COLLEAGUE = 'kim@example.com';
withTestApp((app) => (t = app));
beforeAll(async () => {
  await seedDemo(t.db, { hasher: passwordHasher(t.config.passwordHash), files: t.app.ctx.files, force: true });
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  colleague = (await signedInAccount(t, COLLEAGUE, 'system-admin', { first_name: 'Kim', last_name: 'Colleague' })).token;
  // The demo data has one domain; a delete from its version and one naming none take two.
  expect((await t.call('POST', '/api/domains', { token, body: { domain: 'partner.example.org', description: 'A partner', activeFlag: 'Y' } })).status).toBe(200);
});

const etagOf = (reply: { headers: Record<string, unknown> }) => reply.headers.etag as string | undefined;

/** The first ten rows of a resource's list, with its screen's filter. */
async function listRows(name: string, api: string): Promise<{ id: string | number; email?: string; version?: string }[]> {
  const filter = (await LIST_FILTERS[name]?.((list, given) => firstRecordId(t, token, list, given))) ?? {};
  const page = await t.call('GET', `${api}?range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.data.list;
}

/**
 * The colleague changes one field of the record, the first of its form they may change: answers that
 * field and the new version.
 */
async function colleagueChanges(url: string, form: Record<string, unknown>, version: string): Promise<{ field: string; version: string }> {
  for (const [field, value] of Object.entries(form)) {
    const changed = otherValue(field, value);
    if (changed === undefined) continue;
    const saved = await t.call('PUT', url, { token: colleague, body: { ...form, [field]: changed }, headers: { 'if-match': version } });
    if (saved.status === 200 && etagOf(saved) !== version) return { field, version: etagOf(saved)! };
  }
  throw new Error(`${url}: no field of ${JSON.stringify(form)} could be changed`);
}

describe('record versions', () => {
  it('cover every declared resource with an update or a delete', () => {
    expect(writableDeclarations.length).toBeGreaterThan(10);
  });

  describeEachWritableRecord(
    () => ({ t, token, notEmails: [COLLEAGUE] }),
    (record) => {
      const { name, declaration, api, operations } = record;

      it('answers a record with its version as a strong ETag', async () => {
        const read = await t.call('GET', record.url, { token });
        expect(read.status).toBe(200);
        expect(etagOf(read)).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
        // The same record reads as the same version.
        expect(etagOf(await t.call('GET', record.url, { token }))).toBe(etagOf(read));
      });

      it.runIf(operations.includes('list'))("lists each row with the version its record's ETag holds, declared in the OpenAPI document", async () => {
        const rows = await listRows(name, api);
        expect(rows.length, `${api} lists records`).toBeGreaterThan(0);
        // Every row carries its version, the shorter ones (their record read with the page's others) as well.
        for (const row of rows) {
          const one = await t.call('GET', `${api}/${encodeURIComponent(String(row.id))}`, { token });
          expect(row.version, `${api} row ${row.id}`).toEqual(expect.any(String));
          expect(`"${row.version}"`, `${api} row ${row.id}`).toBe(etagOf(one));
        }
        const rowSchema = ((await t.call('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, any> }).paths[`/api${declaration.path}`].get.responses['200'].content[
          'application/json'
        ].schema.properties.data.properties.list.items;
        expect(rowSchema.properties.version.type).toBe('string');
        expect(rowSchema.required).toContain('version');
      });

      // A list keeps the versions of rows it served lately (record-versions.ts): a row listed again after
      // a save must answer the saved version, not the one kept.
      it.runIf(operations.includes('list') && operations.includes('update'))('lists a row again after a save with the version the save made', async () => {
        await listRows(name, api);
        const listed = (await listRows(name, api)).find((row) => String(row.id) === String(record.id));
        expect(listed, `${api} lists record ${record.id}`).toBeDefined();
        const opened = etagOf(await t.call('GET', record.url, { token }))!;
        expect(`"${listed!.version}"`).toBe(opened);
        const theirs = await colleagueChanges(record.url, await editFormOf(t, token, name, record.id), opened);
        const again = (await listRows(name, api)).find((row) => String(row.id) === String(record.id));
        expect(`"${again!.version}"`, `${api} row ${record.id}`).toBe(theirs.version);
      });

      it.runIf(operations.includes('update'))('refuses a save from a version changed since, naming who and which fields, and changes nothing', async () => {
        const opened = etagOf(await t.call('GET', record.url, { token }))!;
        const form = await editFormOf(t, token, name, record.id);
        const theirs = await colleagueChanges(record.url, form, opened);

        const stale = await t.call('PUT', record.url, { token, body: form, headers: { 'if-match': opened } });
        expect(stale.status, JSON.stringify(stale.body)).toBe(412);
        expect(stale.body.result).toBe('STALE_VERSION');
        expect(`"${stale.body.data.version}"`).toBe(theirs.version);
        // Who and which fields come from the record's activity entries (a share's, from its project's).
        expect(stale.body.data.fields).toContain(theirs.field);
        expect(stale.body.data.changedBy).toBe('Kim Colleague');
        expect(stale.body.data.changedAt).toEqual(expect.any(String));
        expect(stale.body.resultMessage).toContain('Kim Colleague');
        // Nothing was written: the record is still the colleague's.
        const now = await t.call('GET', record.url, { token });
        expect(etagOf(now)).toBe(theirs.version);
        expect(now.body.data[theirs.field]).toEqual(stale.body.data.record[theirs.field]);
        expect(now.body.data[theirs.field]).not.toEqual(form[theirs.field]);
      });

      it.runIf(operations.includes('update'))('makes a save from the current version, and one naming no version', async () => {
        const current = etagOf(await t.call('GET', record.url, { token }))!;
        const form = await editFormOf(t, token, name, record.id);
        const fresh = await t.call('PUT', record.url, { token, body: form, headers: { 'if-match': current } });
        expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
        expect(etagOf(fresh)).toBe(etagOf(await t.call('GET', record.url, { token })));
        const unversioned = await t.call('PUT', record.url, { token, body: form });
        expect(unversioned.status, JSON.stringify(unversioned.body)).toBe(200);
      });

      it.runIf(operations.includes('list'))(
        `refuses a ${operations.includes('delete') ? 'delete' : 'save'} from the version its list row carried once changed since, and makes it from the row's current version`,
        async () => {
          const rowVersion = async () => (await listRows(name, api)).find((row) => String(row.id) === record.id)?.version;
          const listed = await rowVersion();
          expect(listed, `${api} lists record ${record.id} with a version`).toEqual(expect.any(String));
          const form = await editFormOf(t, token, name, record.id);
          await colleagueChanges(record.url, form, `"${listed}"`);
          // Where the resource has no delete, the write made from a row is its save.
          const write = (version: string) =>
            operations.includes('delete')
              ? t.call('DELETE', record.url, { token, headers: { 'if-match': `"${version}"` } })
              : t.call('PUT', record.url, { token, body: form, headers: { 'if-match': `"${version}"` } });
          const stale = await write(listed!);
          expect(stale.status, JSON.stringify(stale.body)).toBe(412);
          expect(stale.body.result).toBe('STALE_VERSION');
          expect((await t.call('GET', record.url, { token })).status).toBe(200);

          const current = await rowVersion();
          expect(current).not.toBe(listed);
          expect(`"${current}"`).toBe(etagOf(await t.call('GET', record.url, { token })));
          const made = await write(current!);
          // A record others still use is refused for that (409), never for its version.
          expect(operations.includes('delete') ? [200, 409] : [200], `${record.url}: ${JSON.stringify(made.body)}`).toContain(made.status);
          if (!operations.includes('delete') || made.status !== 200) return;
          expect((await t.call('GET', record.url, { token })).status).toBe(404);
          // Back with its id from the activity log, for the tests below.
          // The newest entry is the delete's (a share's is its project's `unshare`).
          const deletion = (await t.call('GET', `/api/activity?range=${encodeURIComponent('[0,0]')}`, { token })).body.data.list[0] as { id: number };
          const restored = await t.call('POST', `/api/activity/${deletion.id}/restore`, { token });
          expect(restored.status, JSON.stringify(restored.body)).toBe(200);
        },
      );

      it.runIf(operations.includes('delete'))('refuses a delete from a version changed since, naming the fields, and keeps the record', async () => {
        const opened = etagOf(await t.call('GET', record.url, { token }))!;
        // Every declared resource with a delete has an update (checked below), so a colleague's save makes the version stale.
        const theirs = await colleagueChanges(record.url, await editFormOf(t, token, name, record.id), opened);
        const stale = await t.call('DELETE', record.url, { token, headers: { 'if-match': opened } });
        expect(stale.status, JSON.stringify(stale.body)).toBe(412);
        expect(stale.body.result).toBe('STALE_VERSION');
        expect(`"${stale.body.data.version}"`).toBe(theirs.version);
        expect(stale.body.data.fields).toContain(theirs.field);
        expect(stale.body.data.changedBy).toBe('Kim Colleague');
        expect(stale.body.resultMessage).toContain('Kim Colleague');
        const kept = await t.call('GET', record.url, { token });
        expect(kept.status).toBe(200);
        expect(etagOf(kept)).toBe(theirs.version);
      });

      it.runIf(operations.includes('delete'))('deletes from the current version, and another record naming no version', async () => {
        const unversionedId = await firstRecordId(t, token, api, await LIST_FILTERS[name]?.((list, filter) => firstRecordId(t, token, list, filter)), { skip: 1, notEmails: [COLLEAGUE] });
        for (const [target, headers] of [
          [record.url, { 'if-match': etagOf(await t.call('GET', record.url, { token }))! }],
          [`${api}/${encodeURIComponent(unversionedId)}`, {}],
        ] as const) {
          const deleted = await t.call('DELETE', target, { token, headers });
          // A record others still use is refused for that (409), never for its version.
          expect([200, 409], `${target}: ${JSON.stringify(deleted.body)}`).toContain(deleted.status);
          if (deleted.status === 200) expect((await t.call('GET', target, { token })).status).toBe(404);
        }
      });
    },
  );

  it('puts versions on the rows of every list, the shorter rows among them', () => {
    const listed = writableDeclarations.filter((declaration) => operationsOf(declaration).includes('list'));
    // The shorter rows take their versions from their records, read a page at a time: the case the tests above cover beside the others.
    expect(listed.filter((declaration) => !rowsHoldRecord(declaration)).map((declaration) => declaration.name).length).toBeGreaterThan(0);
  });

  it('will not serve a list of shorter rows that can be changed or deleted without a batched read of its records', () => {
    const shorter = writableDeclarations.filter((declaration) => operationsOf(declaration).includes('list') && !rowsHoldRecord(declaration));
    expect(shorter.length).toBeGreaterThan(0);
    for (const declaration of shorter) {
      const app = Fastify().decorate('ctx', t.app.ctx);
      const store = { list: async () => ({ list: [], totalCount: 0, totalPage: 0, currentPage: 1 }), find: async () => undefined };
      expect(() => crudRoutes(app, declaration, { store } as never), declaration.name).toThrow(`${declaration.name}: list needs store.findMany`);
    }
  });

  it('has an update for every resource with a delete, so each delete can be made stale by a save', () => {
    expect(writableDeclarations.filter((declaration) => !operationsOf(declaration).includes('update')).map((declaration) => declaration.name)).toEqual([]);
  });

  it('says who changed what in Korean to a Korean reader', async () => {
    const id = await firstRecordId(t, token, '/api/projects', {}, { skip: 1 });
    const url = `/api/projects/${id}`;
    const opened = etagOf(await t.call('GET', url, { token }))!;
    const form = await editFormOf(t, token, 'projects', id);
    expect((await t.call('PUT', url, { token: colleague, body: { ...form, name: `${String(form.name)} (Kim)` } })).status).toBe(200);
    const stale = await t.call('PUT', url, { token, body: form, headers: { 'if-match': opened, 'accept-language': 'ko' } });
    expect(stale.status).toBe(412);
    expect(stale.body.resultMessage).toMatch(/^이 프로젝트를 연 뒤에 Kim Colleague님이 \d{4}-\d\d-\d\d \d\d:\d\d \(.+\)에 바꿨습니다: 이름\. 그 변경을 잃지 않도록 아무것도 쓰지 않았습니다\.$/);
    expect(stale.body.data.fields).toEqual(['name']);
  });

  it("is not made stale by the account's owner signing in, failing to or being locked out", async () => {
    const owner = await signedInAccount(t, 'lee@example.com', 'user', { first_name: 'Lee', last_name: 'Owner' });
    const url = `/api/users/${owner.id}`;
    const opened = etagOf(await t.call('GET', url, { token }))!;
    const attempts = await t.call('POST', '/api/auth/signin', { body: { email: owner.email, password: 'Wrong-passw0rd!' } });
    expect(attempts.status).toBe(401);
    await t.signIn(owner.email, 'Passw0rd!');
    const account = await t.db.selectFrom('admins').select(['last_login_at']).where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(account.last_login_at).not.toBeNull();
    const deactivated = await t.call('PUT', `${url}/status`, { token, body: { statusCode: 'INACTIVE' }, headers: { 'if-match': opened } });
    expect(deactivated.status).toBe(200);
  });

  // A project's record is more than its row; a domain's is its row, whose second read in the save's transaction is compared field by field.
  // On PostgreSQL the saves' loads overlap (a pool of connections), so the check in the transaction is what refuses all but one.
  it.each([
    ['projects', 'name'],
    ['domains', 'description'],
  ])('lets one of six %s saves from the same version through, and refuses the others', async (name, field) => {
    // Earlier tests delete the demo data's domains: one is made for this test.
    const id =
      name === 'domains'
        ? (await t.call('POST', '/api/domains', { token, body: { domain: 'race.example.org', activeFlag: 'Y' } })).body.data.id
        : await firstRecordId(t, token, `/api/${name}`, {}, { skip: 2 });
    const url = `/api/${name}/${id}`;
    const opened = etagOf(await t.call('GET', url, { token }))!;
    const form = await editFormOf(t, token, name, id);
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, n) => t.call('PUT', url, { token: n % 2 ? colleague : token, body: { ...form, [field]: `${String(form[field] ?? '')} (${n})` }, headers: { 'if-match': opened } })),
    );
    expect(saves.map((save) => save.status).sort()).toEqual([200, 412, 412, 412, 412, 412]);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL with two instances', () => {
    let b: Awaited<ReturnType<typeof startPgInstance>>;
    beforeAll(async () => {
      b = await startPgInstance(t);
    });
    afterAll(async () => b?.close());

    // A project (a history of its own) and a user (the creator flag one admin changes while another edits).
    it.each([
      ['projects', 'name'],
      ['users', 'creatorFlag'],
    ])('refuses a %s save through A from the version A read, changed since through B, naming the field; a save from the fresh version passes', async (name, field) => {
      const api = `/api/${name}`;
      const id = await firstRecordId(t, token, api, {}, { skip: 3, notEmails: [COLLEAGUE] });
      const url = `${api}/${id}`;
      const onA = await t.call('GET', url, { token });
      const opened = etagOf(onA)!;
      const form = await editFormOf(t, token, name, id);
      expect(form[field], `${url} has ${field}`).toBeDefined();
      // B answers the same version for the same record: nothing of it is kept per instance.
      expect(etagOf(await b.call('GET', url, { token: colleague }))).toBe(opened);

      const theirs = await b.call('PUT', url, { token: colleague, body: { ...form, [field]: otherValue(field, form[field]) }, headers: { 'if-match': opened } });
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
      const stale = await t.call('PUT', url, { token, body: form, headers: { 'if-match': opened } });
      expect(stale.status, JSON.stringify(stale.body)).toBe(412);
      expect(stale.body.result).toBe('STALE_VERSION');
      expect(stale.body.data).toMatchObject({ version: etagOf(theirs)!.slice(1, -1), changedBy: 'Kim Colleague', fields: [field] });
      expect((await t.call('GET', url, { token })).body.data[field]).toEqual(otherValue(field, form[field]));

      // The other order: A reads the version B's save made, and A's save from it is made, seen through B.
      const fresh = etagOf(await t.call('GET', url, { token }))!;
      expect(fresh).toBe(etagOf(theirs));
      const mine = await t.call('PUT', url, { token, body: form, headers: { 'if-match': fresh } });
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      const onB = await b.call('GET', url, { token: colleague });
      expect(onB.body.data[field]).toEqual(form[field]);
      expect(etagOf(onB)).toBe(etagOf(mine));
      // And B, still holding the version before A's save, is refused in turn.
      const staleOnB = await b.call('PUT', url, { token: colleague, body: { ...form, [field]: otherValue(field, form[field]) }, headers: { 'if-match': fresh } });
      expect(staleOnB.status, JSON.stringify(staleOnB.body)).toBe(412);
      expect(staleOnB.body.data).toMatchObject({ changedBy: expect.any(String), fields: [field] });
    });
  });
});
