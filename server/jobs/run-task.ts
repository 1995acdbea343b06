import type { Insertable } from 'kysely';
import type { CollectConfig, TargetMethod, TaskLogLine } from '../../src/shared';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { CollectTasksTable } from '../db/tables/collect';
import { findCollectConfig } from '../modules/collect-configs/queries';
import { findPostConfig } from '../modules/post-configs/queries';
import { collectSource } from './collectors';
import { assertValid, mapToMaster, type MasterRow } from './master-mapping';
import { POSTERS, type PostTarget } from './posters';
import { outputColumns, toCsv } from './posters/csv-output';
import { backupCopy } from './posters/local';
import type { SecretBox } from './secret-box';
import { collectSourceOf } from './sources';
import { settleTask, type TaskRow } from './task-store';
import { TaskFailure } from './task-failure';

/** What one task run needs: the app's context, this instance's lease name and a log writer. */
export interface TaskRun {
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>;
  box: SecretBox;
  owner: string;
  log(level: TaskLogLine['level'], message: string): Promise<void>;
}

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters at 8 columns. */
export const MASTER_INSERT_BATCH = 1000;

const now = (run: TaskRun) => run.ctx.clock.now().toISOString();

export async function loadCollectConfig(db: Db, id: number): Promise<CollectConfig> {
  const config = await findCollectConfig(db, id);
  if (!config) throw new TaskFailure('INTERNAL', `Collect config ${id} no longer exists.`);
  return config;
}

/** Inserts mastered rows in batches; the caller's transaction makes them all-or-nothing. */
export async function insertMasterRows(trx: Pick<Db, 'insertInto'>, base: { config_id: number; task_id: number; data_type_code: string; advertiser_code: string; period_from: string; period_to: string; created_at: string }, rows: string[], keys: (string | null)[]): Promise<void> {
  for (let start = 0; start < rows.length; start += MASTER_INSERT_BATCH) {
    const batch = rows.slice(start, start + MASTER_INSERT_BATCH).map((row, index) => ({ ...base, row_key: keys[start + index], row_data: row }));
    await trx.insertInto('master_rows').values(batch).execute();
  }
}

/**
 * A collect task: fetch, map to the master schema, validate, then in one transaction store the
 * rows (replacing the config's rows of the same period) and create a posting task per post config
 * in use for the data type. The transaction first re-checks this instance still owns the task.
 */
export async function runCollectTask(run: TaskRun, task: TaskRow): Promise<void> {
  const { db, config: appConfig } = run.ctx;
  const config = await loadCollectConfig(db, task.config_id);
  const period = { from: task.period_from, to: task.period_to };
  await run.log('INFO', `Collecting ${config.sourceType} ${config.sourceLocation} for ${period.from}..${period.to} (attempt ${task.attempt} of ${task.max_attempts}).`);
  const collected = await collectSource(await collectSourceOf(db, run.box, config), period, appConfig.dataDir);
  await run.log('INFO', `Fetched ${collected.rows.length} rows${collected.meta.pages ? ` in ${collected.meta.pages} pages` : ''}${collected.meta.files ? ` from ${collected.meta.files.join(', ')}` : ''}.`);
  const mapped = mapToMaster(collected.rows, config.fields);
  const fetched = collected.rows.length;
  collected.rows.length = 0; // the source rows are not needed past mapping; a big run frees them before its insert
  assertValid(mapped);
  const targets = await db.selectFrom('post_configs').select('id').where('data_type_code', '=', config.dataType).where('in_use', '=', 'Y').orderBy('id').execute();
  const finishedAt = now(run);
  const dataLocation = `master_rows?configId=${config.id}&period=${period.from}..${period.to}`;
  await db.transaction().execute(async (trx) => {
    const owned = await settleTask(trx, task.id, run.owner, {
      status: 'SUCCESS', process_type: 'MASTERED', finished_at: finishedAt, updated_at: finishedAt, rows_fetched: fetched, rows_mastered: mapped.rows.length,
      data_location: dataLocation, response_meta: JSON.stringify(collected.meta), error_id: null, error_text: null,
    });
    if (!owned) throw new TaskFailure('LEASE_LOST', 'Another instance took the task over; this run is discarded.');
    await trx.deleteFrom('master_rows').where('config_id', '=', config.id).where('period_from', '=', period.from).where('period_to', '=', period.to).execute();
    await insertMasterRows(trx, { config_id: config.id, task_id: task.id, data_type_code: config.dataType, advertiser_code: config.advertiser, period_from: period.from, period_to: period.to, created_at: finishedAt }, mapped.rows, mapped.keys);
    if (targets.length) {
      await trx.insertInto('collect_tasks').values(targets.map((target): Insertable<CollectTasksTable> => ({
        task_kind: 'POST', config_id: config.id, post_config_id: target.id, parent_task_id: task.id, process_id: task.process_id, process_type: 'MASTERED',
        schedule_type: task.schedule_type, schedule_id: null, status: 'PENDING', attempt: 0, max_attempts: task.max_attempts, period_from: period.from, period_to: period.to,
        due_at: finishedAt, run_after: finishedAt, created_at: finishedAt, updated_at: finishedAt,
      }))).execute();
    }
  });
  await run.log('INFO', `Mastered ${mapped.rows.length} rows into ${dataLocation}; ${targets.length} posting task(s) created.`);
}

