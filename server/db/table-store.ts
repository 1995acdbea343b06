import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ResourceDeclaration } from '../../src/shared/resources/define';
import type { Db } from './database';
import { preparedList } from './list-page';
import { preparedStatement } from './prepared-statement';
import { columnOf, type CrudStore, type TableColumns } from './store';

const TIMESTAMPS = ['createdAt', 'updatedAt'];

/**
 * Every query a plain resource needs, written once. A plain table has an integer `id`,
 * `created_at` and `updated_at`, and a column per field of the record, named as the field in
 * snake_case unless `columns` says otherwise; a create or a save writes the input's fields (absent
 * ones as null). A resource whose record is not its table's columns one for one writes its own
 * store (server/modules/market-accounts/queries.ts seals a secret).
 */
export function tableStore<Input extends z.ZodType, Shape extends z.ZodObject>(
  db: Db,
  declaration: ResourceDeclaration<Input, Shape>,
  binding: TableColumns & { table: string },
): CrudStore<z.output<Input>, z.output<Shape>, number> {
  type Row = z.output<Shape>;
  const { table, columns } = binding;
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const selection = Object.keys(declaration.schemas.record.shape).map((field) => `${table}.${columnOf(field, columns)} as ${field}`);
  const inputShape = (declaration.schemas.input as unknown as { shape?: object } | undefined)?.shape;
  const writtenFields = Object.keys(inputShape ?? {});
  // A plain insert is built and compiled once (prepared-statement.ts): the form's fields and the time.
  const insert = preparedStatement<Record<string, unknown>, { id: number }>((handle, value) =>
    (handle as unknown as typeof loose)
      .insertInto(table)
      .values(Object.fromEntries([...writtenFields.map((field) => [columnOf(field, columns), value(field)]), ...TIMESTAMPS.map((field) => [columnOf(field, columns), value('now')])]))
      .returning('id'),
  );

  // The read, the save and the delete of one record are compiled once too (a save per set of fields it
  // writes: a field the input leaves out keeps its value); building them per call was a tenth of a write.
  const find = preparedStatement<{ id: number }, Row>((handle, value) => (handle as unknown as typeof loose).selectFrom(table).select(selection).where(`${table}.id`, '=', value('id')));
  const updateOf = (fields: readonly string[]) =>
    preparedStatement<Record<string, unknown>, { id: number }>((handle, value) =>
      (handle as unknown as typeof loose)
        .updateTable(table)
        .set({ ...Object.fromEntries(fields.map((field) => [columnOf(field, columns), value(field)])), [columnOf('updatedAt', columns)]: value('now') })
        .where('id', '=', value('id'))
        .returning('id'),
    );
  const updates = new Map<string, ReturnType<typeof updateOf>>();
  const remove = preparedStatement<{ id: number }, never>((handle, value) => (handle as unknown as typeof loose).deleteFrom(table).where('id', '=', value('id')));

  // One table and its columns for every caller: the list's queries are compiled once per request shape.
  const list = preparedList<Row>(
    (handle) => (handle as unknown as typeof loose).selectFrom(table),
    (query) => query.select(selection),
    `${table}.id`,
  );

  return {
    columns,
    table,
    list: (request) => list(db, request),
    find: (id) => find.first(db, { id }),
    async insert(input, now) {
      const values = Object.fromEntries(writtenFields.map((field) => [field, (input as Record<string, unknown>)[field] ?? null]));
      const row = await insert.first(db, { ...values, now });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },
    async update(id, input, now) {
      const entries = Object.entries(input as Record<string, unknown>);
      const fields = entries.map(([field]) => field);
      const key = fields.join(',');
      let update = updates.get(key);
      if (!update) updates.set(key, (update = updateOf(fields)));
      const updated = await update.all(db, { ...Object.fromEntries(entries.map(([field, value]) => [field, value ?? null])), id, now });
      return updated.length > 0;
    },
    async remove(_row, id) {
      await remove.all(db, { id });
    },
  };
}
