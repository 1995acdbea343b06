import { sql, type Kysely } from 'kysely';
import { isSqlite, type Db } from './database';
import { preparedInsert, preparedStatement, type PreparedStatement } from './prepared-statement';
import { perAppRegistry } from './per-app-registry';

/** A table's rows as the database holds them, column for column. */
type Row = Record<string, unknown>;

/** The rows of one table a record holds. */
export interface TableRows {
  table: string;
  rows: Row[];
}

/** The table row a record is: what its delete takes first and its restore writes first. */
export interface RowHome {
  table: string;
  id: number;
}

/**
 * Where a resource's records are rows, for those that are not their store's `table` row of the same
 * id (a property: `countries:3`, row 3 of its kind's table; a store with no `table`): registered by
 * their module beside its crudRoutes call, per app context as record-readers.ts's registries.
 */
export const rowHomes = perAppRegistry<(id: string) => RowHome>();

/** A foreign key that deletes its rows with their parent: `table.column` → `parent.parentColumn`. */
interface CascadingKey {
  table: string;
  column: string;
  parent: string;
  parentColumn: string;
}

/** Values a `where … in` is given at a time (SQLite's bound on parameters is far above it). */
const CHUNK = 500;

const loose = (db: Db) => db as unknown as Kysely<Record<string, Row>>;

const cascadingKeysRead = new WeakMap<object, Promise<CascadingKey[]>>();

/**
 * The schema's ON DELETE CASCADE keys, read from the database itself, so a table a migration adds is
 * followed with no list to keep. Read once per database handle (migrations run before it serves):
 * reading the catalogue on every delete was a sixth of its time.
 */
function cascadingKeys(db: Db): Promise<CascadingKey[]> {
  // The adapter is the database's own, shared by every transaction begun on it.
  const handle = db.getExecutor().adapter;
  let keys = cascadingKeysRead.get(handle);
  if (!keys) {
    keys = readCascadingKeys(db);
    cascadingKeysRead.set(handle, keys);
    keys.catch(() => cascadingKeysRead.delete(handle));
  }
  return keys;
}

async function readCascadingKeys(db: Db): Promise<CascadingKey[]> {
  if (isSqlite(db)) {
    const { rows } = await sql<CascadingKey & { onDelete: string }>`
      select m.name as "table", k."from" as "column", k."table" as "parent", k."to" as "parentColumn", k.on_delete as "onDelete"
      from sqlite_master m join pragma_foreign_key_list(m.name) k
      where m.type = 'table'`.execute(db);
    return rows.filter((key) => key.onDelete.toUpperCase() === 'CASCADE');
  }
  const { rows } = await sql<CascadingKey>`
    select c.table_name as "table", c.column_name as "column", p.table_name as "parent", p.column_name as "parentColumn"
    from information_schema.referential_constraints r
    join information_schema.key_column_usage c on c.constraint_name = r.constraint_name and c.constraint_schema = r.constraint_schema
    join information_schema.key_column_usage p on p.constraint_name = r.unique_constraint_name and p.constraint_schema = r.unique_constraint_schema and p.ordinal_position = c.position_in_unique_constraint
    where r.delete_rule = 'CASCADE' and r.constraint_schema = current_schema()`.execute(db);
  return rows;
}

/** The lookup of one value (a record's own row, most of its children), compiled once per table and column. */
const rowsByValue = new Map<string, PreparedStatement<{ value: unknown }, Row>>();

async function rowsWhere(db: Db, table: string, column: string, values: readonly unknown[]): Promise<Row[]> {
  if (values.length === 1) {
    const key = `${table}.${column}`;
    let lookup = rowsByValue.get(key);
    if (!lookup) rowsByValue.set(key, (lookup = preparedStatement((handle, value) => loose(handle).selectFrom(table).selectAll().where(column, '=', value('value')))));
    return lookup.all(db, { value: values[0] });
  }
  const found: Row[] = [];
  for (let start = 0; start < values.length; start += CHUNK) {
    found.push(
      ...(await loose(db)
        .selectFrom(table)
        .selectAll()
        .where(column, 'in', values.slice(start, start + CHUNK))
        .execute()),
    );
  }
  return found;
}

