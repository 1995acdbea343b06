import { describe, expect, it } from 'vitest';
import { csvLine } from '../../server/collect/jobs/posters/csv-output';

describe("a poster's data file", () => {
  it('quotes a cell holding a semicolon or a tab, as the exports do, and keeps its value as it is', () => {
    expect(csvLine(['name', 'note', 'spend'], { name: "x;=cmd|' /C calc'!A0", note: 'a\tb', spend: -3 })).toBe(`"x;=cmd|' /C calc'!A0","a\tb",-3\r\n`);
  });
});
