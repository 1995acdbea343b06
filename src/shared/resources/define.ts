import type { z } from 'zod';

/**
 * How a list filter compares its field (the server's ConditionKind) and what the field holds;
 * `values` are the API's words for the stored values (any other is a 400: access history's Y/N,
 * manual permissions' UPLOADER/NONE). Two kinds bound a range of days, both ends included, and
 * refuse an end before its start:
 * - dayFrom/dayTo, on a field holding a moment (an ISO time): a day or an ISO time, a day covering all of it;
 * - fromDay/toDay, on a field holding a calendar day (YYYY-MM-DD, the `day` rule): a day; the filter
 *   has its own name (`dateFrom`) and `field` names the field it bounds (`date`).
 */
export type ListFilterDeclaration =
  | { kind: 'eq' | 'contains' | 'gte' | 'lte'; type: 'integer' | 'text'; values?: Readonly<Record<string, string | number>> }
  | { kind: 'dayFrom' | 'dayTo' }
  | { kind: 'fromDay' | 'toDay'; field: string };

/** The five routes a declared resource can have; `operations` names those it has. */
export const CRUD_OPERATIONS = ['list', 'get', 'create', 'update', 'delete'] as const;
export type CrudOperation = (typeof CRUD_OPERATIONS)[number];

/**
 * One resource, declared once and read by both halves: the server builds its routes, rank guards,
 * list whitelist and OpenAPI entries from it (server/http/crud-routes.ts), the browser its menu
 * entry and rank (src/resources/<name>/index.ts), and tests/api/resource-declarations.spec.ts
 * checks that the two, the OpenAPI document and the labels agree.
 */
export interface ResourceDeclaration<
  Input extends z.ZodType = z.ZodType,
  Record extends z.ZodType = z.ZodType,
  Create extends z.ZodType = Input,
  /** The bulkEdit fields' names; declareResource holds them to the input's fields. */
  Bulk extends string = string,
> {
  /** API and react-admin resource name; also its label file, src/i18n/resources/<name>.{en,ko}.ts. */
  name: string;
  /** Under /api: list and create at `path`, one record at `path/{id}`. */
  path: string;
  /** Required rank (ranks.ts) to read it and to write it. */
  rank: { read: number; write: number };
  /**
   * Which of the five routes it has; all five unless it says fewer (users are created by signing
   * up, not here; a log is only read). Its other routes (commands such as approve) sit beside them.
   */
  operations?: readonly CrudOperation[];
  /** What the server's messages call one record: "No such <noun>.", "The <noun> has been added." */
  noun: string;
  schemas: {
    /** The body of an update, and of a create unless `create` says more; a resource that is only read has none. */
    input?: Input;
    /** The body of a create when it holds more than an update's (terms: the first version's fields too). */
    create?: Create;
    record: Record;
    /** The envelopes of a list page and of one record. */
    list: z.ZodType;
    one: z.ZodType;
  };
  /**
   * What the activity log needs to record its changes: what a record is called in a sentence, and
   * the fields that change by themselves (counters, derived names), which are no one's edit. A
   * declaration with it has its create, update and delete recorded with no line elsewhere
   * (server/modules/activity); one without it names each write route there.
   */
  history?: {
    name(record: Readonly<globalThis.Record<string, unknown>>): string;
    ignore?: readonly string[];
  };
  /**
   * Fields a person may set on many selected records at once (flags, a status): the list offers
   * "Edit selected", and the server `PATCH path` with `{ ids, changes }` (src/shared/bulk-edit.ts),
   * each record saved as its update would save it, all in one transaction or none.
   */
  bulkEdit?: readonly Bulk[];
  /**
   * Records may be brought in from a table (a CSV file, or rows pasted from a spreadsheet): the
   * server adds `POST path/import` (a preview of each row and its problems, or the commit) and
   * `GET path/import-template` (src/shared/import.ts), each row checked and saved as its create
   * would be, all in one transaction or none; the list offers "Import".
   */
  importable?: boolean;
  /** The list whitelist, in field names; anything else in a list request is a 400. */
  list: {
    /** A record's fields, and `createdAt`, which every table has: it may order a list whose records do not show it (a project's shares). */
    sortable: readonly ((keyof z.output<Record> & string) | 'createdAt')[];
    defaultSort: [string, 'ASC' | 'DESC'];
    filters: Readonly<Partial<globalThis.Record<string, ListFilterDeclaration>>>;
    /** Fields the free-text `q` filter searches. */
    search?: readonly string[];
    /** Fields of names people number ("Spring #5" before "Spring #23"). */
    natural?: readonly string[];
    /** Sortable fields whose column is NOT NULL, paged by keyset (list-query.ts, ListSpec.keyset). */
    keyset?: readonly string[];
  };
}

/** Keeps the declaration's literal types while checking it against ResourceDeclaration. */
export function declareResource<Input extends z.ZodType, Record extends z.ZodType, Create extends z.ZodType = Input, const Bulk extends keyof z.output<Input> & string = never>(
  declaration: ResourceDeclaration<Input, Record, Create, Bulk>,
): ResourceDeclaration<Input, Record, Create, Bulk> {
  return declaration;
}

/** The routes a declaration has: its `operations`, or all five. */
export const operationsOf = (declaration: Pick<ResourceDeclaration, 'operations'>): readonly CrudOperation[] => declaration.operations ?? CRUD_OPERATIONS;
