import type { Kysely, KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Counts the writes to each table through one database handle: an insert, update or delete moves
 * the count of every table it names, before it runs and again once it has run; any other statement
 * (DDL, raw SQL) moves every count. list-count.ts keeps a small list's exact total only while the
 * counts of the tables it reads stand still.
 */
export class WriteCounter implements KyselyPlugin {
  #everything = 0;
  readonly #tables = new Map<string, number>();
  readonly #running = new WeakMap<object, string[] | undefined>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode') return node;
    const tables = writtenTables(node);
    this.#moved(tables);
    this.#running.set(queryId, tables);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#running.has(queryId)) {
      this.#moved(this.#running.get(queryId));
      this.#running.delete(queryId);
    }
    return result;
  }

  /** Moves the counts of the tables `node` writes, for a statement run without Kysely's executor (prepared-statement.ts). */
  wrote(node: RootOperationNode): void {
    if (node.kind === 'SelectQueryNode') return;
    // A prepared statement's node is the same object on every run (and never changes): its tables are found once.
    if (!preparedTables.has(node)) preparedTables.set(node, writtenTables(node));
    this.#moved(preparedTables.get(node));
  }

  /** A number that grows whenever any of `tables` may have changed. */
  version(tables: readonly string[]): number {
    return tables.reduce((sum, table) => sum + (this.#tables.get(table) ?? 0), this.#everything);
  }

  #moved(tables: string[] | undefined): void {
    if (!tables) this.#everything++;
    else for (const table of tables) this.#tables.set(table, (this.#tables.get(table) ?? 0) + 1);
  }
}

const preparedTables = new WeakMap<RootOperationNode, string[] | undefined>();

/** The tables an insert, update or delete writes; undefined for any other statement. */
function writtenTables(node: RootOperationNode): string[] | undefined {
  // The common case, an insert into a named table, without walking the statement (it runs on every write).
  if (node.kind === 'InsertQueryNode' && node.into) return [node.into.table.identifier.name];
  if (node.kind === 'UpdateQueryNode') return node.table ? tablesIn(node.table) : tablesIn(node);
  if (node.kind === 'DeleteQueryNode') return tablesIn(node.from);
  return undefined;
}

/** Every table a statement names, subqueries and joins included. */
export function tablesIn(node: OperationNode): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const operation = value as { kind?: string; table?: { identifier?: { name?: string } } };
    if (operation.kind === 'TableNode' && operation.table?.identifier?.name) found.add(operation.table.identifier.name);
    Object.values(value).forEach(visit);
  };
  visit(node);
  return [...found];
}

/** The write counter of a handle opened by openDatabase; undefined for one opened otherwise. */
export function writeCounterOf(db: Kysely<any>): WriteCounter | undefined {
  return db.getExecutor().plugins.find((plugin): plugin is WriteCounter => plugin instanceof WriteCounter);
}
