import type { Insertable } from 'kysely';
import type { CollectConfig, TargetMethod, TaskLogLine } from '../../../src/shared';
import { isoNow } from '../../clock';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { FileStore } from '../../files/store';
import type { CollectTasksTable } from '../../db/tables/collect';
import { findCollectConfig } from '../collect-configs/queries';
import { findPostConfig } from '../post-configs/queries';
import { sourceShown, streamSource } from './collectors';
import { assertValid, masterMapper, type RowError } from './master-mapping';
import { insertMasterRows, MasterSpool } from './master-store';
import { POSTERS, type PostTarget } from './posters';
import { outputColumns } from './posters/csv-output';
import { backupCopy } from './posters/local';
import { writePostFile } from './posters/post-file';
import type { Outbound } from '../../outbound/outbound-fetch';
import type { SecretBox } from '../../secrets/secret-box';
import { collectSourceOf } from './sources';
import { settleTask, type RunAttempt, type TaskRow } from './task-store';
import { TaskFailure } from './task-failure';
import { redactText } from '../../audit/redact';
import { codeValue, sentence, type ServerMessage } from '../../../src/i18n/serverMessage';

/** What one task run needs: the app's context, this instance's lease name, the attempt it records and a log writer. */
export interface TaskRun {
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'files'>;
  box: SecretBox;
  outbound: Outbound;
  owner: string;
  attempt: RunAttempt;
  /** Writes a line to the task's log, URLs and the run's secrets masked (redactText). */
  log(level: TaskLogLine['level'], message: ServerMessage): Promise<void>;
  /** Names a secret this run handles (a source's or target's), masked from then on in every line and failure it records. */
  hide(secret: string | null): void;
  /** Text with URLs and the hidden secrets masked, as every line and failure of the run is stored. */
  mask(text: string): string;
}

const now = (run: TaskRun) => isoNow(run.ctx.clock);

export async function loadCollectConfig(db: Db, id: number): Promise<CollectConfig> {
  const config = await findCollectConfig(db, id);
  if (!config) throw new TaskFailure('INTERNAL', sentence('collect.collectConfigNoLongerExists', { id }));
  return config;
}

/**
 * A collect task: stream the source batch by batch, mapping and validating each row into a spool
 * file; then in one transaction replace the config's rows of the period with the spooled rows
 * (inserted batch by batch), create a posting task per post config in use for the data type, and
 * settle the task only if this instance still owns it. Any failure rolls the whole run back.
 */
/** Collects, masters and settles the task; answers how many rows it mastered. */
export async function runCollectTask(run: TaskRun, task: TaskRow): Promise<number> {
  const { db, config: appConfig } = run.ctx;
  const config = await loadCollectConfig(db, task.config_id);
  const period = { from: task.period_from, to: task.period_to };
  const collectSource = await collectSourceOf(db, run.box, config);
  run.hide(collectSource.secret);
  await run.log(
    'INFO',
    sentence('collect.collectingForAttemptOf', {
      sourceType: codeValue('sourceType', config.sourceType),
      sourceShown: sourceShown(collectSource, period),
      from: period.from,
      to: period.to,
      attempt: task.attempt,
      max_attempts: task.max_attempts,
    }),
  );
  const source = streamSource(collectSource, period, appConfig.dataDir, run.outbound, run.attempt.meta);
  const spool = await MasterSpool.open({ dataDir: appConfig.dataDir, taskId: task.id, owner: run.owner });
  try {
    const map = masterMapper(config.fields);
    const errors: RowError[] = [];
    let fetched = 0;
    for await (const batch of source.batches) {
      // A batch is mapped and spooled in one go, so it is garbage before the next one arrives.
      const lines: string[] = [];
      for (const row of batch) {
        fetched++;
        const mapped = map(row);
        if (typeof mapped === 'string') {
          if (errors.length < 20) errors.push({ row: fetched, message: mapped });
        } else if (!errors.length) lines.push(MasterSpool.line(mapped)); // once a row fails, nothing will be stored: only count
      }
      if (lines.length) await spool.add(lines);
    }
    await spool.finish();
    const meta = source.meta;
    await run.log('INFO', fetchedLine(fetched, meta.pages, meta.files?.join(', ')));
    assertValid(errors);
    const targets = await db.selectFrom('post_configs').select('id').where('data_type_code', '=', config.dataType).where('in_use', '=', 'Y').orderBy('id').execute();
    const finishedAt = now(run);
    const dataLocation = `master_rows?configId=${config.id}&period=${period.from}..${period.to}`;
    const base = {
      config_id: config.id,
      task_id: task.id,
      data_type_code: config.dataType,
      advertiser_code: config.advertiser,
      period_from: period.from,
      period_to: period.to,
      created_at: finishedAt,
    };
    const mastered = await db.transaction().execute(async (trx) => {
      const ofPeriod = () => trx.deleteFrom('master_rows').where('config_id', '=', config.id).where('period_from', '=', period.from).where('period_to', '=', period.to);
      await ofPeriod().execute();
      for await (const batch of spool.batches()) await insertMasterRows(trx, base, batch);
      // Rows sharing a master key were merged by the inserts: count what is stored.
      const { count } = await trx
        .selectFrom('master_rows')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('config_id', '=', config.id)
        .where('period_from', '=', period.from)
        .where('period_to', '=', period.to)
        .executeTakeFirstOrThrow();
      const succeeded = { outcome: 'SUCCESS', finishedAt } as const;
      const owned = await settleTask(trx, task, run.owner, run.attempt, succeeded, {
        status: 'SUCCESS',
        process_type: 'MASTERED',
        finished_at: finishedAt,
        updated_at: finishedAt,
        rows_fetched: fetched,
        rows_mastered: Number(count),
        data_location: dataLocation,
        error_id: null,
        error_text: null,
      });
      if (!owned) throw new TaskFailure('LEASE_LOST', sentence('collect.anotherInstanceTookTheTask'));
      if (targets.length) {
        await trx
          .insertInto('collect_tasks')
          .values(
            targets.map((target): Insertable<CollectTasksTable> => ({
              task_kind: 'POST',
              config_id: config.id,
              post_config_id: target.id,
              parent_task_id: task.id,
              process_id: task.process_id,
              process_type: 'MASTERED',
              schedule_type: task.schedule_type,
              schedule_id: null,
              status: 'PENDING',
              attempt: 0,
              max_attempts: task.max_attempts,
              period_from: period.from,
              period_to: period.to,
              due_at: finishedAt,
              run_after: finishedAt,
              created_at: finishedAt,
              updated_at: finishedAt,
            })),
          )
          .execute();
      }
      return Number(count);
    });
    await run.log('INFO', sentence('collect.masteredRowsIntoPostingTask', { mastered, dataLocation, length: targets.length }));
    return mastered;
  } finally {
    await spool.remove();
  }
}

