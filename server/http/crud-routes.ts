import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationsOf, type CrudOperation, type ResourceDeclaration } from '../../src/shared/resources/define';
import { LOGGED_UNDER } from '../../src/shared/activity';
import { requireRank } from '../auth/guard';
import { isoNow } from '../clock';
import { sharedTransaction, type Db } from '../db/database';
import { columnOf, type ColumnNames, type CrudStore } from '../db/store';
import { keepDeleted, putRowsBack, rowExists, rowHomes, rowsTakenBy, type RowHome } from '../db/record-rows';
import { lockRecord } from '../db/record-lock';
import { isForeignKeyViolation, rejectDuplicate } from '../db/unique-violation';
import { AppError } from './app-error';
import { success } from './envelope';
import { idParams } from './id-params';
import { bulkEditRoute } from './bulk-edit-route';
import { importRoute } from './import-route';
import { listExportRoute } from './list-export';
import { listQuerystring, parseListQuery, type ListSpec } from './list-query';
import { inputFields } from './input-fields';
import { recordReaders, recordRestorers, recordReverters, snapshotOf, type Snapshot } from './record-readers';
import { answerVersion, recordVersions, refuseStale, refuseStaleInWrite, rowVersions, staleVersionEnvelope, versionHeaders, versionOf, withRowVersions, type LatestActivity } from './record-versions';
import { recordNoun, sentence, type ServerMessage } from '../../src/i18n/serverMessage';

/** The declaration's list whitelist in columns, as parseListQuery reads it; `table` qualifies bare columns. */
export function listSpecOf(declaration: ResourceDeclaration, columns: ColumnNames = {}, table?: string): ListSpec {
  const { list } = declaration;
  return {
    ...(table ? { table } : {}),
    sortable: Object.fromEntries(list.sortable.map((field) => [field, columnOf(field, columns)])),
    defaultSort: list.defaultSort,
    ...(list.natural ? { natural: [...list.natural] } : {}),
    ...(list.keyset ? { keyset: [...list.keyset] } : {}),
    filters: Object.fromEntries(Object.entries(list.filters).flatMap(([key, filter]) => (filter ? [[key, { column: columnOf('field' in filter ? filter.field : key, columns), ...filter }]] : []))),
    ...(list.search ? { search: list.search.map((field) => columnOf(field, columns)) } : {}),
  };
}

/** Whether a caller may read, change or delete a record (`scope.sees`). */
export type Access = 'read' | 'write' | 'delete';

/** The steps a route is authorised for: reading, writing (an update or a delete), and creating, which is writing too. */
export type GuardedStep = 'read' | 'write' | 'create';

/** The write a message answers. */
export type WriteEvent = 'added' | 'saved' | 'deleted';

