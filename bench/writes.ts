/**
 * Writing many records through the console's own routes, in-process, on SQLite: a bulk edit of
 * 1,000 allowed domains (PATCH /api/domains, as many calls as the bulk-edit cap asks) and an import
 * of IMPORT_MAX_ROWS domains (POST /api/domains/import, committed), each as a ratio of its time to
 * a bare better-sqlite3 transaction doing the same writes on the same database file: per record its
 * UPDATE (or INSERT) and its activity-log INSERT, prepared once, one transaction, timed with its
 * COMMIT. Runs alternate the two sides; medians of BENCH_WRITE_SAMPLES (15) after one warm-up each.
 */
import SqliteDatabase from 'better-sqlite3';
import { BULK_EDIT_MAX_IDS } from '../src/shared/bulk-edit';
import { IMPORT_MAX_ROWS } from '../src/shared/import';
import { startSession } from '../server/auth/sessions';
import { BENCH_EMAIL, ratio, startBenchServer } from './harness';

const RECORDS = 1000;
const SAMPLES = Number(process.env.BENCH_WRITE_SAMPLES ?? 15);

const server = await startBenchServer({ passwordHash: { memoryCost: 4096, timeCost: 1, parallelism: 1 } });
const { db } = server;
const admin = await db.selectFrom('admins').select(['id', 'first_name', 'last_name']).where('email', '=', BENCH_EMAIL).executeTakeFirstOrThrow();
const { accessToken } = await startSession(server.app.ctx, admin.id, '127.0.0.1', 'bench');
const authorization = `Bearer ${accessToken}`;
const bare = new SqliteDatabase(server.config.sqlitePath);
bare.pragma('journal_mode = WAL');
bare.pragma('synchronous = NORMAL');
bare.pragma('busy_timeout = 5000');

const now = () => new Date().toISOString();
const seeded = now();
const ids = (
  await db
    .insertInto('domains')
    .values(Array.from({ length: RECORDS }, (_, index) => ({ domain: `bulk-${index}.example`, description: null, active_flag: 'Y' as const, created_at: seeded, updated_at: seeded })))
    .returning('id')
    .execute()
).map((row) => row.id);

/** A call as the browser makes it; its system-log row is written before it counts as done (the log writes in batches, after the answer). */
async function call(method: 'PATCH' | 'POST', url: string, payload: unknown) {
  const reply = await server.app.inject({ method, url, headers: { authorization }, payload: payload as object });
  if (reply.statusCode !== 200) throw new Error(`${method} ${url}: ${reply.statusCode} ${reply.body.slice(0, 500)}`);
  await server.app.ctx.systemLog.flush();
}

const insertActivity = bare.prepare(
  `insert into activity_log (actor_id, actor_name, action, resource, record_id, record_name, params, changes, event_id, occurred_at)
   values (?, ?, ?, 'domains', ?, ?, '{}', ?, ?, ?)`,
);
const actorName = `${admin.first_name ?? ''} ${admin.last_name ?? ''}`.trim() || BENCH_EMAIL;

// The bulk edit: every run turns all 1,000 domains off, the next on again, so each write changes a value.
let flag: 'Y' | 'N' = 'Y';
const flip = () => (flag = flag === 'Y' ? 'N' : 'Y');
const updateDomain = bare.prepare('update domains set active_flag = ?, updated_at = ? where id = ?');
const bareBulk = bare.transaction((to: 'Y' | 'N', at: string) => {
  for (const id of ids) {
    updateDomain.run(to, at, id);
    insertActivity.run(admin.id, actorName, 'update', String(id), `bulk-${id}.example`, JSON.stringify([{ field: 'activeFlag', from: to === 'Y' ? 'N' : 'Y', to }]), `bench-${id}-${at}`, at);
  }
});
const consoleBulk = async () => {
  const to = flip();
  for (let from = 0; from < ids.length; from += BULK_EDIT_MAX_IDS) await call('PATCH', '/api/domains', { ids: ids.slice(from, from + BULK_EDIT_MAX_IDS), changes: { activeFlag: to } });
};

// The import: each run brings in IMPORT_MAX_ROWS domains no run has used.
let batch = 0;
const insertDomain = bare.prepare("insert into domains (domain, description, active_flag, created_at, updated_at) values (?, ?, 'Y', ?, ?)");
const bareImport = bare.transaction((names: string[], at: string) => {
  for (const name of names) {
    const { lastInsertRowid } = insertDomain.run(name, 'Imported', at, at);
    insertActivity.run(admin.id, actorName, 'create', String(lastInsertRowid), name, '[]', `bench-${name}`, at);
  }
});
const namesOfBatch = () => {
  batch++;
  return Array.from({ length: IMPORT_MAX_ROWS }, (_, index) => `import-${batch}-${index}.example`);
};
const consoleImport = () => call('POST', '/api/domains/import', { csv: ['domain,description,activeFlag', ...namesOfBatch().map((name) => `${name},Imported,Y`)].join('\n'), commit: true });

/** Medians of `SAMPLES` alternating runs of the two sides, after a warm-up run of each. */
async function alternate(consoleRun: () => Promise<unknown>, bareRun: () => void): Promise<{ consoleMs: number; bareMs: number }> {
  await consoleRun();
  bareRun();
  const consoleTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    let started = performance.now();
    await consoleRun();
    consoleTimes.push(performance.now() - started);
    started = performance.now();
    bareRun();
    bareTimes.push(performance.now() - started);
  }
  const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  return { consoleMs: median(consoleTimes), bareMs: median(bareTimes) };
}

const report = (label: string, { consoleMs, bareMs }: { consoleMs: number; bareMs: number }) =>
  console.log(`${label}: console ${consoleMs.toFixed(0)} ms, bare transaction ${bareMs.toFixed(0)} ms, speed ratio ${ratio(bareMs, consoleMs)} (bare time / console time; poor below ~0.3)`);

console.log(`SQLite, median of ${SAMPLES} alternating runs`);
report(
  `bulk edit of ${RECORDS.toLocaleString('en')} domains (${Math.ceil(RECORDS / BULK_EDIT_MAX_IDS)} PATCH calls of up to ${BULK_EDIT_MAX_IDS}, the bulk-edit cap)`,
  await alternate(consoleBulk, () => bareBulk(flip(), now())),
);
report(`import of ${IMPORT_MAX_ROWS.toLocaleString('en')} domains (IMPORT_MAX_ROWS), committed`, await alternate(consoleImport, () => bareImport(namesOfBatch(), now())));
// Both sides wrote what they were timed for.
const written = await db
  .selectFrom('domains')
  .select((eb) => eb.fn.countAll<number>().as('count'))
  .where('domain', 'like', 'import-%')
  .executeTakeFirstOrThrow();
if (Number(written.count) !== batch * IMPORT_MAX_ROWS) throw new Error(`${written.count} imported domains, expected ${batch * IMPORT_MAX_ROWS}`);
bare.close();
await server.close();
