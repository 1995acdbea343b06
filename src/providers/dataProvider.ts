import { useLayoutEffect, useMemo, useRef } from 'react';
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, useDataProvider, type DataProvider, type GetListParams, type Identifier, type RaRecord, type fetchUtils } from 'react-admin';
import type { ListPage } from '../shared/envelope';
import { translatableMessage } from '../i18n/validationMessage';
import { ApiError } from './apiError';
import { API_BASE, request, type RequestOptions } from './httpClient';
import { authActions } from './authActions';
import { consoleActions } from './consoleActions';
import { cursorFor, rememberNextCursor } from './listCursors';

/**
 * ra-data-simple-rest against `/api/<resource>`, over the one HTTP client (token renewal, timeout,
 * loading flag). simple-rest's own methods are used where they fit this server: getOne, create and
 * update (the client unwraps the envelope, so simple-rest reads `data` as its JSON, and its JSON
 * body is sent as written). They do not fit, and are written here, where the server differs from
 * simple-rest's: lists answer `data: {list, totalCount}` (not an array and a Content-Range header)
 * and may page by keyset; getMany asks the list route for `filter={"id":[…]}`; a delete may answer
 * no record; updateMany and deleteMany send one call per id. The console's own calls, which are no
 * CRUD, are consoleActions' and authActions' methods beside these.
 */

/** The body react-admin reads: `errors` as `{field: {message, args}}` puts server validation messages on the form fields, worded in the reader's language. */
function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const body: Record<string, unknown> = { result: error.result, resultMessage: error.resultMessage, data: error.data };
  // Validation errors and conflicts (a duplicate code) both name their fields in data.errors.
  if (error.result === 'VALIDATION_ERROR' || error.fieldErrors.length > 0) {
    body.errors = Object.fromEntries([['root', { serverError: error.text }], ...error.fieldErrors.map((fieldError) => [fieldError.field, translatableMessage(fieldError)])]);
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

/**
 * The HTTP client in the shape simple-rest calls (fetchUtils.fetchJson's): the envelope's `data` as
 * `json`. Only method, JSON body (passed on as simple-rest wrote it) and abort signal are passed on;
 * simple-rest's Range and text/plain headers are for servers that page by header, which this one does not.
 */
async function envelopeClient(url: string, options: fetchUtils.Options = {}) {
  const jsonText = typeof options.body === 'string' ? options.body : undefined;
  const method = (options.method ?? 'GET') as RequestOptions['method'];
  const json = await call<unknown>(url.slice(API_BASE.length), { method, jsonText, signal: options.signal ?? undefined });
  return { status: 200, headers: new Headers(), body: '', json };
}

const rest = simpleRestProvider(API_BASE, envelopeClient as unknown as typeof fetchUtils.fetchJson);

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

const crud: DataProvider = {
  ...rest,
  async getList(resource, params) {
    const after = cursorFor(resource, params);
    const query = { ...listQuery(params), ...(after ? { after } : {}) };
    const page = await call<ListPage<RaRecord>>(`/${resource}`, { query, signal: params.signal });
    rememberNextCursor(resource, params, page.nextCursor);
    return { data: page.list, total: page.totalCount, ...(page.totalIsEstimate ? { meta: { totalIsEstimate: true } } : {}) };
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

export const dataProvider = { ...crud, ...authActions, ...consoleActions };

export type ConsoleDataProvider = typeof dataProvider;

/**
 * The data provider with the console's own methods typed (Atomic CRM's `useDataProvider<CrmDataProvider>()`),
 * as one reference for the life of the component: react-admin's wrapper is rebuilt whenever the
 * path changes, and an effect that fetches through it (a dashboard token recorded as a view, say)
 * must not run again for that.
 */
export function useConsoleDataProvider(): ConsoleDataProvider {
  const current = useDataProvider<ConsoleDataProvider>();
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  }, [current]);
  return useMemo(
    () =>
      new Proxy({} as ConsoleDataProvider, {
        get: (_, name) =>
          typeof name === 'symbol' || name === 'then' ? undefined : (...args: unknown[]) => (latest.current[name as keyof ConsoleDataProvider] as (...args: unknown[]) => unknown)(...args),
      }),
    [],
  );
}
