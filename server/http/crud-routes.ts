import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ListPage } from '../../src/shared';
import { operationsOf, type CrudOperation, type ResourceDeclaration } from '../../src/shared/resources/define';
import { requireRank } from '../auth/guard';
import { isoNow } from '../clock';
import { sharedTransaction } from '../db/database';
import { rejectDuplicate } from '../db/unique-violation';
import { AppError } from './app-error';
import { success } from './envelope';
import { idParams } from './id-params';
import { listQuerystring, parseListQuery, type ListRequest, type ListSpec } from './list-query';
import { recordReaders, snapshotOf } from './record-readers';

/** Field → column where the column is not the field in snake_case (`advertiser` → `advertiser_code`). */
export type ColumnNames = Readonly<Record<string, string>>;

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A field's column: its snake_case name unless `columns` names another. The one place fields meet columns. */
export const columnOf = (field: string, columns: ColumnNames = {}) => columns[field] ?? snakeCase(field);

/** The declaration's list whitelist in columns, as parseListQuery reads it; `table` qualifies bare columns. */
export function listSpecOf(declaration: ResourceDeclaration, columns: ColumnNames = {}, table?: string): ListSpec {
  const { list } = declaration;
  return {
    ...(table ? { table } : {}),
    sortable: Object.fromEntries([...list.sortable, ...(list.sortOnly ?? [])].map((field) => [field, columnOf(field, columns)])),
    defaultSort: list.defaultSort,
    ...(list.natural ? { natural: [...list.natural] } : {}),
    ...(list.keyset ? { keyset: [...list.keyset] } : {}),
    filters: Object.fromEntries(Object.entries(list.filters).flatMap(([key, filter]) => (filter ? [[key, { column: columnOf('field' in filter ? filter.field : key, columns), ...filter }]] : []))),
    ...(list.search ? { search: list.search.map((field) => columnOf(field, columns)) } : {}),
  };
}

/** What a write knows besides the input: the request (its caller) and, for an update, the record as it was. */
export interface WriteContext<Row> {
  request: FastifyRequest;
  current?: Row;
}

/** Where a resource's records live; `tableStore` (table-store.ts) writes one for a plain table. */
export interface CrudStore<Input, Row, Id, Create = Input> {
  /** For the list whitelist: columns not named as their field in snake_case, and the table that qualifies bare ones. */
  readonly columns?: ColumnNames;
  readonly table?: string;
  /** A list row may be shorter than a record (no child rows); the list response schema holds it. `caller` is the request, for rows that read differently per caller. */
  list?(request: ListRequest, caller: FastifyRequest): Promise<ListPage<unknown>>;
  /** Needed for get, update and delete, and to answer a create. */
  find?(id: Id, caller?: FastifyRequest): Promise<Row | undefined>;
  /** Answers the new record's id. Each method is needed when the factory serves its operation: insert for create, likewise update and remove. */
  insert?(input: Create, now: string, context: WriteContext<Row>): Promise<Id>;
  /** False when the record went away meanwhile. */
  update?(id: Id, input: Input, now: string, context: WriteContext<Row>): Promise<boolean>;
  /** May throw to refuse what it finds in its own transaction (a term someone agreed to meanwhile). */
  remove?(row: Row, id: Id, request: FastifyRequest): Promise<void>;
}

/** Whether a caller may read, change or delete a record (`scope.sees`). */
export type Access = 'read' | 'write' | 'delete';

