/**
 * Collecting at scale: a FILE source (CSV in DATA_DIR/inbox) of 250,000 and then 1,000,000 rows
 * through the real scheduler — read, parse, map to the master schema, validate, store in one
 * transaction, then post to a LOCAL target. Each run happens in a fresh server process on the
 * same database, so its peak RSS is the run's alone (the same peak for both sizes = streaming);
 * mastering rows/s is printed as a ratio to a bare batched insert of the same rows in this run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { collectConfigInput, postConfigInput } from '../src/shared';
import { buildApp } from '../server/app';
import { defaultConfig, type AppConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { saveCollectConfig } from '../server/collect/collect-configs/queries';
import { savePostConfig } from '../server/collect/post-configs/queries';
import { insertMasterRows, MASTER_INSERT_BATCH } from '../server/collect/jobs/master-store';
import { collectTaskValues, insertTasks } from '../server/collect/jobs/task-store';
import { ratio, startBenchServer } from './harness';

const SIZES = (process.env.BENCH_COLLECT_SIZES ?? '250000,1000000').split(',').map(Number);
const DAY = '2026-03-01';
const COLLECT: AppConfig['collect'] = { schedulerEnabled: false, pollMs: 1000, leaseMs: 600_000, maxAttempts: 1, retryBaseMs: 0, suspendAfter: 5 };
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
// better-sqlite3 is synchronous, so a sampling timer would not fire during a run: read the OS's peak.
const peakRss = () => process.resourceUsage().maxRSS * 1024;

interface RunResult {
  startupPeak: number;
  peak: number;
  seconds: number;
}

if (process.env.BENCH_COLLECT_RUN) {
  // The run's own process: a server on the prepared database that runs the due tasks once.
  const { dataDir, jwtSecret, secretsKeys } = JSON.parse(process.env.BENCH_COLLECT_RUN) as { dataDir: string; jwtSecret: string; secretsKeys: string[] };
  const config = defaultConfig({ dataDir, jwtSecret, secretsKeys, logLevel: 'silent', collect: COLLECT });
  const db = openDatabase(config);
  const app = await buildApp(config, { db, logger: false });
  const startupPeak = peakRss();
  const started = performance.now();
  await app.collectScheduler.tick();
  const result: RunResult = { startupPeak, peak: peakRss(), seconds: (performance.now() - started) / 1000 };
  await app.close();
  await db.destroy();
  console.log(JSON.stringify(result));
  process.exit(0);
}

const server = await startBenchServer({ collect: COLLECT });
const { db, config } = server;
const inbox = join(config.dataDir, 'inbox', 'bench');
mkdirSync(inbox, { recursive: true });

const campaign = (n: number) => ({
  report_date: DAY,
  campaign_id: `C${n}`,
  campaign_name: `Campaign ${n % 5000}`,
  impressions: 1000 + (n % 977),
  clicks: n % 89,
  cost: Number(((n % 1000) / 7).toFixed(2)),
});
const fields = [
  { field: 'date', code: 'report_date', type: 'DATE', fieldFlag: 'Y', masterFlag: 'Y' },
  { field: 'campaign_id', code: 'campaign_id', type: 'STRING', fieldFlag: 'Y', masterFlag: 'Y' },
  { field: 'campaign_name', code: 'campaign_name', type: 'STRING' },
  { field: 'impressions', code: 'impressions', type: 'NUMBER' },
  { field: 'clicks', code: 'clicks', type: 'NUMBER' },
  { field: 'cost', code: 'cost', type: 'NUMBER' },
];
await savePostConfig(
  db,
  postConfigInput.parse({
    dataType: 'MEDIA',
    targetType: 'dashboard feed',
    targetMethod: 'LOCAL',
    targetLocation: 'bench',
    targetData: {},
    headers: fields.map((field, order) => ({ code: field.code, type: field.type, inUse: 'Y', order })),
  }),
  null,
  new Date().toISOString(),
);

for (const rows of SIZES) {
  // The source file: one report day of `rows` campaign rows.
  const file = createWriteStream(join(inbox, `report-${rows}-${DAY}.csv`));
  file.write('date,campaign_id,campaign_name,impressions,clicks,cost\n');
  for (let n = 0; n < rows; n++) {
    const row = campaign(n);
    if (!file.write(`${DAY},${row.campaign_id},${row.campaign_name},${row.impressions},${row.clicks},${row.cost}\n`)) await once(file, 'drain');
  }
  file.end();
  await once(file, 'finish');
  const configId = (await saveCollectConfig(
    db,
    collectConfigInput.parse({
      metricName: `Bench report ${rows}`,
      advertiser: 'ACME',
      dataType: 'MEDIA',
      sourceType: 'FILE',
      sourceLocation: `bench/report-${rows}-{{from}}.csv`,
      sourceMethod: { responseFormat: 'CSV' },
      fields,
    }),
    new Date(),
  ))!;
  const now = new Date().toISOString();
  const [taskId] = await insertTasks(db, [collectTaskValues({ configId, scheduleType: 'MANUAL', dueAt: now, periodFrom: DAY, periodTo: DAY, maxAttempts: 1, now })]);

  // End to end through the scheduler of a fresh server process: the collect task, then its posting task.
  const run = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/collect.ts'], {
      env: { ...process.env, BENCH_COLLECT_RUN: JSON.stringify({ dataDir: config.dataDir, jwtSecret: config.jwtSecret, secretsKeys: config.secretsKeys }) },
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    })
      .trim()
      .split('\n')
      .at(-1)!,
  ) as RunResult;
  const task = await db.selectFrom('collect_tasks').select(['status', 'rows_mastered', 'error_text']).where('id', '=', taskId).executeTakeFirstOrThrow();
  const post = await db.selectFrom('collect_tasks').select(['status', 'rows_posted', 'started_at', 'finished_at', 'error_text']).where('parent_task_id', '=', taskId).executeTakeFirstOrThrow();
  if (task.status !== 'SUCCESS' || task.rows_mastered !== rows) throw new Error(`bench task did not master every row: ${JSON.stringify(task)}`);
  if (post.status !== 'SUCCESS' || post.rows_posted !== rows) throw new Error(`bench posting did not post every row: ${JSON.stringify(post)}`);
  const postSeconds = (Date.parse(post.finished_at!) - Date.parse(post.started_at!)) / 1000;
  const masterSeconds = run.seconds - postSeconds;

  // Baseline: the same mastered rows, serialized batch by batch as a run stores them, inserted bare in one transaction.
  const baselineStarted = performance.now();
  await db.transaction().execute(async (trx) => {
    const base = { config_id: configId + 1000, task_id: 0, data_type_code: 'MEDIA', advertiser_code: 'ACME', period_from: DAY, period_to: DAY, created_at: now };
    for (let start = 0; start < rows; start += MASTER_INSERT_BATCH) {
      const batch = Array.from({ length: Math.min(MASTER_INSERT_BATCH, rows - start) }, (_, i) => ({ json: JSON.stringify(campaign(start + i)), key: JSON.stringify([DAY, `C${start + i}`]) }));
      await insertMasterRows(trx, base, batch);
    }
  });
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;

  const size = `${rows.toLocaleString()} rows`;
  console.log(
    `collect ${size}: mastered (read, map, validate, store) in ${masterSeconds.toFixed(1)} s = ${Math.round(rows / masterSeconds).toLocaleString()} rows/s; then posted to LOCAL in ${postSeconds.toFixed(1)} s`,
  );
  console.log(`collect ${size}: bare batched insert of the same rows ${baselineSeconds.toFixed(1)} s = ${Math.round(rows / baselineSeconds).toLocaleString()} rows/s`);
  console.log(`collect ${size}: mastering rows/s ÷ bare insert rows/s = ${ratio(rows / masterSeconds, rows / baselineSeconds)}`);
  console.log(`collect ${size}: peak RSS of the server process that ran it ${mib(run.peak)} (${mib(run.startupPeak)} after start-up, before the run)`);
}
await server.close();
