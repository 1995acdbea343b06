// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { envelope, stubFetch } from '../testing/fetchStub';
import { dataProvider } from './dataProvider';

afterEach(() => vi.unstubAllGlobals());

const query = (url: string) => Object.fromEntries(new URL(url, 'http://console.test').searchParams);

describe('dataProvider', () => {
  it('lists with simple-rest sort, range and filter and reads {list, totalCount}', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { list: [{ id: 11 }, { id: 12 }], totalCount: 42, totalPage: 5, currentPage: 2 }) }));
    const page = await dataProvider.getList('projects', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'sale', status: 'ON_GOING' },
    });
    expect(page).toEqual({ data: [{ id: 11 }, { id: 12 }], total: 42 });
    expect(new URL(calls[0].url, 'http://console.test').pathname).toBe('/api/projects');
    expect(query(calls[0].url)).toEqual({
      sort: '["createdAt","DESC"]',
      range: '[10,19]',
      filter: '{"q":"sale","status":"ON_GOING"}',
    });
  });

  it('pages forward with the keyset cursor a list answer carries, and falls back to the offset otherwise', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { list: [{ id: 3 }], totalCount: 900, nextCursor: 'cursor-after-page-1' }) }));
    const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'requestAt', order: 'DESC' as const }, filter: { httpMethod: 'POST' } };
    await dataProvider.getList('system-logs', params);
    await dataProvider.getList('system-logs', { ...params, pagination: { page: 2, perPage: 25 } });
    await dataProvider.getList('system-logs', { ...params, pagination: { page: 7, perPage: 25 } });
    await dataProvider.getList('system-logs', { ...params, filter: { httpMethod: 'GET' }, pagination: { page: 2, perPage: 25 } });
    expect(query(calls[0].url).after).toBeUndefined();
    expect(query(calls[1].url)).toMatchObject({ after: 'cursor-after-page-1', range: '[25,49]' });
    expect(query(calls[2].url).after).toBeUndefined();
    expect(query(calls[3].url).after).toBeUndefined();
  });

  it('gets many through filter={"id":[...]}', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { list: [{ id: 1 }, { id: 2 }], totalCount: 2 }) }));
    expect(await dataProvider.getMany('templates', { ids: [1, 2] })).toEqual({ data: [{ id: 1 }, { id: 2 }] });
    expect(query(calls[0].url).filter).toBe('{"id":[1,2]}');
  });

  it('reads data of getOne, create, update and delete', async () => {
    const { calls } = stubFetch((call) => ({ body: envelope('SUCCESS', { id: 5, via: call.method }) }));
    expect((await dataProvider.getOne('domains', { id: 5 })).data).toEqual({ id: 5, via: 'GET' });
    expect((await dataProvider.create('domains', { data: { domain: 'example.com' } })).data).toEqual({ id: 5, via: 'POST' });
    expect((await dataProvider.update('domains', { id: 5, data: { domain: 'x.io' }, previousData: { id: 5 } })).data).toEqual({ id: 5, via: 'PUT' });
    expect((await dataProvider.delete('domains', { id: 5 })).data).toEqual({ id: 5, via: 'DELETE' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/domains/5', 'POST /api/domains', 'PUT /api/domains/5', 'DELETE /api/domains/5']);
  });

  it('changes many records with one PATCH of the ids and the changes, and reads the ids it changed', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { ids: [3, 4] }) }));
    expect(await dataProvider.updateMany('domains', { ids: [3, 4], data: { activeFlag: 'N' } })).toEqual({ data: [3, 4] });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['PATCH /api/domains']);
    expect(calls[0].body).toEqual({ ids: [3, 4], changes: { activeFlag: 'N' } });
  });

  it("keeps a record's version from its ETag and sends it back as If-Match on an update and a delete, never in the body", async () => {
    const { calls } = stubFetch((call) => ({ body: envelope('SUCCESS', { id: 5, domain: 'x.io' }), headers: call.method === 'DELETE' ? undefined : { ETag: `"v-${call.method}"` } }));
    const { data: record } = await dataProvider.getOne('domains', { id: 5 });
    expect(record).toEqual({ id: 5, domain: 'x.io', version: 'v-GET' });
    const { data: saved } = await dataProvider.update('domains', { id: 5, data: { ...record, domain: 'y.io' }, previousData: record });
    expect(saved.version).toBe('v-PUT');
    await dataProvider.delete('domains', { id: 5, previousData: saved });
    expect(calls[1]).toMatchObject({ method: 'PUT', headers: { 'If-Match': '"v-GET"' }, body: { id: 5, domain: 'y.io' } });
    expect(calls[1].body).not.toHaveProperty('version');
    expect(calls[2]).toMatchObject({ method: 'DELETE', headers: { 'If-Match': '"v-PUT"' } });
  });

  it("sends each listed row's version as If-Match on a delete from its row and on a bulk delete, and answers a refused row in the server's words after the others are made", async () => {
    const stale = 'Since you opened this domain, Kim Colleague changed it at 2026-12-03 09:00 (Asia/Seoul): Description. Nothing was written, so their change is not lost.';
    const { calls } = stubFetch((call) => {
      if (call.method === 'GET') return { body: envelope('SUCCESS', { list: [5, 6, 7].map((id) => ({ id, version: `v${id}` })), totalCount: 3 }) };
      if (call.url.endsWith('/6')) return { status: 412, body: envelope('STALE_VERSION', { version: 'v-theirs' }, stale) };
      return { body: envelope('SUCCESS', { id: 0 }) };
    });
    const { data: rows } = await dataProvider.getList('domains', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await dataProvider.delete('domains', { id: 5, previousData: rows[0] });
    const bulk = dataProvider.deleteMany('domains', { ids: [6, 7], meta: { previousData: rows.slice(1) } });
    await expect(bulk).rejects.toThrow(HttpError);
    await expect(bulk).rejects.toThrow(stale);
    expect(calls.slice(1).map((call) => [call.method, call.url, call.headers['If-Match']])).toEqual([
      ['DELETE', '/api/domains/5', '"v5"'],
      ['DELETE', '/api/domains/6', '"v6"'],
      ['DELETE', '/api/domains/7', '"v7"'],
    ]);
  });

  it("sends a term's version as If-Match when publishing or editing one of its versions (meta.held), and none without it", async () => {
    const { calls } = stubFetch((call) => ({ body: envelope('SUCCESS', { id: 9, termsVersion: '2.0', via: call.method }) }));
    const term = { id: 4, title: 'Privacy', version: 'v-term' };
    const { data: published } = await dataProvider.create('terms/4/versions', { data: { termsVersion: '2.0' }, meta: { held: term } });
    expect(published).toEqual({ id: 9, termsVersion: '2.0', via: 'POST' });
    await dataProvider.update('terms/4/versions', { id: 9, data: { termsVersion: '2.1' }, previousData: { id: 9, termsVersion: '2.0' }, meta: { held: term } });
    await dataProvider.create('terms/4/versions', { data: { termsVersion: '3.0' } });
    expect(calls.map((call) => [call.method, call.url, call.headers['If-Match'], call.body])).toEqual([
      ['POST', '/api/terms/4/versions', '"v-term"', { termsVersion: '2.0' }],
      ['PUT', '/api/terms/4/versions/9', '"v-term"', { termsVersion: '2.1' }],
      ['POST', '/api/terms/4/versions', undefined, { termsVersion: '3.0' }],
    ]);
  });

  it('sends the version of the record held as If-Match on a command on it, and none for a record without one', async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { id: 5 }) }));
    await dataProvider.setUserStatus(5, 'INACTIVE', { id: 5, version: 'v-held' });
    await dataProvider.unlockUser(5, { id: 5, version: 'v-held' });
    await dataProvider.resumeCollectConfig(7, { id: 7 });
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/users/5/status', headers: { 'If-Match': '"v-held"' }, body: { statusCode: 'INACTIVE' } });
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/api/users/5/unlock', headers: { 'If-Match': '"v-held"' } });
    expect(calls[2].headers).not.toHaveProperty('If-Match');
  });

  it("sends simple-rest's JSON body as it wrote it, not parsed back and written again", async () => {
    const { calls } = stubFetch(() => ({ body: envelope('SUCCESS', { id: 5 }) }));
    const data = { domain: 'example.com', remark: 'written once' };
    const stringify = vi.spyOn(JSON, 'stringify');
    await dataProvider.create('domains', { data });
    const written = stringify.mock.calls.map(([value]) => value);
    stringify.mockRestore();
    // The record itself, or a copy parsed back from its JSON: either way it carries the remark.
    const writesOfData = written.filter((value) => (value as { remark?: string } | null)?.remark === data.remark);
    expect(writesOfData).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: data });
  });

  it('raises an HttpError whose body gives react-admin the field errors of a VALIDATION_ERROR, as message keys to translate', async () => {
    stubFetch(() => ({
      status: 400,
      body: envelope(
        'VALIDATION_ERROR',
        {
          errors: [
            { field: 'domain', message: 'domainFormat' },
            { field: 'description', message: 'tooLong', params: { maximum: 2000 } },
          ],
        },
        'Some values are invalid',
      ),
    }));
    const error = await dataProvider.create('domains', { data: { domain: '??' } }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: 'VALIDATION_ERROR: Some values are invalid',
      body: {
        result: 'VALIDATION_ERROR',
        resultMessage: 'Some values are invalid',
        errors: {
          domain: { message: 'console.validation.schema.domainFormat', args: {} },
          description: { message: 'console.validation.schema.tooLong', args: { maximum: '2,000' } },
          root: { serverError: 'Some values are invalid' },
        },
      },
    });
  });
});
