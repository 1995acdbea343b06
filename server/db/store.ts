import type { FastifyRequest } from 'fastify';
import type { ListPage } from '../../src/shared';
import type { ListRequest } from './list-page';

/** Field → column where the column is not the field in snake_case (`advertiser` → `advertiser_code`). */
export type ColumnNames = Readonly<Record<string, string>>;

const snakeCase = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A field's column: its snake_case name unless `columns` names another. The one place fields meet columns. */
export const columnOf = (field: string, columns: ColumnNames = {}) => columns[field] ?? snakeCase(field);

/** Where a resource's fields live: the table that qualifies bare columns, and the columns not named as their field in snake_case. */
export interface TableColumns {
  readonly table?: string;
  readonly columns?: ColumnNames;
}

/** What a write knows besides the input: the request (its caller) and, for an update, the record as it was. */
export interface WriteContext<Row> {
  request: FastifyRequest;
  current?: Row;
}

/**
 * Where a resource's records live (server/http/crud-routes.ts serves them); tableStore
 * (table-store.ts) writes one for a plain table. `table` and `columns` turn the declaration's list
 * whitelist into columns. Each method is needed when the factory serves its operation: list, find
 * for get, update and delete (and to answer a create), findMany for a list of
 * rows shorter than their record that can be changed or deleted, insert, update, remove.
 */
export interface CrudStore<Input, Row, Id, Create = Input> extends TableColumns {
  /** A list row may be shorter than a record (no child rows); the list response schema holds it. `caller` is the request: rows that read differently per caller, and a list that keeps to the caller's records. */
  list?(request: ListRequest, caller: FastifyRequest): Promise<ListPage<unknown>>;
  find?(id: Id, caller?: FastifyRequest): Promise<Row | undefined>;
  /**
   * The records of many ids in one batched read, each as `find` reads it (an id not found is left
   * out): a list page's records, whose versions its rows carry where a row is shorter than its record.
   */
  findMany?(ids: readonly Id[], caller: FastifyRequest): Promise<Row[]>;
  /** Answers the new record's id. */
  insert?(input: Create, now: string, context: WriteContext<Row>): Promise<Id>;
  /** False when the record went away meanwhile. */
  update?(id: Id, input: Input, now: string, context: WriteContext<Row>): Promise<boolean>;
  /** May throw to refuse what it finds in its own transaction (a term someone agreed to meanwhile). */
  remove?(row: Row, id: Id, request: FastifyRequest): Promise<void>;
}
