import { authorityOf } from '../../../src/shared';
import { operationsOf, type ResourceDeclaration } from '../../../src/shared/resources/define';

/** The markers around the table in docs/api.md; what lies between them is written by `npm run docs:resources`. */
export const TABLE_START = '<!-- resource-table: written by npm run docs:resources from src/shared/resources -->';
export const TABLE_END = '<!-- /resource-table -->';

const rankWords = (rank: number) => `${rank} (${authorityOf(rank) ?? 'signed in'})`;
const fieldList = (fields: readonly string[] | undefined) => (fields?.length ? fields.join(', ') : '—');

/** One row per declared resource: what its declaration says, in the words of the API's list parameters. */
export function resourceTable(declarations: readonly ResourceDeclaration[]): string {
  const rows = [...declarations]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((declaration) => {
      const { name, path, rank, list } = declaration;
      const ranks = rank.read === rank.write ? rankWords(rank.read) : `reads ${rankWords(rank.read)}, writes ${rankWords(rank.write)}`;
      const sort = `${list.sortable.join(', ')} (default ${list.defaultSort.join(' ')})`;
      const filters = fieldList(Object.entries(list.filters).flatMap(([field, filter]) => (filter ? [`${field} (${filter.kind})`] : [])));
      return `| \`${name}\` | \`/api${path}\` | ${ranks} | ${[...operationsOf(declaration), ...(declaration.bulkEdit?.length ? [`bulk edit (${declaration.bulkEdit.join(', ')})`] : []), ...(declaration.importable ? ['import'] : [])].join(', ')} | ${sort} | ${filters} | ${fieldList(list.search)} |`;
    });
  return ['| resource | path | rank | routes | sort | filters | q searches |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The document with the table between the markers replaced; refuses a document without them. */
export function withResourceTable(document: string, table: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no ${TABLE_START} … ${TABLE_END} block`);
  return `${document.slice(0, start + TABLE_START.length)}\n${table}\n${document.slice(end)}`;
}
