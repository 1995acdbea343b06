import type { FilePreview } from '../../shared';

/** Messages by column index (file header order); -1 holds those that name no column of the file. */
export type CellMessages = Map<number, string[]>;

export interface PreviewRow {
  /** The row number in the file (the header is row 1). */
  row: number;
  cells: (string | null)[];
  /** Rows between this one and the row shown before it are not shown. */
  gapBefore: boolean;
}

function add(map: CellMessages, column: number, message: string) {
  map.set(column, [...(map.get(column) ?? []), message]);
}

/**
 * The rows a preview shows, the first ones and the later ones with a listed problem in file order,
 * and each listed problem placed on its cell: a problem's column is a header name (any case) or
 * `#n` for the n-th cell; one on a column the file lacks goes on the row's first cell.
 */
export function problemsInPlace(preview: FilePreview): { rows: PreviewRow[]; byCell: Map<number, CellMessages>; headerProblems: CellMessages } {
  const columnIndex = (column: string) => {
    const numbered = /^#(\d+)$/.exec(column);
    if (numbered) return Number(numbered[1]) - 1;
    return preview.headers.findIndex((header) => header.trim().toLowerCase() === column.toLowerCase());
  };
  const byCell = new Map<number, CellMessages>();
  const headerProblems: CellMessages = new Map();
  for (const problem of preview.problems) {
    const index = columnIndex(problem.column);
    if (problem.row === 1) {
      add(headerProblems, index >= 0 ? index : 0, problem.message);
      continue;
    }
    if (!byCell.has(problem.row)) byCell.set(problem.row, new Map());
    add(byCell.get(problem.row)!, index >= 0 ? index : 0, problem.message);
  }
  const first = preview.rows.map((cells, index) => ({ row: index + 2, cells }));
  const later = (preview.problemRows ?? []).filter((kept) => kept.row > first.length + 1);
  let previous = 1;
  const rows = [...first, ...later]
    .sort((a, b) => a.row - b.row)
    .map((entry) => {
      const shown = { ...entry, gapBefore: entry.row > previous + 1 };
      previous = entry.row;
      return shown;
    });
  return { rows, byCell, headerProblems };
}