/** Where each group of rows was found, so the same lookups can be made again after the delete. */
interface Lookup extends TableRows {
  column: string;
  values: unknown[];
}

/**
 * A record's row (`table`, `id`) and every row that hangs from it by cascading foreign keys, at any
 * depth (a project's shares, plans and filters; a collect config's tasks and their logs), parents
 * before children: what its delete can take.
 */
async function rowsHeldBy(db: Db, table: string, id: number): Promise<Lookup[]> {
  const keys = await cascadingKeys(db);
  const found: Lookup[] = [{ table, column: 'id', values: [id], rows: await rowsWhere(db, table, 'id', [id]) }];
  for (let index = 0; index < found.length; index++) {
    const parent = found[index];
    for (const key of keys.filter((one) => one.parent === parent.table && one.table !== parent.table)) {
      const values = [...new Set(parent.rows.map((row) => row[key.parentColumn]))].filter((value) => value !== null && value !== undefined);
      if (values.length) found.push({ table: key.table, column: key.column, values, rows: await rowsWhere(db, key.table, key.column, values) });
    }
  }
  return found.filter((lookup) => lookup.rows.length > 0);
}

/**
 * Runs a delete (`remove`) and answers the rows it took: those held before it (rowsHeldBy) that the
 * same lookups no longer find after it, whether the store deleted them or a cascade did. Rows a
 * delete leaves (set to null, or kept) are not among them.
 */
export async function rowsTakenBy(db: Db, table: string, id: number, remove: () => Promise<void>): Promise<TableRows[]> {
  const held = await rowsHeldBy(db, table, id);
  await remove();
  const taken: TableRows[] = [];
  for (const lookup of held) {
    const left = new Set((await rowsWhere(db, lookup.table, lookup.column, lookup.values)).map((row) => JSON.stringify(row)));
    const rows = lookup.rows.filter((row) => !left.has(JSON.stringify(row)));
    if (rows.length) taken.push({ table: lookup.table, rows });
  }
  return taken;
}

/** Writes rows back as they were, ids included, parents first. */
export async function putRowsBack(db: Db, tables: readonly TableRows[]): Promise<void> {
  for (const { table, rows } of tables) {
    for (let start = 0; start < rows.length; start += CHUNK / 10)
      await loose(db)
        .insertInto(table)
        .values(rows.slice(start, start + CHUNK / 10))
        .execute();
  }
}

/** Whether a record's row is in its table: a record restored already (or its id taken) is not restored twice. */
export async function rowExists(db: Db, table: string, id: number): Promise<boolean> {
  return (await loose(db).selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** What a delete took, kept beside its activity entry (same event id) for a restore; found by its record, then that event id. */
export async function keepDeleted(db: Db, kept: { resource: string; recordId: string; eventId: string; record: unknown; rows: TableRows[]; deletedAt: string }): Promise<void> {
  await insertDeleted.all(db, {
    resource: kept.resource,
    record_id: kept.recordId,
    event_id: kept.eventId,
    record: JSON.stringify(kept.record),
    rows: JSON.stringify(kept.rows),
    deleted_at: kept.deletedAt,
  });
}

const insertDeleted = preparedInsert('deleted_records', { resource: true, record_id: true, event_id: true, record: true, rows: true, deleted_at: true });

/**
 * What the delete made by request `eventId` took, or undefined (a delete made before deletes kept
 * it, or no delete). Found through the deleted `record` where the entry names it; an entry that
 * does not (a share's end logged before entries named their share) is looked for by its event id
 * alone, which reads the whole table.
 */
export async function deletedBy(db: Db, eventId: string, record?: { resource: string; recordId: string }): Promise<{ resource: string; recordId: string; record: Row; rows: TableRows[] } | undefined> {
  let query = db.selectFrom('deleted_records').selectAll().where('event_id', '=', eventId);
  if (record) query = query.where('resource', '=', record.resource).where('record_id', '=', record.recordId);
  const row = await query.orderBy('id', 'desc').executeTakeFirst();
  return row && { resource: row.resource, recordId: row.record_id, record: JSON.parse(row.record) as Row, rows: JSON.parse(row.rows) as TableRows[] };
}