export async function loadPostTarget(db: Db, box: SecretBox, outbound: Outbound, postConfigId: number, files: FileStore) {
  const postConfig = await findPostConfig(db, postConfigId);
  if (!postConfig) throw new TaskFailure('INTERNAL', sentence('collect.postConfigNoLongerExists', { postConfigId }));
  const sealed = await db.selectFrom('post_configs').select('target_secret_enc').where('id', '=', postConfigId).executeTakeFirstOrThrow();
  let secret: string | null = null;
  try {
    secret = sealed.target_secret_enc ? box.open(sealed.target_secret_enc) : null;
  } catch (error) {
    throw new TaskFailure('TARGET_AUTH', sentence('collect.theStoredTargetSecretCannot', { reason: (error as Error).message }));
  }
  const target: PostTarget = { method: postConfig.targetMethod as TargetMethod, location: postConfig.targetLocation, data: postConfig.targetData, secret, files, outbound };
  return { postConfig, target };
}

/**
 * A posting task: the period's mastered rows, paged out of the database into a CSV work file
 * with the post config's headers, sent to its target from that file (never whole in memory).
 */
/** Posts the task's rows and settles it; answers how many rows it posted. */
export async function runPostTask(run: TaskRun, task: TaskRow): Promise<number> {
  const { db, config: appConfig, files } = run.ctx;
  const { postConfig, target } = await loadPostTarget(db, run.box, run.outbound, task.post_config_id!, files);
  run.hide(target.secret);
  const period = task.period_from === task.period_to ? task.period_from : `${task.period_from}_${task.period_to}`;
  const name = `${postConfig.dataType}-${task.config_id}-${period}.csv`.replace(/[^\w.-]/g, '_');
  const file = await writePostFile(db, { configId: task.config_id, periodFrom: task.period_from, periodTo: task.period_to }, outputColumns(postConfig.headers), name, {
    dataDir: appConfig.dataDir,
    taskId: task.id,
    owner: run.owner,
  });
  try {
    Object.assign(run.attempt.meta, { bytes: file.bytes, rows: file.rows });
    await run.log('INFO', sentence('collect.postingRowsBytesToAs', { rows: file.rows, bytes: file.bytes, method: target.method, location: target.location, name }));
    const posted = await POSTERS[target.method].post(target, file);
    const backup = postConfig.backupFlag === 'Y' && postConfig.backupLocation ? await backupCopy(files, postConfig.backupLocation, file) : null;
    Object.assign(run.attempt.meta, backup ? { backup } : {}, posted.meta ?? {});
    const finishedAt = now(run);
    const succeeded = { outcome: 'SUCCESS', finishedAt } as const;
    const owned = await settleTask(db, task, run.owner, run.attempt, succeeded, {
      status: 'SUCCESS',
      finished_at: finishedAt,
      updated_at: finishedAt,
      rows_posted: file.rows,
      target_location: redactText(posted.location, [target.secret]),
      data_location: `master_rows?configId=${task.config_id}&period=${task.period_from}..${task.period_to}`,
      error_id: null,
      error_text: null,
    });
    if (!owned) throw new TaskFailure('LEASE_LOST', sentence('collect.anotherInstanceTookTheTask'));
    // Whole sentences, each catalogued (src/i18n/server.en.ts), so the line reads in Korean too.
    await run.log('INFO', backup ? sentence('collect.postedToBackupAt', { location: posted.location, backup }) : sentence('collect.postedTo', { location: posted.location }));
    return file.rows;
  } finally {
    await file.remove();
  }
}

/** The fetch's log line as one whole sentence per case, each catalogued (src/i18n/server.en.ts), so it reads in Korean too. */
function fetchedLine(fetched: number, pages: number | undefined, files: string | undefined): ServerMessage {
  if (pages && files) return sentence('collect.fetchedRowsInPagesFrom', { fetched, pages, files });
  if (pages) return sentence('collect.fetchedRowsInPages', { fetched, pages });
  if (files) return sentence('collect.fetchedRowsFrom', { fetched, files });
  return sentence('collect.fetchedRows', { fetched });
}
