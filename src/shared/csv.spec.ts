import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, quotedCsvCell } from './csv';

describe('csvCell', () => {
  it('makes text of every cell a spreadsheet would run as a formula, also after leading blanks', () => {
    const cases: [unknown, string][] = [
      ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
      ['+1', "'+1"],
      ['-2', "'-2"],
      [-2, "'-2"],
      ['@SUM(A1)', "'@SUM(A1)"],
      ['\t=1', `"'\t=1"`],
      ['\r=1', `"'\r=1"`],
      ['  =1+1', "'  =1+1"],
      ['\n@x', `"'\n@x"`],
      ['\0=1', "'\0=1"],
      ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ];
    for (const [value, cell] of cases) expect(csvCell(value), JSON.stringify(value)).toBe(cell);
  });

  it('leaves other cells as they are, quoting commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(' spaced')).toBe(' spaced');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(quotedCsvCell('-3')).toBe('-3');
  });

  it("quotes a cell holding a semicolon or a tab, a spreadsheet's other list separators, so no part of it runs as a formula", () => {
    expect(csvCell("x;=cmd|' /C calc'!A0")).toBe(`"x;=cmd|' /C calc'!A0"`);
    expect(csvCell('a\t=1+1')).toBe('"a\t=1+1"');
    expect(quotedCsvCell('a;b')).toBe('"a;b"');
    expect(quotedCsvCell('a\tb')).toBe('"a\tb"');
  });

  it('writes a row with CRLF', () => {
    expect(csvLine(['=1', 'a,b', null, 3])).toBe(`'=1,"a,b",,3\r\n`);
  });
});
