/**
 * The Data Explorer on a 1,000,000-row dataset: the rows API's time for page 1 and for a deep page
 * (auth, access check, parsing, query, count, envelope, system-log row) as a ratio to the same
 * page and count queried directly on the database, both measured in this run. Then the export of
 * every row, as CSV and as XLSX, downloaded over HTTP, against a bare server streaming one SELECT
 * into the same CSV, or into exceljs' streaming WorkbookWriter with the console's options: the
 * ratio of their speeds and the growth of this process's RSS during each.
 */
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import SqliteDatabase from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { CSV_BOM, csvLine, LIST_BOUNDS } from '../src/shared';
import { startSession } from '../server/auth/sessions';
import { BENCH_EMAIL, ratio, startBenchServer, medianMs } from './harness';

const ROWS = 1_000_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
/** The median of SAMPLES timed runs, in ms. */
const median = (run: () => Promise<unknown>) => medianMs(run, SAMPLES, 3);
const DEEP = LIST_BOUNDS.maxOffset - 25;

const server = await startBenchServer({ passwordHash: { memoryCost: 4096, timeCost: 1, parallelism: 1 } });
const { db } = server;
const now = new Date().toISOString();

const { id: datasetId } = await db
  .insertInto('datasets')
  .values({ title: 'Bench visits', data_type_code: 'MEDIA', description: null, row_count: ROWS, created_by: null, created_at: now, updated_by: null, updated_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
await db
  .insertInto('dataset_columns')
  .values([
    { dataset_id: datasetId, sort_no: 1, col_name: 'visit_date', col_type: 'DATE', required_flag: 'Y', key_flag: 'Y' },
    { dataset_id: datasetId, sort_no: 2, col_name: 'store', col_type: 'VARCHAR', required_flag: 'Y', key_flag: 'Y' },
    { dataset_id: datasetId, sort_no: 3, col_name: 'channel', col_type: 'VARCHAR', required_flag: 'N', key_flag: 'N' },
  ])
  .execute();
const loadStarted = performance.now();
await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
  insert into dataset_rows (dataset_id, row_key, upload_id, row_values)
  select ${datasetId}, 'k' || i, 1, json_array(date('2026-01-01', '+' || (i % 365) || ' days'), printf('s%07d', i), case when i % 2 then 'social' else 'search' end) from n`.execute(db);
console.log(`${ROWS.toLocaleString('en')} dataset rows loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

// A session as sign-in starts one (the outbox masks the e-mailed code, so the code step is skipped).
const admin = await db.selectFrom('admins').select('id').where('email', '=', BENCH_EMAIL).executeTakeFirstOrThrow();
const { accessToken } = await startSession(server.app.ctx, admin.id, '127.0.0.1', 'bench');
const authorization = `Bearer ${accessToken}`;

const rowsUrl = (range: [number, number], extra = '') => `/api/explorer/dataset-${datasetId}/rows?range=${encodeURIComponent(JSON.stringify(range))}${extra}`;
/** The page as the explorer reads it (stored order), and the count: unfiltered, the dataset's kept row_count. */
const directPage = (offset: number) =>
  Promise.all([
    sql`select dataset_rows.row_values as json from dataset_rows where dataset_rows.dataset_id = ${datasetId} order by dataset_rows.rowid limit 25 offset ${offset}`.execute(db),
    db.selectFrom('datasets').select('row_count').where('id', '=', datasetId).executeTakeFirst(),
  ]);
const channel = sql`json_extract(dataset_rows.row_values, '$[2]')`;

const cases: { label: string; url: string; direct: () => Promise<unknown> }[] = [
  { label: 'page 1 (rows 1-25), stored order', url: rowsUrl([0, 24]), direct: () => directPage(0) },
  // The deepest page a list may ask for (LIST_BOUNDS.maxOffset).
  { label: `deep page (rows ${(DEEP + 1).toLocaleString('en')}-${(DEEP + 25).toLocaleString('en')}), stored order`, url: rowsUrl([DEEP, DEEP + 24]), direct: () => directPage(DEEP) },
  {
    label: 'page 1 filtered by channel "soc" (500,000 matches, counted)',
    url: rowsUrl([0, 24], `&filter=${encodeURIComponent('{"channel":"soc"}')}`),
    direct: () => {
      const where = sql`dataset_rows.dataset_id = ${datasetId} and lower(${channel}) like ${'%soc%'} escape '\\'`;
      return Promise.all([
        sql`select dataset_rows.row_values as json from dataset_rows where ${where} order by dataset_rows.rowid limit 25 offset 0`.execute(db),
        sql`select count(*) as count from dataset_rows where ${where}`.execute(db),
      ]);
    },
  },
];

console.log(`${ROWS.toLocaleString('en')} rows in one dataset, median of ${SAMPLES} requests per case`);
for (const { label, url, direct } of cases) {
  const apiMs = await median(async () => {
    const reply = await server.app.inject({ method: 'GET', url, headers: { authorization } });
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.body}`);
  });
  const directMs = await median(direct);
  console.log(`${label}: API ${apiMs.toFixed(2)} ms, direct query ${directMs.toFixed(2)} ms, ratio ${ratio(apiMs, directMs)}`);
}

/** A bare export: one streaming SELECT in stored order, each row's JSON as a CSV line, written as the socket takes it. */
const bare = createServer((request, response) => void (request.url === '/xlsx' ? bareXlsx(response) : bareExport(response)));
const storedRows = (reader: SqliteDatabase.Database) =>
  reader.prepare('select row_values from dataset_rows where dataset_id = ? order by rowid').iterate(datasetId) as IterableIterator<{ row_values: string }>;
async function bareExport(response: ServerResponse) {
  const reader = new SqliteDatabase(server.config.sqlitePath, { readonly: true });
  response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
  response.write(`${CSV_BOM}${csvLine(['visit_date', 'store', 'channel'])}`);
  let chunk = '';
  let rows = 0;
  for (const row of storedRows(reader)) {
    chunk += csvLine(JSON.parse(row.row_values) as unknown[]);
    if (++rows % 1000 === 0) {
      if (!response.write(chunk)) await once(response, 'drain');
      chunk = '';
    }
  }
  response.end(chunk);
  reader.close();
}
/**
 * A bare XLSX export: the same SELECT into exceljs' streaming WorkbookWriter (no shared strings, no
 * styles) writing straight to the socket, each row committed as read, yielding to the event loop
 * every 1,000 rows so the zip compresses as it goes (without, the whole sheet waits in memory).
 */
async function bareXlsx(response: ServerResponse) {
  const reader = new SqliteDatabase(server.config.sqlitePath, { readonly: true });
  response.writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Bench visits');
  sheet.addRow(['visit_date', 'store', 'channel']).commit();
  let rows = 0;
  for (const row of storedRows(reader)) {
    sheet.addRow(JSON.parse(row.row_values) as unknown[]).commit();
    if (++rows % 1000 === 0) await new Promise(setImmediate);
  }
  await workbook.commit();
  reader.close();
}
bare.listen(0, '127.0.0.1');
await once(bare, 'listening');
const bareAddress = bare.address() as { port: number };

/** Downloads `url` to the end; answers its time, its size, and the RSS this process grew by while it ran. */
async function download(url: string): Promise<{ ms: number; bytes: number; rssGrowthMb: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  // node:http, not fetch: web streams cost more per chunk than either server, which would hide the difference between them.
  const bytes = await new Promise<number>((resolve, reject) => {
    get(url, (reply) => {
      if (reply.statusCode !== 200) reject(new Error(`${url}: ${reply.statusCode}`));
      let size = 0;
      reply.on('data', (part: Buffer) => (size += part.length));
      reply.on('end', () => resolve(size));
      reply.on('error', reject);
    }).on('error', reject);
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { ms, bytes, rssGrowthMb: (peak - before) / 2 ** 20 };
}

/** Reads the workbook at `url` through exceljs' streaming reader: a sheet of the header and every row, in order, or it throws (sizes alone pass a broken zip). */
async function checkWorkbook(url: string) {
  const answer = new Promise<IncomingMessage>((resolve, reject) => void get(url, resolve).on('error', reject));
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(await answer, { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' }))
    for await (const row of sheet) {
      const store = (row as ExcelJS.Row).getCell(2).value;
      if (store !== (rows === 0 ? 'store' : `s${String(rows).padStart(7, '0')}`)) throw new Error(`row ${rows + 1} of the XLSX export holds store ${String(store)}`);
      rows++;
    }
  if (rows !== ROWS + 1) throw new Error(`the XLSX export holds ${rows} rows`);
}

const exportUrl = async (format: 'csv' | 'xlsx') => {
  const reply = await server.app.inject({ method: 'POST', url: `/api/explorer/dataset-${datasetId}/export`, headers: { authorization }, payload: { format } });
  return `${server.address}${reply.json().data.url as string}`;
};
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const format of ['csv', 'xlsx'] as const) {
  const bareRuns: Awaited<ReturnType<typeof download>>[] = [];
  const apiRuns: Awaited<ReturnType<typeof download>>[] = [];
  // Alternating, so a machine busy for a while slows both alike.
  for (let run = 0; run < EXPORT_RUNS; run++) {
    bareRuns.push(await download(`http://127.0.0.1:${bareAddress.port}/${format === 'xlsx' ? 'xlsx' : ''}`));
    apiRuns.push(await download(await exportUrl(format)));
  }
  if (format === 'xlsx') await checkWorkbook(await exportUrl('xlsx'));
  const bareMs = medianOf(bareRuns.map((run) => run.ms));
  const apiMs = medianOf(apiRuns.map((run) => run.ms));
  // The console's XLSX neutralises nothing here and names its sheet alike, so its file is within a few bytes of the bare one's.
  if (apiRuns[0].bytes < bareRuns[0].bytes * (format === 'csv' ? 1 : 0.99)) throw new Error(`the ${format} export wrote ${apiRuns[0].bytes} bytes, the bare export ${bareRuns[0].bytes}`);
  console.log(
    `export of ${ROWS.toLocaleString('en')} rows as ${format.toUpperCase()} (${(apiRuns[0].bytes / 2 ** 20).toFixed(0)} MB, bare ${(bareRuns[0].bytes / 2 ** 20).toFixed(0)} MB), median of ${EXPORT_RUNS}: API ${(apiMs / 1000).toFixed(2)} s, ` +
      `bare streaming export ${(bareMs / 1000).toFixed(2)} s, speed ratio ${ratio(bareMs, apiMs)} (target ≥ 0.8); ` +
      `RSS growth: API ${Math.max(...apiRuns.map((run) => run.rssGrowthMb)).toFixed(0)} MB (target < 100), bare ${Math.max(...bareRuns.map((run) => run.rssGrowthMb)).toFixed(0)} MB`,
  );
}
bare.close();
await server.close();
