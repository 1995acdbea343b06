import { AREA_RANK } from '../ranks';
import { EXPLORER_SCHEMAS, explorerTableListResponse, explorerTableResponse, explorerTableSchema } from '../explorer';
import { declareResource } from './define';

/** The schema filter takes only the two schemas' names (another is a 400); listSpecOf passes `values` on to the server's filter. */
const schemaFilter = { kind: 'eq', type: 'text', values: Object.fromEntries(EXPLORER_SCHEMAS.map((schema) => [schema, schema])) } as const;

/**
 * The Data Explorer's tables (Project › Data Explorer), only read: rank 5 lists them, and each
 * person is answered only the tables whose data they may read (server/modules/explorer/access.ts).
 * A table's rows and its CSV export are routes beside these.
 */
export const explorerResource = declareResource({
  name: 'explorer',
  path: '/explorer',
  rank: { read: AREA_RANK.project, write: AREA_RANK.project },
  operations: ['list', 'get'],
  noun: 'table',
  schemas: { record: explorerTableSchema, list: explorerTableListResponse, one: explorerTableResponse },
  list: {
    sortable: ['schema', 'tableName', 'dataType', 'rowCount'],
    defaultSort: ['tableName', 'ASC'],
    filters: { schema: schemaFilter, dataType: { kind: 'eq', type: 'text' }, tableName: { kind: 'contains', type: 'text' } },
    search: ['tableName'],
  },
});
