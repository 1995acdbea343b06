import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ResourceDeclaration } from '../../src/shared/resources/define';
import { columnOf, type ColumnNames, type CrudStore } from '../http/crud-routes';
import { preparedList } from '../http/list-query';
import type { Db } from './database';
import { preparedStatement } from './prepared-statement';

/** A plain table behind a declared resource: an integer `id`, `created_at` and `updated_at`, and a column per field. */
export interface TableBinding<Input, Row> {
  table: string;
  /** Columns not named as their field in snake_case. */
  columns?: ColumnNames;
  /** The fields read, when the record is not its schema's fields one for one (see `present`). */
  read?: readonly string[];
  /** The record from what was read. */
  present?(row: Record<string, unknown>): Row;
  /** The fields written, by field name; by default the input's own, absent ones as null. `id` is the record being saved. */
  write?(input: Input, id: number | undefined): Record<string, unknown> | Promise<Record<string, unknown>>;
}

const TIMESTAMPS = ['createdAt', 'updatedAt'];

/**
 * Every query a plain resource needs, written once: each column is named as its field (`active_flag
 * as activeFlag`) through the binding's one field → column map, so no module restates it.
 */
export function tableStore<Input extends z.ZodType, Shape extends z.ZodObject>(
  db: Db,
  declaration: ResourceDeclaration<Input, Shape>,
  binding: TableBinding<z.output<Input>, z.output<Shape>>,
): CrudStore<z.output<Input>, z.output<Shape>, number> {
  type Row = z.output<Shape>;
  const { table, columns } = binding;
  const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const fields = binding.read ?? Object.keys(declaration.schemas.record.shape);
  const selection = fields.map((field) => `${table}.${columnOf(field, columns)} as ${field}`);
  const present = binding.present ?? ((row) => row as Row);
  const valuesOf = async (input: z.output<Input>, id?: number) =>
    Object.fromEntries(
      Object.entries(binding.write ? await binding.write(input, id) : Object.fromEntries(Object.keys(input as object).map((field) => [field, (input as Record<string, unknown>)[field] ?? null]))).map(
        ([field, value]) => [columnOf(field, columns), value ?? null],
      ),
    );
  const inputShape = (declaration.schemas.input as unknown as { shape?: object }).shape;
  const writtenFields = binding.write || !inputShape ? undefined : Object.keys(inputShape);
  // A plain insert is built and compiled once (prepared-statement.ts): the form's fields and the time.
  const insert = writtenFields?.length
    ? preparedStatement<Record<string, unknown>, { id: number }>((handle, value) =>
        (handle as unknown as typeof loose)
          .insertInto(table)
          .values(Object.fromEntries([...writtenFields.map((field) => [columnOf(field, columns), value(field)]), ...TIMESTAMPS.map((field) => [columnOf(field, columns), value('now')])]))
          .returning('id'),
      )
    : undefined;

  // One table and its columns for every caller: the list's queries are compiled once per request shape.
  const list = preparedList<Record<string, unknown>>(
    (handle) => (handle as unknown as typeof loose).selectFrom(table),
    (query) => query.select(selection),
    `${table}.id`,
  );

  const find = async (id: number) => {
    const row = await loose.selectFrom(table).select(selection).where(`${table}.id`, '=', id).executeTakeFirst();
    return row && present(row);
  };
  return {
    columns,
    table,
    async list(request) {
      const page = await list(db, request);
      return { ...page, list: page.list.map(present) };
    },
    find,
    async insert(input, now) {
      if (insert) {
        const values = Object.fromEntries(writtenFields!.map((field) => [field, (input as Record<string, unknown>)[field] ?? null]));
        const row = await insert.first(db, { ...values, now });
        if (!row) throw new Error('insert returned no row');
        return row.id;
      }
      const { id } = await loose
        .insertInto(table)
        .values({ ...(await valuesOf(input)), [columnOf('createdAt', columns)]: now, [columnOf('updatedAt', columns)]: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id as number;
    },
    async update(id, input, now) {
      const updated = await loose
        .updateTable(table)
        .set({ ...(await valuesOf(input, id)), [columnOf('updatedAt', columns)]: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },
    async remove(_row, id) {
      await loose.deleteFrom(table).where('id', '=', id).execute();
    },
  };
}
