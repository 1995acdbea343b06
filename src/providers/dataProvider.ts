import { HttpError, type DataProvider, type GetListParams, type Identifier, type RaRecord } from 'react-admin';
import type { ListPage } from '../shared/envelope';
import { ApiError } from './apiError';
import { request, type RequestOptions } from './httpClient';
import { cursorFor, rememberNextCursor } from './listCursors';

/**
 * ra-data-simple-rest's query conventions against `/api/<resource>`, written over httpClient
 * because every answer is wrapped in the envelope (lists as `data: {list, totalCount}`).
 */

/** The body react-admin reads: `errors` as `{field: message}` puts server validation messages on the form fields. */
function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const body: Record<string, unknown> = { result: error.result, resultMessage: error.resultMessage, data: error.data };
  // Validation errors and conflicts (a duplicate code) both name their fields in data.errors.
  if (error.result === 'VALIDATION_ERROR' || error.fieldErrors.length > 0) {
    body.errors = Object.fromEntries([
      ['root', { serverError: error.text }],
      ...error.fieldErrors.map(({ field, message }) => [field, message]),
    ]);
  }
  // The cause keeps code and text apart for the error toast (useApiErrorToast); react-admin's own
  // notifications carry the summary, which ConsoleNotification reads back.
  return Object.assign(new HttpError(error.summary, error.status, body), { cause: error });
}

async function call<T>(path: string, options?: RequestOptions): Promise<T> {
  try {
    return (await request<T>(path, options)).data;
  } catch (error) {
    throw toHttpError(error);
  }
}

function listQuery({ pagination, sort, filter }: Partial<GetListParams>): RequestOptions['query'] {
  const query: RequestOptions['query'] = { filter: JSON.stringify(filter ?? {}) };
  if (sort?.field) query.sort = JSON.stringify([sort.field, sort.order]);
  if (pagination) {
    const start = (pagination.page - 1) * pagination.perPage;
    query.range = JSON.stringify([start, start + pagination.perPage - 1]);
  }
  return query;
}

const itemPath = (resource: string, id: Identifier) => `/${resource}/${encodeURIComponent(String(id))}`;

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const after = cursorFor(resource, params);
    const query = { ...listQuery(params), ...(after ? { after } : {}) };
    const page = await call<ListPage<RaRecord>>(`/${resource}`, { query, signal: params.signal });
    rememberNextCursor(resource, params, page.nextCursor);
    return { data: page.list, total: page.totalCount, ...(page.totalIsEstimate ? { meta: { totalIsEstimate: true } } : {}) };
  },
  async getOne(resource, params) {
    return { data: await call(itemPath(resource, params.id), { signal: params.signal }) };
  },
  async getMany(resource, params) {
    const page = await call<ListPage<RaRecord>>(`/${resource}`, { query: listQuery({ filter: { id: params.ids } }), signal: params.signal });
    return { data: page.list };
  },
  async getManyReference(resource, { target, id, filter, ...params }) {
    const query = listQuery({ ...params, filter: { ...filter, [target]: id } });
    const page = await call<ListPage<RaRecord>>(`/${resource}`, { query, signal: params.signal });
    return { data: page.list, total: page.totalCount };
  },
  async create(resource, params) {
    return { data: await call(`/${resource}`, { method: 'POST', body: params.data }) };
  },
  async update(resource, params) {
    return { data: await call(itemPath(resource, params.id), { method: 'PUT', body: params.data }) };
  },
  async updateMany(resource, params) {
    await Promise.all(params.ids.map((id) => call(itemPath(resource, id), { method: 'PUT', body: params.data })));
    return { data: params.ids };
  },
  async delete(resource, params) {
    const deleted = await call<RaRecord | null>(itemPath(resource, params.id), { method: 'DELETE' });
    return { data: deleted ?? params.previousData ?? { id: params.id } };
  },
  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id) => call(itemPath(resource, id), { method: 'DELETE' })));
    return { data: params.ids };
  },
} as DataProvider;
