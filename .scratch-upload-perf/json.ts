const PLAIN = /^[^"\\\u0000-\u001f\u2028\u2029\ud800-\udfff]*$/;
const jsonText = (value: string | null) => (value === null ? 'null' : PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));
const samples = ['abc', 'a"b', 'a\\b', 'x\ny', '\u2028', 'é😀', '\ud800', '\t', '', 'Spring sale 3', null];
for (const s of samples) if (jsonText(s) !== JSON.stringify(s)) console.log('MISMATCH', JSON.stringify(s), jsonText(s));
let t = performance.now(); let n = 0;
const vals = ['2024-03-01', 'C12345', 'KR', 'search', 'Spring sale 3', 'AG12', 'CR33', '12345', '123', '12.34', '44', '1234'];
for (let i = 0; i < 1e6; i++) n += JSON.stringify(['2024-03-01\u001fC1', vals]).length; console.log('stringify', performance.now() - t);
t = performance.now(); for (let i = 0; i < 1e6; i++) { let l = `[${jsonText('2024-03-01\u001fC1')},[`; for (let j = 0; j < vals.length; j++) l += (j ? ',' : '') + jsonText(vals[j]); n += l.length; } console.log('manual', performance.now() - t);
