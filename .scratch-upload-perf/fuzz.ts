import { parse } from 'csv-parse/sync';
import { CsvReader } from '../server/modules/uploads/csv';
const base = ['a', 'b', ' ', '\t', '"', ',', 'é', '"', ',', 'x'];
let mismatches = 0;
for (let n = 0; n < 200000; n++) {
  const eol = ['\n', '\r\n', '\r'][n % 3]; const alphabet = [...base, eol, eol];
  let text = n % 7 === 0 ? '\uFEFF' : '';
  const len = 1 + Math.floor(Math.random() * 14);
  for (let i = 0; i < len; i++) text += alphabet[Math.floor(Math.random() * alphabet.length)];
  let expected: unknown; let expectedError = false;
  try { expected = (parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][]).map((r) => r.map((c) => (c === '' ? null : c))); } catch { expectedError = true; }
  let actual: unknown[] = []; let actualError = false;
  try {
    const reader = new CsvReader();
    let pos = 0;
    while (pos < text.length) { const step = 1 + Math.floor(Math.random() * 4); reader.push(text.slice(pos, pos + step), (r) => actual.push(r)); pos += step; }
    reader.end((r) => actual.push(r));
  } catch { actualError = true; }
  if (expectedError !== actualError || (!expectedError && JSON.stringify(expected) !== JSON.stringify(actual))) {
    if (mismatches++ < 12) console.log(JSON.stringify(text), expectedError ? 'ERR' : JSON.stringify(expected), actualError ? 'ERR' : JSON.stringify(actual));
  }
}
console.log('mismatches', mismatches);