/** The special cases of a resource; each runs where the comment says, the rest is the same for every resource. */
export interface CrudHooks<Input, Row, Id, Create = Input> {
  /** Path parameters other than a numeric id (properties: `countries:3`). */
  params?: z.ZodType<{ id: Id }>;
  /**
   * A taken unique value: `holder.find` finds the record already holding the input's value (checked
   * before the write; the record being edited may hold it), `error` is the 409, also answered when
   * the unique constraint refuses a write the check did not see coming (see rejectDuplicate).
   * `holder.by` names the fields it looks up by: a save leaving them as the record holds them skips
   * the lookup (the record itself is their holder).
   */
  duplicate?: { error(input: Input | Create): AppError; holder?: { by: readonly string[]; find(input: Input | Create): Promise<{ id: Id } | undefined> } };
  /** Before a create (`current` undefined) or an update, after the body is valid: codes, references, what may not change, whom the input names. Throws to refuse. */
  check?(input: Input | Create, current: Row | undefined, request: FastifyRequest): Promise<void>;
  /** Before a delete: what must not be left dangling. Throws to refuse. */
  beforeDelete?(row: Row): Promise<void>;
  /**
   * Records a caller may not reach. `list` narrows (or refuses) their list request, unless the
   * store's list keeps to the caller's records itself (users, projects); `sees` answers false for a
   * record that is a 404 to them, or throws its own refusal (a 403 for a project they can read but
   * not write).
   */
  scope?: {
    list?(request: FastifyRequest, list: ListRequest): void | Promise<void>;
    sees(request: FastifyRequest, row: Row, access: Access): boolean | Promise<boolean>;
  };
  /** Who may read when it is not a rank (upload history: user managers and uploaders); the declared read rank otherwise. */
  readers?: preHandlerAsyncHookHandler;
  /** Who may write when it is not a rank (datasets: uploaders and user managers); the declared write rank otherwise. */
  writers?: preHandlerAsyncHookHandler;
  /** Who may create, when it is more than a writer (projects: the creator flag); checked before the body, like the rank. */
  creators?: preHandlerAsyncHookHandler;
  /** After a create, in the caller's name (projects: the access history's PROJECT_CREATE). */
  afterCreate?(row: Row, request: FastifyRequest): Promise<void>;
  /**
   * Operations the declaration has that the module serves itself, beside the factory's: the logs'
   * lists, whose filters are their exports' zod schemas and whose pages run by their own cursor.
   */
  servedBeside?: readonly CrudOperation[];
  /** Messages other than the declaration's noun in the usual sentences; those of a create and a delete may name the record (a share: its person's e-mail). */
  messages?: { added?: string | ((row: Row) => string); saved?(input: Input): string; deleted?(row: Row): string; notFound?: string };
}

/** What crudRoutes needs besides the declaration: where the records live and the special cases. */
export interface CrudBinding<Input, Row, Id, Create = Input> extends CrudHooks<Input, Row, Id, Create> {
  store: CrudStore<Input, Row, Id, Create>;
}

/** What crudRoutes gives the module's own routes beside its five: a record by id as the CRUD routes find it (404, scope). */
export interface CrudRoutes<Row, Id> {
  load(request: FastifyRequest, id: Id, access?: Access): Promise<Row>;
  /** The guards of its reads and writes, for routes kept beside the factory's. */
  readers: { onRequest: preHandlerAsyncHookHandler };
  writers: { onRequest: preHandlerAsyncHookHandler };
}

/**
 * Registers list, get, create, update and delete for a declared resource: each under its rank
 * (read or write), with the declaration's schemas (so the OpenAPI document shows them), its list
 * whitelist, a 404 for a missing record and the same messages for every resource.
 */
