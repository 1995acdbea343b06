import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvReader } from '../../server/files/csv-reader';

/** Reads `text` fed in chunks of `step` characters (every split point is a chunk boundary somewhere). */
function read(text: string, step: number): (string | null)[][] {
  const reader = new CsvReader();
  const records: (string | null)[][] = [];
  for (let at = 0; at < text.length; at += step) reader.push(text.slice(at, at + step), (cells) => records.push(cells));
  reader.end((cells) => records.push(cells));
  return records;
}

/** csv-parse with the options the upload used before this reader: the reference it must agree with. */
function reference(text: string): (string | null)[][] {
  const records = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
  return records.map((cells) => cells.map((cell) => (cell === '' ? null : cell)));
}

describe('the upload CSV reader', () => {
  it('reads quotes, embedded newlines, a BOM, blanks and every line end as csv-parse does', () => {
    const files = ['\uFEFFa,b,c\r\n"C1","multi\nline ""quoted"", with comma",10\r\n\r\n  x  ,  "y" ,\r\n', 'a,b\nab"c,"""",\n\n \t \n"",last', 'a,b\rc,"d\re"\r\r', 'é,😀\n"é😀",x\n'];
    for (const text of files) for (const step of [1, 2, 3, 7, 1 << 16]) expect(read(text, step), `${JSON.stringify(text)} in chunks of ${step}`).toEqual(reference(text));
  });

  it('agrees with csv-parse on random files', () => {
    let seed = 42;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let n = 0; n < 5000; n += 1) {
      const lineEnd = ['\n', '\r\n', '\r'][n % 3];
      const alphabet = ['a', 'b', ' ', '\t', '"', ',', 'é', 'x', lineEnd, lineEnd];
      let text = n % 5 === 0 ? '\uFEFF' : '';
      for (let length = 1 + random(16); length > 0; length -= 1) text += alphabet[random(alphabet.length)];
      // `"a" "b"` (a second quoted part after blanks) is an error here, odd text there: left out.
      if (/"[ \t]+"/.test(text)) continue;
      let expected: (string | null)[][] | 'error';
      try {
        expected = reference(text);
      } catch {
        expected = 'error';
      }
      const step = 1 + random(5);
      if (expected === 'error') expect(() => read(text, step), JSON.stringify(text)).toThrow();
      else expect(read(text, step), JSON.stringify(text)).toEqual(expected);
    }
  });

  it('refuses an unclosed quote and text after a closing quote', () => {
    expect(() => read('a,b\n"open,1\n', 4)).toThrow(/uploads\.quoteNotClosed/);
    expect(() => read('a,b\n"x"y,1\n', 4)).toThrow(/uploads\.invalidClosingQuote/);
  });
});
