import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListPage, Task, TaskDetail, TaskLogLine } from '../../../src/shared';
import { tasksResource } from '../../../src/shared/resources/tasks';
import type { StoredResponseMeta } from '../jobs/task-store';
import type { Database } from '../../db/schema';
import { isSqlite, type Db } from '../../db/database';
import type { CrudStore } from '../../db/store';
import { listSpecOf } from '../../http/crud-routes';
import { listPage, type ListRequest } from '../../db/list-page';

const TABLE = 'collect_tasks';
/** Fields whose column is not their snake_case: the day bounds filter created_at. */
const COLUMNS = { from: 'created_at', to: 'created_at' };

/** The list whitelist in columns, derived from the declaration; the Collecting Status board filters by it too. */
export const taskListSpec = listSpecOf(tasksResource, COLUMNS, TABLE);

/** Where the declaration's records live: a page of tasks, and one task with its detail and logs. */
export const taskStore = (db: Db): CrudStore<unknown, TaskDetail, number> => ({
  table: TABLE,
  columns: COLUMNS,
  list: (request) => listTasks(db, request),
  find: (id) => findTaskDetail(db, id),
});

const columns = [
  'collect_tasks.id',
  'collect_tasks.id as taskId',
  'collect_tasks.task_kind as taskKind',
  'collect_tasks.config_id as configId',
  'collect_configs.metric_name as metricName',
  'collect_tasks.post_config_id as postConfigId',
  'post_configs.target_method as targetMethod',
  'collect_tasks.parent_task_id as parentTaskId',
  'collect_tasks.process_id as processId',
  'collect_tasks.process_type as processType',
  'collect_tasks.schedule_type as scheduleType',
  'collect_tasks.schedule_id as scheduleId',
  'collect_tasks.status',
  'collect_tasks.attempt',
  'collect_tasks.max_attempts as maxAttempts',
  'collect_tasks.period_from as periodFrom',
  'collect_tasks.period_to as periodTo',
  'collect_tasks.due_at as dueAt',
  'collect_tasks.started_at as startedAt',
  'collect_tasks.finished_at as finishedAt',
  'collect_tasks.rows_fetched as rowsFetched',
  'collect_tasks.rows_mastered as rowsMastered',
  'collect_tasks.rows_posted as rowsPosted',
  'collect_tasks.error_id as errorId',
  'collect_tasks.error_text as errorText',
  'collect_tasks.created_at as createdAt',
  'collect_tasks.updated_at as updatedAt',
  // A failed attempt with attempts left waits in PENDING until run_after: when it runs again.
  sql<string | null>`case when collect_tasks.status = 'PENDING' and collect_tasks.attempt > 0 then collect_tasks.run_after end`.as('retryAt'),
] as const;

const withNames = <O>(query: SelectQueryBuilder<Database, 'collect_tasks', O>) =>
  query.leftJoin('collect_configs', 'collect_configs.id', 'collect_tasks.config_id').leftJoin('post_configs', 'post_configs.id', 'collect_tasks.post_config_id');
const base = (db: Db) => withNames(db.selectFrom('collect_tasks'));

/** What a run's post tasks posted (by the parent index): a collect task posts nothing itself, its post tasks do. */
const postsRowsPosted = (eb: ExpressionBuilder<Database, 'collect_tasks'>) =>
  eb
    .selectFrom('collect_tasks as post')
    .select(sql<number>`cast(coalesce(sum(${sql.ref('post.rows_posted')}), 0) as integer)`.as('n'))
    .whereRef('post.parent_task_id', '=', 'collect_tasks.id')
    .as('postsRowsPosted');

/** Newest first by id, paged by keyset: the config and posting target are joined for the rows only. */
export function listTasks(db: Db, request: ListRequest) {
  let tasks = db.selectFrom('collect_tasks');
  let listed = request;
  if (isSqlite(db) && request.orderBy.column === 'collect_tasks.id') {
    // Without statistics SQLite would read the board's period from the created_at index and sort all
    // of it by id; a unary + (SQLite's idiom) keeps that range off the index, so the id order is read
    // backwards and stops after a page. PostgreSQL's planner has statistics and chooses by itself.
    const isPeriod = (condition: ListRequest['conditions'][number]) => condition.column === 'collect_tasks.created_at';
    for (const { kind, value } of request.conditions.filter(isPeriod)) {
      tasks = tasks.where(sql<SqlBool>`+${sql.ref('collect_tasks.created_at')} ${sql.raw(kind === 'gte' ? '>=' : '<=')} ${value}`);
    }
    listed = { ...request, conditions: request.conditions.filter((condition) => !isPeriod(condition)) };
  }
  return listPage(tasks, listed, (query) => withNames(query).select(columns).select(postsRowsPosted), 'collect_tasks.id', { db }) as Promise<
    ListPage<Task> & { nextCursor?: string | null; totalIsEstimate?: boolean }
  >;
}

export async function findTask(db: Db, id: number): Promise<Task | undefined> {
  return (await base(db).select(columns).where('collect_tasks.id', '=', id).executeTakeFirst()) as Task | undefined;
}

/**
 * Puts a task that ended in ERROR back in the queue with a fresh set of attempts (a collect task
 * starts again from mastering): a new run, timed and its attempts listed from its own first
 * attempt (the log keeps the earlier ones); answers false when the task is not in ERROR.
 */
export async function retryFailedTask(db: Db, task: Pick<Task, 'id' | 'taskKind'>, nowIso: string): Promise<boolean> {
  const retried = await db
    .updateTable('collect_tasks')
    .set({
      status: 'PENDING',
      attempt: 0,
      run_after: nowIso,
      started_at: null,
      finished_at: null,
      response_meta: null,
      lease_owner: null,
      lease_until: null,
      updated_at: nowIso,
      ...(task.taskKind === 'COLLECT' ? { process_type: 'MASTERING' } : {}),
    })
    .where('id', '=', task.id)
    .where('status', '=', 'ERROR')
    .executeTakeFirst();
  return Number(retried.numUpdatedRows) > 0;
}

export async function findTaskDetail(db: Db, id: number): Promise<TaskDetail | undefined> {
  const task = await findTask(db, id);
  if (!task) return undefined;
  const [extra, logs, postingTasks] = await Promise.all([
    db.selectFrom('collect_tasks').select(['data_location', 'target_location', 'response_meta']).where('id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('collect_task_logs').select(['at', 'level', 'message']).where('task_id', '=', id).orderBy('id').limit(500).execute(),
    base(db).select(columns).where('collect_tasks.parent_task_id', '=', id).orderBy('collect_tasks.id').execute(),
  ]);
  const { attempts = [], ...responseMeta } = extra.response_meta ? (JSON.parse(extra.response_meta) as StoredResponseMeta) : {};
  return {
    ...task,
    dataLocation: extra.data_location,
    targetLocation: extra.target_location,
    responseMeta: extra.response_meta ? responseMeta : null,
    attempts,
    logs: logs as TaskLogLine[],
    postingTasks: postingTasks as Task[],
  };
}