export async function loadPostTarget(db: Db, box: SecretBox, postConfigId: number, dataDir: string) {
  const postConfig = await findPostConfig(db, postConfigId);
  if (!postConfig) throw new TaskFailure('INTERNAL', `Post config ${postConfigId} no longer exists.`);
  const sealed = await db.selectFrom('post_configs').select('target_secret_enc').where('id', '=', postConfigId).executeTakeFirstOrThrow();
  let secret: string | null = null;
  try {
    secret = sealed.target_secret_enc ? box.open(sealed.target_secret_enc) : null;
  } catch {
    throw new TaskFailure('TARGET_AUTH', 'The stored target secret cannot be read (was JWT_SECRET changed?); enter it again.');
  }
  const target: PostTarget = { method: postConfig.targetMethod as TargetMethod, location: postConfig.targetLocation, data: postConfig.targetData, secret, dataDir };
  return { postConfig, target };
}

/** A posting task: the period's mastered rows as CSV with the post config's headers, sent to its target. */
export async function runPostTask(run: TaskRun, task: TaskRow): Promise<void> {
  const { db, config: appConfig } = run.ctx;
  const { postConfig, target } = await loadPostTarget(db, run.box, task.post_config_id!, appConfig.dataDir);
  const rows = await db
    .selectFrom('master_rows')
    .select('row_data')
    .where('config_id', '=', task.config_id)
    .where('period_from', '=', task.period_from)
    .where('period_to', '=', task.period_to)
    .orderBy('id')
    .execute();
  const period = task.period_from === task.period_to ? task.period_from : `${task.period_from}_${task.period_to}`;
  const name = `${postConfig.dataType}-${task.config_id}-${period}.csv`.replace(/[^\w.-]/g, '_');
  const content = toCsv(outputColumns(postConfig.headers), rows.map((row) => JSON.parse(row.row_data) as MasterRow));
  await run.log('INFO', `Posting ${rows.length} rows (${content.length} bytes) to ${target.method} ${target.location} as ${name}.`);
  const posted = await POSTERS[target.method].post(target, { name, content, rows: rows.length });
  const backup = postConfig.backupFlag === 'Y' && postConfig.backupLocation ? await backupCopy(appConfig.dataDir, postConfig.backupLocation, name, content) : null;
  const finishedAt = now(run);
  const owned = await settleTask(db, task.id, run.owner, {
    status: 'SUCCESS', finished_at: finishedAt, updated_at: finishedAt, rows_posted: rows.length, target_location: posted.location,
    data_location: `master_rows?configId=${task.config_id}&period=${task.period_from}..${task.period_to}`,
    response_meta: JSON.stringify({ bytes: content.length, rows: rows.length, ...(backup ? { backup } : {}), ...(posted.meta ?? {}) }), error_id: null, error_text: null,
  });
  if (!owned) throw new TaskFailure('LEASE_LOST', 'Another instance took the task over; this run is discarded.');
  await run.log('INFO', `Posted to ${posted.location}${backup ? `; backup at ${backup}` : ''}.`);
}