export function crudRoutes<Input extends z.ZodType, Shape extends z.ZodType, Id = number, Create extends z.ZodType = Input>(
  app: FastifyInstance,
  declaration: ResourceDeclaration<Input, Shape, Create>,
  { store, ...hooks }: CrudBinding<z.output<Input>, z.output<Shape>, Id, z.output<Create>>,
): CrudRoutes<z.output<Shape>, Id> {
  type Row = z.output<Shape>;
  type Values = z.output<Input>;
  type CreateValues = z.output<Create>;
  const { clock, db } = app.ctx;
  const { path, noun, schemas } = declaration;
  const has = new Set(operationsOf(declaration).filter((operation) => !hooks.servedBeside?.includes(operation)));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readers = { onRequest: hooks.readers ?? requireRank(declaration.rank.read) };
  const writers = { onRequest: hooks.writers ?? requireRank(declaration.rank.write) };
  const params = (hooks.params ?? idParams) as z.ZodType<{ id: Id }>;
  const listSpec = listSpecOf(declaration, store.columns, store.table);
  const notFound = () => new AppError('NOT_FOUND', hooks.messages?.notFound ?? `No such ${noun}.`);
  const guarded = <T>(write: Promise<T>, input: Values | CreateValues) => (hooks.duplicate ? rejectDuplicate(write, () => hooks.duplicate!.error(input)) : write);
  /** A write the declaration has needs its body schema and its store method: missing ones fail at start, not on a call. */
  function needed<T>(operation: string, part: T | undefined, what: string): T {
    if (part === undefined) throw new Error(`${declaration.name}: ${operation} needs ${what}`);
    return part;
  }

  const { find } = store;
  if ((['get', 'create', 'update', 'delete'] as const).some((operation) => has.has(operation))) needed('get', find, 'store.find');
  async function load(request: FastifyRequest, id: Id, access: Access = 'read'): Promise<Row> {
    const row = await find?.(id, request);
    if (row === undefined || (hooks.scope && !(await hooks.scope.sees(request, row, access)))) throw notFound();
    return row;
  }

  async function refuseTaken(input: Values | CreateValues, id?: Id, current?: Row): Promise<void> {
    const lookup = hooks.duplicate?.holder;
    if (!lookup) return;
    if (current && lookup.by.every((field) => (input as Record<string, unknown>)[field] === (current as Record<string, unknown>)[field])) return;
    const holder = await lookup.find(input);
    if (holder && holder.id !== id) throw hooks.duplicate!.error(input);
  }

  if (has.has('list')) {
    const list = needed('list', store.list, 'store.list');
    routes.get(path, { ...readers, schema: { querystring: listQuerystring, response: { 200: schemas.list } } }, async (request) => {
      const listRequest = parseListQuery(request.query, listSpec);
      await hooks.scope?.list?.(request, listRequest);
      return success(await list(listRequest, request));
    });
  }

  if (has.has('get')) {
    routes.get(`${path}/:id`, { ...readers, schema: { params, response: { 200: schemas.one } } }, async (request) => success(await load(request, request.params.id)));
    // The same read as a function call (the activity recorder's): the guard, the id, the scope, the answer's encoding.
    recordReaders(app.ctx).set(declaration.name, async (request, reply, rawId) => {
      const parsed = params.safeParse({ id: rawId });
      if (!parsed.success) return undefined;
      try {
        await readers.onRequest.call(app, request, reply);
        return snapshotOf(schemas.one, success(await load(request, parsed.data.id)));
      } catch (error) {
        if (error instanceof AppError) return undefined;
        throw error;
      }
    });
  }
  /** A record as its read route answers it, for the activity log: made only if the write is recorded. */
  const snapshot = (row: Row | undefined) => () => snapshotOf(schemas.one, success(row));
  // Each write and its activity entry are one transaction: the log holds an entry exactly for each change made.
  const config = { recordsActivity: true };

  if (has.has('create')) {
    const insert = needed('create', store.insert, 'store.insert');
    const body = needed('create', schemas.create ?? schemas.input, 'schemas.input');
    const onRequest = hooks.creators ? [writers.onRequest, hooks.creators] : writers.onRequest;
    routes.post(path, { onRequest, config, schema: { body, response: { 200: schemas.one } } }, async (request, reply) => {
      const input = request.body as CreateValues;
      await hooks.check?.(input, undefined, request);
      await refuseTaken(input);
      const row = await sharedTransaction(db, async (trx) => {
        const id = await guarded(insert(input, isoNow(clock), { request }), input);
        const row = await find!(id, request);
        if (row !== undefined) await hooks.afterCreate?.(row, request);
        await app.activity.record(trx, request, reply, { resource: declaration.name, id: String(id), after: snapshot(row) });
        return row;
      });
      const added = hooks.messages?.added;
      return success(row, (typeof added === 'function' ? row !== undefined && added(row) : added) || `The ${noun} has been added.`);
    });
  }

  if (has.has('update')) {
    const update = needed('update', store.update, 'store.update');
    const body = needed('update', schemas.input, 'schemas.input');
    routes.put(`${path}/:id`, { ...writers, config, schema: { params, body, response: { 200: schemas.one } } }, async (request, reply) => {
      const input = request.body as Values;
      const { id } = request.params;
      const current = await load(request, id, 'write');
      await hooks.check?.(input, current, request);
      await refuseTaken(input, id, current);
      const row = await sharedTransaction(db, async (trx) => {
        if (!(await guarded(update(id, input, isoNow(clock), { request, current }), input))) throw notFound();
        const row = await find!(id, request);
        await app.activity.record(trx, request, reply, { resource: declaration.name, id: String(id), before: snapshot(current), after: snapshot(row) });
        return row;
      });
      return success(row, hooks.messages?.saved?.(input) ?? `The ${noun} has been saved.`);
    });
  }

  if (has.has('delete')) {
    const remove = needed('delete', store.remove, 'store.remove');
    routes.delete(`${path}/:id`, { ...writers, config, schema: { params, response: { 200: schemas.one } } }, async (request, reply) => {
      const { id } = request.params;
      const row = await load(request, id, 'delete');
      await hooks.beforeDelete?.(row);
      await sharedTransaction(db, async (trx) => {
        await remove(row, id, request);
        await app.activity.record(trx, request, reply, { resource: declaration.name, id: String(id), before: snapshot(row) });
      });
      return success(row, hooks.messages?.deleted?.(row) ?? `The ${noun} has been deleted.`);
    });
  }

  return { load, readers, writers };
}
