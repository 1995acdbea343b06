/**
 * Mastering at scale: 1,000,000 source rows from a FILE source (CSV in DATA_DIR/inbox) through the
 * real scheduler — read, parse, map to the master schema, validate, store in one transaction — as
 * rows per second and as a ratio to a bare batched insert of the same mastered rows in the same
 * run, with the process's peak RSS.
 */
import { mkdirSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { collectConfigInput } from '../src/shared';
import { saveCollectConfig } from '../server/modules/collect-configs/queries';
import { insertMasterRows } from '../server/jobs/run-task';
import { collectTaskValues, insertTasks } from '../server/jobs/task-store';
import { ratio, startBenchServer } from './harness';

const ROWS = Number(process.env.BENCH_COLLECT_ROWS ?? 1_000_000);
const DAY = '2026-03-01';
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const server = await startBenchServer({ collect: { schedulerEnabled: false, pollMs: 1000, leaseMs: 600_000, maxAttempts: 1, retryBaseMs: 0, suspendAfter: 5 } });
const { db, config, app } = server;

// The source file: one report day of ROWS campaign rows.
const inbox = join(config.dataDir, 'inbox', 'bench');
mkdirSync(inbox, { recursive: true });
const file = createWriteStream(join(inbox, `report-${DAY}.csv`));
file.write('date,campaign_id,campaign_name,impressions,clicks,cost\n');
for (let n = 0; n < ROWS; n++) {
  if (!file.write(`${DAY},C${n},Campaign ${n % 5000},${1000 + (n % 977)},${n % 89},${((n % 1000) / 7).toFixed(2)}\n`)) await once(file, 'drain');
}
file.end();
await once(file, 'finish');

const fields = [
  { field: 'date', code: 'report_date', type: 'DATE', fieldFlag: 'Y', masterFlag: 'Y' },
  { field: 'campaign_id', code: 'campaign_id', type: 'STRING', fieldFlag: 'Y', masterFlag: 'Y' },
  { field: 'campaign_name', code: 'campaign_name', type: 'STRING' },
  { field: 'impressions', code: 'impressions', type: 'NUMBER' },
  { field: 'clicks', code: 'clicks', type: 'NUMBER' },
  { field: 'cost', code: 'cost', type: 'NUMBER' },
];
const configId = (await saveCollectConfig(db, collectConfigInput.parse({
  metricName: 'Bench report', advertiser: 'ACME', dataType: 'MEDIA', sourceType: 'FILE', sourceLocation: 'bench/report-{{from}}.csv', sourceMethod: { responseFormat: 'CSV' }, fields,
}), new Date()))!;

// End to end through the scheduler.
const now = new Date().toISOString();
const [taskId] = await insertTasks(db, [collectTaskValues({ configId, scheduleType: 'MANUAL', dueAt: now, periodFrom: DAY, periodTo: DAY, maxAttempts: 1, now })]);
// better-sqlite3 is synchronous, so a sampling timer would not fire during the run: read the OS's peak.
const rssBefore = process.resourceUsage().maxRSS * 1024;
const started = performance.now();
await app.collectScheduler.tick();
const endToEndSeconds = (performance.now() - started) / 1000;
const peakRss = process.resourceUsage().maxRSS * 1024;
const task = await db.selectFrom('collect_tasks').select(['status', 'rows_mastered', 'error_text']).where('id', '=', taskId).executeTakeFirstOrThrow();
if (task.status !== 'SUCCESS' || task.rows_mastered !== ROWS) throw new Error(`bench task did not master every row: ${JSON.stringify(task)}`);

// Baseline: the same mastered rows, already serialized in memory, inserted bare in one transaction.
const mastered = Array.from({ length: ROWS }, (_, n) =>
  JSON.stringify({ report_date: DAY, campaign_id: `C${n}`, campaign_name: `Campaign ${n % 5000}`, impressions: 1000 + (n % 977), clicks: n % 89, cost: Number(((n % 1000) / 7).toFixed(2)) }),
);
const keys = mastered.map((_, n) => JSON.stringify([DAY, `C${n}`]));
const baselineStarted = performance.now();
await db.transaction().execute((trx) =>
  insertMasterRows(trx, { config_id: configId + 1000, task_id: 0, data_type_code: 'MEDIA', advertiser_code: 'ACME', period_from: DAY, period_to: DAY, created_at: now }, mastered, keys),
);
const baselineSeconds = (performance.now() - baselineStarted) / 1000;

const endToEndRate = ROWS / endToEndSeconds;
const baselineRate = ROWS / baselineSeconds;
console.log(`collect: mastered ${ROWS.toLocaleString()} rows end to end in ${endToEndSeconds.toFixed(1)} s (${Math.round(endToEndRate).toLocaleString()} rows/s)`);
console.log(`collect: bare insert of the same rows ${baselineSeconds.toFixed(1)} s (${Math.round(baselineRate).toLocaleString()} rows/s)`);
console.log(`collect: end-to-end / bare insert rows/s ratio ${ratio(endToEndRate, baselineRate)}`);
console.log(`collect: peak RSS of the process after the end-to-end run ${mib(peakRss)} (before it: ${mib(rssBefore)})`);
await server.close();
