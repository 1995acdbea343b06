import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORITIES, LIST_BOUNDS } from '../../src/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signedInAccount, type TestApp, withTestApp } from './harness';
import { projectBody, seedTemplate } from './projects-fixtures';
import { createDataset } from './uploads-support';
import { declarations } from '../../server/http/resource-declarations';

/**
 * Every list endpoint, found in the OpenAPI document (a GET whose query holds sort, range and filter),
 * answers hostile list parameters with a 400 naming the parameter, never a 5xx, on either engine.
 */

let t: TestApp;
let token: string;
let lists: string[];
/** Filters some lists require (properties list one kind, plans and shares one project's); given with every range and sort. */
const required: Record<string, unknown> = { kind: 'countries' };
withTestApp((app) => (t = app));
beforeAll(async () => {
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const explorerDataset = await createDataset(t, token);
  const termId = (await t.db.selectFrom('terms').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  lists = Object.entries<Record<string, { parameters?: { in: string; name: string }[] }>>(document.paths)
    .filter(([, operations]) => ['sort', 'range', 'filter'].every((name) => operations.get?.parameters?.some((p) => p.in === 'query' && p.name === name)))
    // The Data Explorer's rows are a table's: its {id} is a table id such as dataset-1.
    .map(([path]) => path.replace('{id}', path.startsWith('/api/explorer/') ? `dataset-${explorerDataset}` : String(termId)));
  const project = await t.call('POST', '/api/projects', { token, body: projectBody(await seedTemplate(t, 'Fuzz', 'MEDIA')) });
  required.projectId = project.body.data.id;
  // More rows than a page holds, so a range of 1e9 rows shows the cap.
  const now = new Date().toISOString();
  await t.db
    .insertInto('domains')
    .values(Array.from({ length: LIST_BOUNDS.maxPageSize + 20 }, (_, i) => ({ domain: `fuzz${i}.example`, description: null, active_flag: 'Y', created_at: now, updated_at: now })))
    .execute();
});

const cursor = (text: string) => Buffer.from(text).toString('base64url');
const deep = `${'['.repeat(1500)}${']'.repeat(1500)}`;
const long = 'x'.repeat(10_000);

/** [what the case is, the raw query string, the parameter a 400 must name] */
const battery: [string, string, string][] = [
  ...[
    '{"id":true}',
    '{"id":{}}',
    '{"id":[[]]}',
    '{"id":[{}]}',
    '{"id":1e30}',
    '{"id":-1e30}',
    '{"id":1.5}',
    '{"id":"abc"}',
    '{"id":"1; drop table admins"}',
    '{"id":"\\u0000"}',
    '{"id":["\\u0000"]}',
    `{"id":[${Array(600).fill(1).join(',')}]}`,
    '{"q":{}}',
    '{"q":[]}',
    '{"q":"%_\\\\"}',
    '{"q":"\\u0000"}',
    `{"q":"${'y'.repeat(300)}"}`,
    '{"__proto__":1}',
    '{"constructor":1}',
    '{"toString":"x"}',
    '{"hasOwnProperty":"x"}',
    '{"status":"\\u0000"}',
    '{"status":true}',
    '{"activeFlag":"\\u0000"}',
    '{"projectId":"abc"}',
    '{"adminId":99999999999}',
    '{"from":"\\u0000"}',
    '{"to":"2024-02-30"}',
    '{"from":1e300}',
    '{"email":"\\u0000"}',
    '{"endPoint":"\\u0000"}',
    'not json',
    '[1,2]',
    'null',
    '"text"',
    '42',
    'true',
    deep,
    `{"a":${deep}}`,
    `{"q":"${long}"}`,
    `{"${long}":1}`,
  ].map((filter): [string, string, string] => [`filter=${filter.slice(0, 60)}`, `filter=${encodeURIComponent(filter)}`, 'filter']),
  ...['[1e300,1e300]', '[-1,5]', '[5,1]', '[0,1e9]', '["a","b"]', '[0.5,2]', '[]', '{}', '[0]', '[0,1,2]', 'null', '[null,null]', '[0,9007199254740993]', '[100001,100002]', 'x'].map(
    (range): [string, string, string] => [`range=${range}`, `range=${encodeURIComponent(range)}`, 'range'],
  ),
  ...['["id"]', '["nope","ASC"]', '["id","SIDEWAYS"]', '[1,2]', '["constructor","ASC"]', '["__proto__","DESC"]', '[["id"],"ASC"]', '{}', 'null', '"id"', `["${long}","ASC"]`].map(
    (sort): [string, string, string] => [`sort=${sort.slice(0, 60)}`, `sort=${encodeURIComponent(sort)}`, 'sort'],
  ),
  ['range twice', 'range=[0,9]&range=[10,19]', 'range'],
  ['sort twice', 'sort=["id","ASC"]&sort=["id","DESC"]', 'sort'],
  ['filter twice', 'filter={}&filter={}', 'filter'],
  ['a huge querystring', `filter=${encodeURIComponent(JSON.stringify({ q: 'z'.repeat(60_000) }))}`, 'filter'],
  ['a cursor with NUL', `after=${cursor('2024-01-01T00:00:00.000Z\u0000|1')}`, 'after'],
  ['a cursor past the integer range', `after=${cursor('2024-01-01T00:00:00.000Z|99999999999')}`, 'after'],
];

describe('hostile list parameters', () => {
  it('finds every list endpoint from the route schemas', () => {
    expect(lists.length).toBeGreaterThanOrEqual(18);
    for (const path of ['/api/users', '/api/domains', '/api/system-logs', '/api/tasks', '/api/access-history', '/api/manual-permissions']) expect(lists).toContain(path);
  });

  it('are a 400 VALIDATION_ERROR naming the parameter, or a page no larger than the cap, never a 5xx', async () => {
    const failures: string[] = [];
    for (const path of lists) {
      const refused = await t.call('GET', path, { token });
      const needs = refused.status === 400 ? String(refused.body.data.errors[0].field).replace('filter.', '') : undefined;
      const base = needs ? `filter=${encodeURIComponent(JSON.stringify({ [needs]: required[needs] }))}` : '';
      expect((await t.call('GET', `${path}?${base}`, { token })).status, path).toBe(200);
      for (const [name, query, parameter] of battery) {
        const reply = await t.call('GET', `${path}?${parameter === 'filter' ? query : [base, query].filter(Boolean).join('&')}`, { token });
        const fields: string[] = reply.body.data?.errors?.map((error: { field: string }) => error.field) ?? [];
        const fine =
          reply.status === 200
            ? reply.body.data.list.length <= LIST_BOUNDS.maxPageSize
            : reply.status === 400 &&
              reply.body.result === 'VALIDATION_ERROR' &&
              fields.length > 0 &&
              fields.every((field) => field === parameter || field.startsWith(`${parameter}.`)) &&
              reply.body.resultMessage.length > 0;
        if (!fine) failures.push(`${path} ${name} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answer the names every object inherits, as the value of every filter and as every sort field, with 200 or 400, never a 5xx', async () => {
    // A caller's word used as a key into a plain object finds Object.prototype's members there.
    const inherited = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    // The lowest rank too: a list it may not read whole can still open one record's part (the activity
    // log's history); a project it cannot see is 404 to it.
    const lowest = (await signedInAccount(t, 'fuzz-lowest@example.com', AUTHORITIES[AUTHORITIES.length - 1])).token;
    const failures: string[] = [];
    let asked = 0;
    for (const path of lists) {
      const declared = declarations.find((declaration) => `/api${declaration.path}` === path.replace(/\/(dataset-\d+|\d+)(?=\/|$)/, '/{id}'));
      // The sortable fields, from the list's own refusal ("sort by one of a, b, c."), and its declared filters.
      const refusal = await t.call('GET', `${path}?sort=${encodeURIComponent('["~","ASC"]')}`, { token });
      const sortable =
        String(refusal.body.resultMessage)
          .match(/sort by one of (.+)\.$/)?.[1]
          .split(', ') ?? [];
      const fields = [...new Set([...Object.keys(declared?.list?.filters ?? {}), ...sortable, 'q'])];
      // Only the filter the list requires (a properties list's kind, a project's plans), as the battery above gives it.
      const bare = await t.call('GET', path, { token });
      const needs = bare.status === 400 ? String(bare.body.data.errors[0].field).replace('filter.', '') : undefined;
      const base = needs ? { [needs]: required[needs] } : {};
      for (const word of inherited) {
        const queries = [
          ...fields.map((field) => `filter=${encodeURIComponent(JSON.stringify({ ...base, [field]: word }))}`),
          // Two fields at once: a record's history (resource and recordId) looks its kind up by name.
          `filter=${encodeURIComponent(JSON.stringify({ ...base, resource: word, recordId: '1' }))}`,
          `filter=${encodeURIComponent(JSON.stringify(base))}&sort=${encodeURIComponent(JSON.stringify([word, 'ASC']))}`,
        ];
        for (const query of queries) {
          asked++;
          const reply = await t.call('GET', `${path}?${query}`, { token });
          if (reply.status !== 200 && reply.status !== 400) failures.push(`${path}?${decodeURIComponent(query)} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
          const low = await t.call('GET', `${path}?${query}`, { token: lowest });
          if (![200, 400, 403, 404].includes(low.status)) failures.push(`lowest rank: ${path}?${decodeURIComponent(query)} → ${low.status} ${JSON.stringify(low.body).slice(0, 200)}`);
        }
      }
    }
    expect(asked).toBeGreaterThan(lists.length * inherited.length * 3);
    expect(failures).toEqual([]);
    // About two thousand calls.
  }, 180_000);

  it('answers a range wider than a page with a full page of the cap', async () => {
    const reply = await t.call('GET', `/api/domains?range=${encodeURIComponent('[0,1000000000]')}`, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.data.list).toHaveLength(LIST_BOUNDS.maxPageSize);
  });

  it('refuses an id no record can have by its message key', async () => {
    const reply = await t.call('GET', '/api/domains/2147483648', { token });
    expect([reply.status, reply.body.result, reply.body.data.errors]).toEqual([400, 'VALIDATION_ERROR', [{ field: 'id', message: 'idTooLarge', params: { maximum: 2147483647 } }]]);
    expect(reply.body.resultMessage).toBe('id: No record has an id that large.');
  });

  it('names the parameter in a sentence', async () => {
    const cases: [string, { field: string; message: string }][] = [
      ['filter={"id":true}', { field: 'filter.id', message: 'id must be a whole number between -2147483648 and 2147483647.' }],
      ['filter={"id":"\\u0000"}', { field: 'filter.id', message: 'id must be a whole number between -2147483648 and 2147483647.' }],
      ['filter={"domain":1}', { field: 'filter.domain', message: 'Cannot filter by domain.' }],
      ['filter={"activeFlag":"\\u0000"}', { field: 'filter.activeFlag', message: 'activeFlag must not contain a NUL character.' }],
      ['filter={"q":{}}', { field: 'filter.q', message: 'q must be text of at most 200 characters.' }],
      ['range=[1e300,1e300]', { field: 'range', message: 'range must be [first, last] row numbers: whole numbers with 0 ≤ first ≤ last and first at most 100000.' }],
      ['range=[0,9]&range=[10,19]', { field: 'range', message: 'rangeGivenOnce' }],
      ['sort=["id"]', { field: 'sort', message: 'sort must be ["field","ASC"] or ["field","DESC"].' }],
      ['sort=["constructor","ASC"]', { field: 'sort', message: 'Cannot sort by constructor; sort by one of id, domain, activeFlag, updatedAt, createdAt.' }],
    ];
    for (const [query, error] of cases) {
      const reply = await t.call('GET', `/api/domains?${query.replace(/=(.*?)(&|$)/g, (_, value, end) => `=${encodeURIComponent(value)}${end}`)}`, { token });
      expect([reply.status, reply.body.result, reply.body.data.errors], query).toEqual([400, 'VALIDATION_ERROR', [error]]);
    }
  });
});
