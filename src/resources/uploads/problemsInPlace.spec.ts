import { describe, expect, it } from 'vitest';
import type { FilePreview } from '../../shared';
import { problemsInPlace } from './problemsInPlace';

const preview = (overrides: Partial<FilePreview>): FilePreview => ({
  headers: ['date', 'Campaign_ID', 'clicks'],
  rows: [
    ['2024-01-01', 'C1', '1'],
    ['2024-13-01', 'C2', '2'],
  ],
  uploadedCount: 90,
  problems: [],
  problemCount: 0,
  ...overrides,
});

describe('problemsInPlace', () => {
  it('puts each problem on its cell, by header name in any case or #n, and the header problems on the header', () => {
    const { byCell, headerProblems } = problemsInPlace(
      preview({
        problems: [
          { row: 1, column: 'extra', reason: 'UNKNOWN_COLUMN', message: 'extra is not a column of this dataset.' },
          { row: 1, column: 'spend', reason: 'MISSING_COLUMN', message: 'The header has no spend column.' },
          { row: 3, column: 'date', reason: 'BAD_DATE', message: '2024-13-01 is not a date.' },
          { row: 3, column: 'campaign_id', reason: 'FORMULA', message: 'formula' },
          { row: 40, column: '#4', reason: 'UNKNOWN_COLUMN', message: 'Cell 4 is past the last column of the header.' },
        ],
        problemCount: 5,
      }),
    );
    expect([...headerProblems]).toEqual([[0, ['extra is not a column of this dataset.', 'The header has no spend column.']]]);
    expect([...byCell.get(3)!]).toEqual([
      [0, ['2024-13-01 is not a date.']],
      [1, ['formula']],
    ]);
    expect([...byCell.get(40)!]).toEqual([[3, ['Cell 4 is past the last column of the header.']]]);
    expect(byCell.has(2)).toBe(false);
  });

  it('shows the first rows, then the later problem rows in file order with a gap before each jump', () => {
    const { rows } = problemsInPlace(
      preview({
        problemRows: [
          { row: 60, cells: ['x', 'C60', '6'] },
          { row: 3, cells: ['dup of a first row', '', ''] },
          { row: 61, cells: ['y', 'C61', '7'] },
        ],
      }),
    );
    expect(rows.map(({ row, gapBefore }) => [row, gapBefore])).toEqual([
      [2, false],
      [3, false],
      [60, true],
      [61, false],
    ]);
    expect(rows[1].cells).toEqual(['2024-13-01', 'C2', '2']);
  });
});