/** The special cases of a resource; each runs where the comment says, the rest is the same for every resource. */
export interface CrudHooks<Input, Row, Id, Create = Input> {
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
   * Who may go on, when it is not the declared rank: `read` and `write` replace the rank's guard of
   * their routes (upload history: user managers and uploaders read it; data sets: they write them);
   * `create` is asked after the write guard, before the body (projects: the creator flag).
   */
  guards?: Partial<Record<GuardedStep, preHandlerAsyncHookHandler>>;
  /**
   * Records a caller may not reach: false for a record that is a 404 to them, or a thrown refusal of
   * its own (a 403 for a project they can read but not write). Their list is the store's to narrow:
   * its `list` has the caller. Its `find` may read the caller to present a record (signed file
   * links), never to keep one from them: where some callers who pass the guard may not read a record,
   * this is what says so (the event stream asks the guard alone where it is absent).
   */
  scope?: {
    sees(request: FastifyRequest, row: Row, access: Access): boolean | Promise<boolean>;
  };
  /**
   * Operations the declaration has that the module serves itself, beside the factory's: the logs'
   * lists, whose filters are their exports' zod schemas and whose pages run by their own cursor.
   */
  servedBeside?: readonly CrudOperation[];
  /** The sentence a write answers when it is not the usual one naming the declaration's noun; it may name the record (a share: its person's e-mail). */
  messages?(event: WriteEvent, row: Row): ServerMessage | undefined;
  /**
   * Where a record reads as other than its forms send (names beside codes; a term's first version,
   * which its create form sends): the forms' values, for a revert to save and a restore to check as
   * a create. Each form takes the fields its body has.
   */
  form?(record: Snapshot): Snapshot;
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
  // Authorisation, the first step of every route: the declared rank, or the binding's guards.
  const readers = { onRequest: hooks.guards?.read ?? requireRank(declaration.rank.read) };
  const writers = { onRequest: hooks.guards?.write ?? requireRank(declaration.rank.write) };
  // A record's id in its path: a number, unless its record schema names it as text (a property's `countries:3`).
  const textId = (schemas.record as unknown as Partial<z.ZodObject>).shape?.id;
  const params = (textId instanceof z.ZodString ? z.object({ id: textId }) : idParams) as unknown as z.ZodType<{ id: Id }>;
  const listSpec = listSpecOf(declaration, store.columns, store.table);
  const notFound = () => new AppError('NOT_FOUND', sentence('crud.noSuch', { noun: recordNoun(noun) }));
  /** A write's answer: the binding's sentence for it, or the usual one. */
  const said = (event: WriteEvent, row: Row | undefined, usual: ServerMessage) => (row !== undefined && hooks.messages?.(event, row)) || usual;
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
    // A record that can be changed or deleted from its row carries its version, as its ETag holds it (record-versions.ts):
    // reckoned from the row where it holds the record, else from the page's records read in one batch.
    const pageRecords = () => {
      const findMany = needed('list', store.findMany, 'store.findMany (its rows are shorter than its record)');
      return recordVersions(declaration, async (ids, request) => (await findMany(ids as Id[], request)).map((row) => snapshotOf(schemas.one, success(row))));
    };
    const versions = has.has('update') || has.has('delete') ? (rowVersions(declaration) ?? pageRecords()) : undefined;
    routes.get(path, { ...readers, schema: { querystring: listQuerystring, response: { 200: versions ? withRowVersions(schemas.list) : schemas.list } } }, async (request) => {
      const listRequest = parseListQuery(request.query, listSpec);
      const page = await list(listRequest, request);
      return success(versions ? await versions(page, request) : page);
    });
    listExportRoute(app, declaration, readers, listSpec, list);
  }

  if (has.has('get')) {
    routes.get(`${path}/:id`, { ...readers, schema: { params, response: { 200: schemas.one } } }, async (request, reply) => {
      const answer = success(await load(request, request.params.id));
      answerVersion(reply, snapshotOf(schemas.one, answer), declaration);
      return answer;
    });
    /** Whether the caller passes the read guard: a refusal is an answer, anything else a failure. */
    const passes = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await readers.onRequest.call(app, request, reply);
        return true;
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
    };
    // The same read as a function call (the activity recorder's, the event stream's): the guard, the id, the scope, the answer's encoding.
    const read = async (request: FastifyRequest, reply: FastifyReply, rawId: string) => {
      const parsed = params.safeParse({ id: rawId });
      if (!parsed.success || !(await passes(request, reply))) return undefined;
      try {
        return snapshotOf(schemas.one, success(await load(request, parsed.data.id)));
      } catch (error) {
        if (error instanceof AppError) return undefined;
        throw error;
      }
    };
    // Without a scope rule, whoever passes the guard reads every record (a store's find keeps nobody out: `scope` says who is).
    recordReaders(app.ctx).set(declaration.name, hooks.scope ? read : Object.assign(read, { passes }));
  }
  const snapshots = new WeakMap<object, Snapshot | undefined>();
  /** A record as its read route answers it, for the activity log and its version: made only if asked for, and once per row read (a save asks up to four times). */
  const snapshot = (row: Row | undefined) => () => {
    if (row === null || typeof row !== 'object') return snapshotOf(schemas.one, success(row));
    if (!snapshots.has(row)) snapshots.set(row, snapshotOf(schemas.one, success(row)));
    return snapshots.get(row);
  };
  // Each write and its activity entry are one transaction: the log holds an entry exactly for each change made.
  const config = { recordsActivity: true };
  /** An update or delete may name the version it was made from (record-versions.ts): a 412 if stale, checked on the loaded record and again in the write's transaction. */
  const latest: LatestActivity = (...args) => app.activity.latest(...args);
  const versioned = {
    loaded: (request: FastifyRequest, id: Id, row: Row, asked?: string) => refuseStale(request, declaration, String(id), snapshot(row)(), latest, asked),
    // Read again in the transaction, a record as the write loaded it has the version already checked: its snapshot is not made again.
    inWrite: (request: FastifyRequest, trx: Db, id: Id, loaded: Row, asked?: string) =>
      refuseStaleInWrite(
        trx,
        request,
        declaration,
        String(id),
        async () => {
          const now = await find!(id, request);
          return snapshot(sameFields(now, loaded) ? loaded : now)();
        },
        latest,
        asked,
      ),
  };

  /** Who may create a record: the write guard, then the binding's create guard (a project: the creator flag). A restore asks them too. */
  const creators = hooks.guards?.create ? [writers.onRequest, hooks.guards.create] : [writers.onRequest];
  /** A create's checks on its input, before its transaction: the binding's check (project privilege, codes, an active account), a taken unique value. A restore runs them too. */
  async function createChecked(request: FastifyRequest, input: CreateValues): Promise<void> {
    await hooks.check?.(input, undefined, request);
    await refuseTaken(input);
  }
  /** The values a form with `body`'s fields would send for a record as it reads (an edit form; a create form, for a restore). */
  const formFor = (body: z.ZodType) => {
    const fields = inputFields(body);
    return (read: Snapshot): Snapshot => {
      const record = { ...read, ...hooks.form?.(read) };
      return Object.fromEntries(fields.filter((field) => record[field] !== undefined && record[field] !== null).map((field) => [field, record[field]]));
    };
  };
  const createBody = has.has('create') ? needed('create', schemas.create ?? schemas.input, 'schemas.input') : undefined;
  const createFormOf = createBody && formFor(createBody);

  if (has.has('create')) {
    const insert = needed('create', store.insert, 'store.insert');
    const body = createBody!;
    /** A create's write and its activity entry, in the caller's transaction. */
    async function create(trx: Db, request: FastifyRequest, reply: FastifyReply, input: CreateValues): Promise<{ id: Id; row: Row | undefined }> {
      const id = await guarded(insert(input, isoNow(clock), { request }), input);
      const row = await find!(id, request);
      await app.activity.record(trx, request, reply, { resource: declaration.name, id: String(id), after: snapshot(row) });
      return { id, row };
    }
    routes.post(path, { onRequest: creators, config, schema: { body, response: { 200: schemas.one } } }, async (request, reply) => {
      const input = request.body as CreateValues;
      await createChecked(request, input);
      const row = await sharedTransaction(db, async (trx) => (await create(trx, request, reply, input)).row);
      return success(row, said('added', row, sentence('crud.theHasBeenAdded', { noun: recordNoun(noun) })));
    });
    if (declaration.importable)
      importRoute(app, declaration, {
        onRequest: creators,
        config,
        body,
        checked: (request, input) => createChecked(request, input as CreateValues),
        write: async (trx, request, reply, input) => (await create(trx, request, reply, input as CreateValues)).id as number | string,
      });
  }

  if (has.has('update')) {
    const update = needed('update', store.update, 'store.update');
    const body = needed('update', schemas.input, 'schemas.input');
    /**
     * The update's steps, for the route and for a revert: `inputOf` makes the input from the record as
     * loaded (the route: its body). A revert names the entry it undoes and is made from the version it
     * loaded: a save between its load and its write is refused as any stale one.
     */
    async function save(request: FastifyRequest, reply: FastifyReply, id: Id, inputOf: (current: Row) => Values, revertOf?: { id: number; actorName: string }): Promise<Row | undefined> {
      const current = await load(request, id, 'write');
      const asked = revertOf === undefined ? undefined : versionOf(snapshot(current)() ?? {}, declaration);
      await versioned.loaded(request, id, current, asked);
      const input = await checked(request, id, current, inputOf(current));
      const row = await sharedTransaction(db, async (trx) => {
        await versioned.inWrite(request, trx, id, current, asked);
        return write(trx, request, reply, id, current, input, revertOf);
      });
      answerVersion(reply, snapshot(row)(), declaration);
      return row;
    }
    /** An update's checks on its input, before its transaction: the binding's check, a taken unique value. */
    async function checked(request: FastifyRequest, id: Id, current: Row, input: Values): Promise<Values> {
      await hooks.check?.(input, current, request);
      await refuseTaken(input, id, current);
      return input;
    }
    /** An update's write and its activity entry, in the caller's transaction. */
    async function write(trx: Db, request: FastifyRequest, reply: FastifyReply, id: Id, current: Row, input: Values, revertOf?: { id: number; actorName: string }): Promise<Row | undefined> {
      if (!(await guarded(update(id, input, isoNow(clock), { request, current }), input))) throw notFound();
      const row = await find!(id, request);
      await app.activity.record(trx, request, reply, { resource: declaration.name, id: String(id), before: snapshot(current), after: snapshot(row), revertOf });
      return row;
    }
    /** The values an edit form would send back for a record as it reads now. */
    const formOf = formFor(body);
    routes.put(`${path}/:id`, { ...writers, config, schema: { params, headers: versionHeaders, body, response: { 200: schemas.one, 412: staleVersionEnvelope } } }, async (request, reply) => {
      const row = await save(request, reply, request.params.id, () => request.body as Values);
      return success(row, said('saved', row, sentence('crud.theHasBeenSaved', { noun: recordNoun(noun) })));
    });
    if (declaration.bulkEdit)
      bulkEditRoute<Row, Values>(app, declaration, {
        writers,
        config,
        load: (request, id) => load(request, id as Id, 'write'),
        formOf: (current) => formOf(snapshot(current)() ?? {}),
        body,
        checked: (request, id, current, input) => checked(request, id as Id, current, input),
        write: (trx, request, reply, id, current, input) => write(trx, request, reply, id as Id, current, input),
      });
    // The same update as a function call (a revert's): the write guard, then the steps above, its input made from the record as loaded.
    recordReverters(app.ctx).set(declaration.name, async (request, reply, rawId, revert) => {
      const parsed = params.safeParse({ id: rawId });
      if (!parsed.success) throw notFound();
      await writers.onRequest.call(app, request, reply);
      const row = await save(
        request,
        reply,
        parsed.data.id,
        (current) => {
          const form = formOf(revert.values(snapshot(current)() ?? {}));
          const input = body.safeParse(form);
          if (!input.success) throw new AppError('CONFLICT', sentence('crud.cannotTakeOldValuesBack', { noun: recordNoun(noun), reasons: input.error.issues.map((issue) => issue.message).join(' ') }));
          return input.data;
        },
        { id: revert.entryId, actorName: revert.actorName },
      );
      return snapshot(row)();
    });
  }

  if (has.has('delete')) {
    const remove = needed('delete', store.remove, 'store.remove');
    // Asked at the delete, not here: a module registers its records' rows (rowHomes) after its crudRoutes call.
    const rowOf = (id: Id): RowHome => {
      const home = rowHomes(app.ctx).get(declaration.name)?.(String(id)) ?? (store.table ? { table: store.table, id: Number(id) } : undefined);
      if (!home) throw new Error(`${declaration.name}: a delete needs store.table or a rowHomes entry`);
      return home;
    };
    routes.delete(`${path}/:id`, { ...writers, config, schema: { params, headers: versionHeaders, response: { 200: schemas.one, 412: staleVersionEnvelope } } }, async (request, reply) => {
      const { id } = request.params;
      const row = await load(request, id, 'delete');
      await versioned.loaded(request, id, row);
      await hooks.beforeDelete?.(row);
      // While the record can still be read: who may hear of its deletion is who may read it now.
      await app.ctx.live.deleting(declaration.name, String(id));
      await sharedTransaction(db, async (trx) => {
        await versioned.inWrite(request, trx, id, row);
        // What the delete takes is kept beside its activity entry, so the record can be restored whole (restoreDeleted below).
        const home = rowOf(id);
        const rows = await rowsTakenBy(trx, home.table, home.id, () => remove(row, id, request));
        await keepDeleted(trx, { resource: declaration.name, recordId: String(id), eventId: request.id, record: snapshot(row)() ?? {}, rows, deletedAt: isoNow(clock) });
        await app.activity.record(trx, request, reply, { resource: declaration.name, id: String(id), before: snapshot(row) });
      });
      return success(row, said('deleted', row, sentence('crud.theHasBeenDeleted', { noun: recordNoun(noun) })));
    });

    if (has.has('create')) {
      /**
       * A restore, as a function call (POST /api/activity/:id/restore): whoever may create the record,
       * its name still free (the create's own check and words), its row and the rows its delete took
       * written back with their ids, in one transaction with an entry naming the delete's.
       */
      recordRestorers(app.ctx).set(declaration.name, async (request, reply, deleted) => {
        const parsed = params.safeParse({ id: deleted.recordId });
        if (!parsed.success) throw notFound();
        const { id } = parsed.data;
        for (const guard of creators) await guard.call(app, request, reply);
        // A record the log keeps under another (LOGGED_UNDER: a share) comes back only for whoever may end it (its project's owners), as its end was made.
        if (LOGGED_UNDER.has(declaration.name) && hooks.scope && !(await hooks.scope.sees(request, deleted.record as Row, 'delete'))) throw notFound();
        // The record as its create form would send it now, through the create's body schema and its checks: allowed exactly when this caller could create it.
        // One already back answers so, before the create's checks would call it a taken name.
        const home = rowOf(id);
        const alreadyBack = () => new AppError('CONFLICT', sentence('crud.alreadyRestored', { noun: recordNoun(noun) }));
        if (await rowExists(db, home.table, home.id)) throw alreadyBack();
        const form = createFormOf!(deleted.record);
        const parsedInput = createBody!.safeParse(form);
        if (!parsedInput.success) {
          throw new AppError('CONFLICT', sentence('crud.cannotBeCreatedAsItWas', { noun: recordNoun(noun), reasons: parsedInput.error.issues.map((issue) => issue.message).join(' ') }));
        }
        const input = parsedInput.data as CreateValues;
        await createChecked(request, input);
        const row = await sharedTransaction(db, async (trx) => {
          await lockRecord(trx, declaration.name, String(id));
          if (await rowExists(trx, home.table, home.id)) throw alreadyBack();
          await guarded(putRowsBack(trx, deleted.rows), input).catch((error: unknown) => {
            if (!isForeignKeyViolation(error)) throw error;
            throw new AppError('CONFLICT', sentence('crud.cannotBeRestored', { noun: recordNoun(noun) }));
          });
          const row = await find!(id, request);
          await app.activity.record(trx, request, reply, {
            resource: declaration.name,
            id: String(id),
            after: snapshot(row),
            restoreOf: { id: deleted.entryId, resource: deleted.entryResource, recordId: deleted.entryRecordId },
          });
          return row;
        });
        return snapshot(row)();
      });
    }
  }

  return { load, readers, writers };
}

/** Whether two reads of a record hold the same fields, each the same text, number or flag (any other value counts as changed). */
function sameFields(now: unknown, loaded: unknown): boolean {
  if (!now || !loaded || typeof now !== 'object' || typeof loaded !== 'object') return false;
  const fields = Object.keys(now);
  if (fields.length !== Object.keys(loaded).length) return false;
  return fields.every((field) => {
    const value = (now as Record<string, unknown>)[field];
    return (value === null || typeof value !== 'object') && value === (loaded as Record<string, unknown>)[field];
  });
}
