import { sql, type Insertable, type Selectable } from 'kysely';
import type { ResponseMeta, TaskAttempt, TaskErrorId, TaskLogLine, TaskScheduleType } from '../../../src/shared';
import { isSqlite, type Db } from '../../db/database';
import type { CollectTasksTable } from '../../db/tables/collect';
import { nextRunAfter, periodFor } from './schedule-times';
import { inEnglish } from '../../../src/i18n/serverMessage';

/** Characters of a failure's text kept; a longer message is kept in English words, cut, rather than as broken JSON. */
const MAX_ERROR_TEXT = 4000;

export type TaskRow = Selectable<CollectTasksTable>;
type Executor = Pick<Db, 'insertInto' | 'updateTable' | 'selectFrom' | 'deleteFrom'>;

export const processIdOf = (configId: number) => `P${configId}`;

/** A new collect task, waiting for a worker. */
export function collectTaskValues(input: {
  configId: number;
  scheduleType: TaskScheduleType;
  scheduleId?: number | null;
  dueAt: string;
  periodFrom: string;
  periodTo: string;
  maxAttempts: number;
  now: string;
}): Insertable<CollectTasksTable> {
  return {
    task_kind: 'COLLECT',
    config_id: input.configId,
    process_id: processIdOf(input.configId),
    process_type: 'MASTERING',
    schedule_type: input.scheduleType,
    schedule_id: input.scheduleId ?? null,
    status: 'PENDING',
    attempt: 0,
    max_attempts: input.maxAttempts,
    period_from: input.periodFrom,
    period_to: input.periodTo,
    due_at: input.dueAt,
    run_after: input.dueAt < input.now ? input.now : input.dueAt,
    created_at: input.now,
    updated_at: input.now,
  };
}

export async function insertTasks(db: Executor, values: Insertable<CollectTasksTable>[]): Promise<number[]> {
  if (!values.length) return [];
  const rows = await db.insertInto('collect_tasks').values(values).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Inserts tasks in one transaction: a backfill is queued whole or not at all. */
export function insertTasksTogether(db: Db, values: Insertable<CollectTasksTable>[]): Promise<number[]> {
  return db.transaction().execute((trx) => insertTasks(trx, values));
}

/**
 * Turns every due schedule into a task. The unique (schedule_id, due_at) index makes this safe on
 * several instances at once: a second insert of the same due time does nothing, and the schedule's
 * next time only moves from the value this instance read. Missed runs (the server was down)
 * collapse into one task for the latest due time.
 */
export async function createDueTasks(db: Db, now: Date, maxAttempts: number): Promise<number> {
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom('collect_schedules')
    .innerJoin('collect_configs', 'collect_configs.id', 'collect_schedules.config_id')
    .select([
      'collect_schedules.id',
      'collect_schedules.config_id',
      'collect_schedules.schedule_type',
      'collect_schedules.scheduled_time',
      'collect_schedules.scheduled_day',
      'collect_schedules.time_zone',
      'collect_schedules.start_at',
      'collect_schedules.end_at',
      'collect_schedules.next_run_at',
    ])
    .where('collect_schedules.next_run_at', '<=', nowIso)
    .where('collect_schedules.in_use', '=', 'Y')
    .where('collect_configs.in_use', '=', 'Y')
    .where('collect_configs.suspended_flag', '=', 'N')
    .execute();
  let created = 0;
  for (const schedule of due) {
    // The latest due time not after now, so a long outage gives one catch-up run.
    let dueAt = new Date(schedule.next_run_at!);
    for (let next = nextRunAfter(schedule, dueAt); next && next <= now; next = nextRunAfter(schedule, dueAt)) dueAt = next;
    const nextRun = nextRunAfter(schedule, dueAt);
    const period = periodFor(schedule.schedule_type as TaskScheduleType, dueAt, schedule.time_zone);
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('collect_schedules')
        .set({ next_run_at: nextRun?.toISOString() ?? null })
        .where('id', '=', schedule.id)
        .where('next_run_at', '=', schedule.next_run_at)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return;
      const inserted = await trx
        .insertInto('collect_tasks')
        .values(
          collectTaskValues({
            configId: schedule.config_id,
            scheduleType: schedule.schedule_type as TaskScheduleType,
            scheduleId: schedule.id,
            dueAt: dueAt.toISOString(),
            periodFrom: period.from,
            periodTo: period.to,
            maxAttempts,
            now: nowIso,
          }),
        )
        .onConflict((conflict) => conflict.columns(['schedule_id', 'due_at']).doNothing())
        .executeTakeFirst();
      created += Number(inserted.numInsertedOrUpdatedRows ?? 0);
    });
  }
  return created;
}

const claimable = (nowIso: string) => sql<boolean>`((status = 'PENDING' and run_after <= ${nowIso}) or (status = 'STARTED' and lease_until < ${nowIso}))`;

/**
 * Claims one due task for this instance. On PostgreSQL one statement picks and takes the row with
 * `FOR UPDATE SKIP LOCKED`, so instances (and workers) claiming at once each get a different task
 * instead of queueing on the same row. SQLite has one writer: there the UPDATE repeats the claimable
 * condition, so when two workers pick the same row only one UPDATE matches it. A task whose owner
 * died is claimable again once its lease expires, but never one in `ownWork`, this instance's own
 * live work, however late a renewal of its was.
 */
