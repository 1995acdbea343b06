import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { previewFile } from '../server/modules/uploads/preview';
const ROWS = Number(process.env.ROWS ?? 250000);
const COLUMNS = ['date', 'campaign_id', 'country', 'channel', 'campaign_name', 'ad_group', 'creative', 'impressions', 'clicks', 'spend', 'conversions', 'video_views'];
function cells(n: number): string[] {
  const day = 1 + (n % 28);
  const date = n % 3 === 0 ? `2024-03-${String(day).padStart(2, '0')}` : n % 3 === 1 ? `2024/03/${day}` : `03/${day}/2024`;
  return [date, `C${n}`, ['KR', 'US', 'DE', 'JP'][n % 4], ['search', 'social', 'display'][n % 3], `Spring sale ${n % 50}`, `AG${n % 400}`, `CR${n % 900}`, String(n % 100_000), String(n % 5000), (n % 9000 / 7).toFixed(2), String(n % 300), String(n % 20_000)];
}
const path = `/tmp/up/bench-${ROWS}.csv`;
if (!process.env.SKIPGEN) {
const out = createWriteStream(path);
out.write(`${COLUMNS.join(',')}\n`);
for (let n = 0; n < ROWS; n++) if (!out.write(`${cells(n).join(',')}\n`)) await once(out, 'drain');
out.end(); await once(out, 'close');
}
const mib = (b: number) => (b / 1048576).toFixed(0);
global.gc?.();
console.log('start rss', mib(process.memoryUsage.rss()), 'heap', mib(process.memoryUsage().heapTotal));
let peak = 0, peakHeap = 0, peakExt = 0;
const t = setInterval(() => { const m = process.memoryUsage(); peak = Math.max(peak, m.rss); peakHeap = Math.max(peakHeap, m.heapTotal); peakExt = Math.max(peakExt, m.external); }, 10);
const s = performance.now();
const schema = COLUMNS.map((colName, index) => ({ colName, colType: index === 0 ? 'DATE' : 'VARCHAR', required: index < 2, key: index < 2 })) as any;
const r = await previewFile('csv', path, schema, '/tmp/up/staging.rows', () => {});
const secs = (performance.now() - s) / 1000;
clearInterval(t);
console.log(r.failure, r.preview.uploadedCount, `${Math.round(ROWS / secs)} rows/s`, 'peak rss', mib(peak), 'peak heapTotal', mib(peakHeap), 'peak external', mib(peakExt));
