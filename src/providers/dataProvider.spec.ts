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
