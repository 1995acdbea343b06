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
import { ifMatchOf, VERSION_FIELD } from '../shared/record-versions';
import { isHeldBack, release } from './pendingDeletes';
import { publish, subscribe, unsubscribe, type LiveCallback, type LiveEvent } from './liveEvents';

/**
 * ra-data-simple-rest against `/api/<resource>`, over the one HTTP client (token renewal, timeout,
 * loading flag). simple-rest's own methods are used where they fit this server: create (the client
 * unwraps the envelope, so simple-rest reads `data` as its JSON, and its JSON body is sent as
 * written). They do not fit, and are written here, where the server differs from simple-rest's:
 * getOne, update, delete and deleteMany carry the record's version (its ETag, sent back as If-Match), and a create
 * or update that is a command on another record (meta.held) names that one's; lists answer `data: {list, totalCount}` (not an array and a Content-Range header)
 * and may page by keyset; getMany asks the list route for `filter={"id":[…]}`; a delete may answer
 * no record; updateMany is one PATCH of a declared bulk edit; deleteMany sends one call per id. The console's own calls, which are no
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

/** A page without the records whose undoable delete is still pending (pendingDeletes.ts), and its total to match. */
function withoutHeldBack<T extends RaRecord>(resource: string, list: T[], total?: number) {
  const shown = list.filter((record) => !isHeldBack(resource, record.id));
  return { data: shown, total: total === undefined ? undefined : total - (list.length - shown.length) };
}

/*
 * A record's version (server/http/record-versions.ts) arrives as the ETag of its one-record read and
 * of a save, and is kept in the record the console holds (VERSION_FIELD), so the edit form's
 * `previousData` names it: an update or a delete sends it back as If-Match, and a record changed
 * by someone since is refused (412 STALE_VERSION) instead of overwritten. The field is the console's
 * alone: it is taken off before a write's body goes. The ETag travels in a header rather than in
 * every record schema, so the answers stay what the declarations say.
 */

/** The record an answer holds, with the version its ETag names. */
async function versioned<T extends RaRecord>(path: string, options: RequestOptions): Promise<T> {
  let etag: string | null = null;
  const record = await call<T>(path, { ...options, onEtag: (value) => (etag = value) });
  const version = (etag as string | null)?.replace(/^(?:W\/)?"|"$/g, '');
  return version && record ? { ...record, [VERSION_FIELD]: version } : record;
}

/** What a bulk delete passes in `meta`: the selected rows as the list holds them, with their versions. */
export type DeleteManyMeta = { previousData?: RaRecord[] };

/** What a create or update that is a command on another record passes in `meta` (a term's version forms): that record as held, whose version it names. */
export type CommandMeta = { held?: object };

const heldOf = (meta: unknown) => (meta as CommandMeta | undefined)?.held;

const crud: DataProvider = {
  ...rest,
  async getOne(resource, params) {
    return { data: await versioned(itemPath(resource, params.id), { signal: params.signal }) };
  },
  async create(resource, params) {
    const held = heldOf(params.meta);
    if (!held) return rest.create(resource, params);
    return { data: await call<RaRecord>(`/${resource}`, { method: 'POST', body: params.data, headers: ifMatchOf(held) }) };
  },
  async update(resource, params) {
    const { [VERSION_FIELD]: _version, ...data } = params.data as Record<string, unknown>;
    return { data: await versioned(itemPath(resource, params.id), { method: 'PUT', body: data, headers: ifMatchOf(heldOf(params.meta) ?? params.previousData) }) };
  },
  async getList(resource, params) {
    const after = cursorFor(resource, params);
    const query = { ...listQuery(params), ...(after ? { after } : {}) };
    const page = await call<ListPage<RaRecord>>(`/${resource}`, { query, signal: params.signal });
    rememberNextCursor(resource, params, page.nextCursor);
    return { ...withoutHeldBack(resource, page.list, page.totalCount), ...(page.totalIsEstimate ? { meta: { totalIsEstimate: true } } : {}) };
  },
  async getMany(resource, params) {
    const page = await call<ListPage<RaRecord>>(`/${resource}`, { query: listQuery({ filter: { id: params.ids } }), signal: params.signal });
    return { data: withoutHeldBack(resource, page.list).data };
  },
  async getManyReference(resource, { target, id, filter, ...params }) {
    const query = listQuery({ ...params, filter: { ...filter, [target]: id } });
    const page = await call<ListPage<RaRecord>>(`/${resource}`, { query, signal: params.signal });
    return withoutHeldBack(resource, page.list, page.totalCount);
  },
  // A declared bulk edit (src/shared/bulk-edit.ts): one request, all records changed or none.
  async updateMany(resource, params) {
    const { ids } = await call<{ ids: Identifier[] }>(`/${resource}`, { method: 'PATCH', body: { ids: params.ids, changes: params.data } });
    return { data: ids };
  },
  async delete(resource, params) {
    const deleted = await call<RaRecord | null>(itemPath(resource, params.id), { method: 'DELETE', headers: ifMatchOf(params.previousData) }).finally(() => release(resource, [params.id]));
    return { data: deleted ?? params.previousData ?? { id: params.id } };
  },
  async deleteMany(resource, params) {
    // The rows as the list held them (ConsoleBulkDeleteButton's meta), so each DELETE names its row's version.
    const held = (params.meta as DeleteManyMeta | undefined)?.previousData ?? [];
    const heldOf = (id: Identifier) => held.find((record) => String(record.id) === String(id));
    const outcomes = await Promise.allSettled(params.ids.map((id) => call(itemPath(resource, id), { method: 'DELETE', headers: ifMatchOf(heldOf(id)) })));
    release(resource, params.ids);
    // Every other row's delete has been made or refused by then; a refused one (a row changed since the list was read) answers in the server's words.
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    if (refused) throw refused.reason;
    return { data: params.ids };
  },
} as DataProvider;

/** react-admin's realtime methods (subscribe, unsubscribe, publish) over the server's event stream (liveEvents.ts); topics `resource/<name>` and `resource/<name>/<id>`. */
const realtime = {
  subscribe: async (topic: string, callback: LiveCallback) => (subscribe(topic, callback), { data: null }),
  unsubscribe: async (topic: string, callback: LiveCallback) => (unsubscribe(topic, callback), { data: null }),
  publish: async (topic: string, event: LiveEvent) => (publish(topic, event), { data: null }),
};

export const dataProvider = { ...crud, ...authActions, ...consoleActions, ...realtime };

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