export async function claimNextTask(db: Db, owner: string, now: Date, leaseMs: number, ownWork: readonly number[]): Promise<TaskRow | undefined> {
  const nowIso = now.toISOString();
  const due = sql<boolean>`${claimable(nowIso)}${ownWork.length ? sql` and id not in (${sql.join(ownWork)})` : sql``}`;
  const claim = {
    status: 'STARTED',
    lease_owner: owner,
    lease_until: new Date(now.getTime() + leaseMs).toISOString(),
    attempt: sql<number>`attempt + 1`,
    // A run lasts from its first attempt to its last: a retry keeps the start.
    started_at: sql<string>`coalesce(started_at, ${nowIso})`,
    finished_at: null,
    updated_at: nowIso,
  } as const;
  if (!isSqlite(db)) {
    return db
      .updateTable('collect_tasks')
      .set(claim)
      .where('id', '=', (eb) => eb.selectFrom('collect_tasks').select('id').where(due).orderBy('run_after').orderBy('id').limit(1).forUpdate().skipLocked())
      .returningAll()
      .executeTakeFirst();
  }
  for (let tries = 0; tries < 5; tries++) {
    const candidate = await db.selectFrom('collect_tasks').select('id').where(due).orderBy('run_after').orderBy('id').limit(1).executeTakeFirst();
    if (!candidate) return undefined;
    const claimed = await db.updateTable('collect_tasks').set(claim).where('id', '=', candidate.id).where(claimable(nowIso)).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 1) return db.selectFrom('collect_tasks').selectAll().where('id', '=', candidate.id).executeTakeFirstOrThrow();
  }
  return undefined;
}

/** Extends this instance's lease; false when the task is no longer ours. */
export async function renewLease(db: Db, taskId: number, owner: string, until: Date): Promise<boolean> {
  const renewed = await db
    .updateTable('collect_tasks')
    .set({ lease_until: until.toISOString() })
    .where('id', '=', taskId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'STARTED')
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/** Gives an unfinished task back (shutdown): it is claimable at once and the attempt does not count. */
export async function releaseLease(db: Db, taskId: number, owner: string, now: Date): Promise<void> {
  await db
    .updateTable('collect_tasks')
    .set({ status: 'PENDING', lease_owner: null, lease_until: null, attempt: sql`attempt - 1`, run_after: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', taskId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'STARTED')
    .execute();
}

/** One attempt under way: when it began and what it read or sent so far (collectors and posters fill `meta`). */
export interface RunAttempt {
  number: number;
  startedAt: string;
  meta: ResponseMeta;
}

/** How an attempt ended, as settleTask records it. */
export interface AttemptEnd {
  outcome: TaskAttempt['outcome'];
  finishedAt: string;
  errorId?: TaskErrorId;
}

/** What response_meta holds: the last attempt's metadata, and every attempt of the run so far. */
export type StoredResponseMeta = ResponseMeta & { attempts?: TaskAttempt[] };

/** The task's response metadata after an attempt: that attempt's on top, and every attempt of the run so far in `attempts`. */
export function responseMetaAfter(task: Pick<TaskRow, 'response_meta'>, attempt: RunAttempt, end: AttemptEnd): StoredResponseMeta {
  const earlier = task.response_meta ? ((JSON.parse(task.response_meta) as StoredResponseMeta).attempts ?? []) : [];
  const { status, bytes, pages, rows, url } = attempt.meta;
  const record: TaskAttempt = {
    attempt: attempt.number,
    startedAt: attempt.startedAt,
    finishedAt: end.finishedAt,
    durationMs: Math.max(0, Date.parse(end.finishedAt) - Date.parse(attempt.startedAt)),
    outcome: end.outcome,
    ...definedOnly({ status, bytes, pages, rows, url, errorId: end.errorId }),
  };
  return { ...attempt.meta, attempts: [...earlier, record] };
}

const definedOnly = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;

/**
 * Writes a task's outcome only while this instance still owns it (fencing); false otherwise. Every
 * attempt of every task kind ends here, so each is recorded in the task's response metadata.
 */
export async function settleTask(
  db: Executor,
  task: Pick<TaskRow, 'id' | 'response_meta'>,
  owner: string,
  attempt: RunAttempt,
  end: AttemptEnd,
  values: Partial<Insertable<CollectTasksTable>>,
): Promise<boolean> {
  const settled = await db
    .updateTable('collect_tasks')
    .set({ lease_owner: null, lease_until: null, ...values, response_meta: JSON.stringify(responseMetaAfter(task, attempt, end)) })
    .where('id', '=', task.id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'STARTED')
    .executeTakeFirst();
  return Number(settled.numUpdatedRows) === 1;
}

export function failureValues(errorId: TaskErrorId, errorText: string): Pick<Insertable<CollectTasksTable>, 'error_id' | 'error_text'> {
  return { error_id: errorId, error_text: errorText.length <= MAX_ERROR_TEXT ? errorText : inEnglish(errorText).slice(0, MAX_ERROR_TEXT) };
}

export async function appendLog(db: Db, taskId: number, level: TaskLogLine['level'], message: string, at: string): Promise<void> {
  await db
    .insertInto('collect_task_logs')
    .values({ task_id: taskId, level, message: message.slice(0, 2000), at })
    .execute();
}
