import { sql, type Expression, type SqlBool } from 'kysely';
import type { CollectProcessRow, CollectStatus, TaskStatus } from '../../../src/shared';
import type { Db } from '../../db/database';
import { dayBound } from '../../http/list-query';
import { daysOf } from '../jobs/schedule-times';
import { processIdOf } from '../jobs/task-store';

const HOUR_MS = 3_600_000;
/** Retries listed for the task table; more would be a page of failures the list shows anyway. */

export interface BoardFilter {
  /** Days, inclusive, UTC: tasks created in them. */
  from: string;
  to: string;
  /** The task list's filter as a WHERE over collect_tasks; tiles, chart and process figures follow it. */
  where?: Expression<SqlBool>;
  /** The config the list is narrowed to (configId or processId): the only process row shown. */
  configId?: number;
  processId?: string;
}

/** The status board for the tasks of a period that match the task list's filter. */
export async function collectStatus(db: Db, filter: BoardFilter, now: Date): Promise<CollectStatus> {
  const { from, to } = filter;
  const start = dayBound(from, 'from', 'from');
  const end = dayBound(to, 'to', 'to');
  const created = db.selectFrom('collect_tasks').where('created_at', '>=', start).where('created_at', '<=', end);
  const inPeriod = filter.where ? created.where(filter.where) : created;
  const day = sql<string>`substr(created_at, 1, 10)`;

  const [byStatus, perDay, perConfig, configs, recent, targets, latest, running] = await Promise.all([
    inPeriod
      .select('status')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .groupBy('status')
      .execute(),
    inPeriod
      .select([day.as('day'), 'status'])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .groupBy([day, 'status'])
      .execute(),
    // A re-run (or backfill) of a period replaces its master rows and its posted file: count each
    // period once, as its latest successful collect and its latest successful post to each target.
    db
      .selectFrom('collect_tasks')
      .select('config_id')
      .select((eb) => [eb.fn.sum<number>('rows_mastered').as('mastered'), eb.fn.sum<number>('rows_posted').as('posted')])
      .where(
        'id',
        'in',
        inPeriod
          .select((eb) => eb.fn.max('id').as('id'))
          .where('status', '=', 'SUCCESS')
          .groupBy(['task_kind', 'config_id', 'post_config_id', 'period_from', 'period_to']),
      )
      .groupBy('config_id')
      .execute(),
    db
      .selectFrom('collect_configs')
      .leftJoin('collect_schedules', (join) => join.onRef('collect_schedules.config_id', '=', 'collect_configs.id').on('collect_schedules.in_use', '=', 'Y'))
      .select(['collect_configs.id', 'collect_configs.metric_name', 'collect_configs.data_type_code', 'collect_configs.in_use', 'collect_configs.suspended_flag', 'collect_configs.updated_at'])
      .select((eb) => eb.fn.min('collect_schedules.next_run_at').as('scheduled'))
      .groupBy(['collect_configs.id', 'collect_configs.metric_name', 'collect_configs.data_type_code', 'collect_configs.in_use', 'collect_configs.suspended_flag', 'collect_configs.updated_at'])
      .orderBy('collect_configs.id')
      .execute(),
    db
      .selectFrom('collect_tasks')
      .select('config_id')
      .select((eb) => [
        eb.fn.sum<number>(sql`case when created_at >= ${new Date(now.getTime() - HOUR_MS).toISOString()} then 1 else 0 end`).as('hourly'),
        eb.fn.sum<number>(sql`case when created_at >= ${new Date(now.getTime() - 7 * 24 * HOUR_MS).toISOString()} then 1 else 0 end`).as('weekly'),
        eb.fn.countAll<number>().as('monthly'),
        eb.fn.max('updated_at').as('lastUpdate'),
      ])
      .where('task_kind', '=', 'COLLECT')
      .where('created_at', '>=', new Date(now.getTime() - 30 * 24 * HOUR_MS).toISOString())
      .groupBy('config_id')
      .execute(),
    db
      .selectFrom('post_configs')
      .select('data_type_code')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('in_use', '=', 'Y')
      .groupBy('data_type_code')
      .execute(),
    db
      .selectFrom('collect_tasks')
      .select(['config_id', 'status', 'updated_at', 'attempt', 'run_after'])
      .where(
        'id',
        'in',
        db
          .selectFrom('collect_tasks')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('task_kind', '=', 'COLLECT')
          .groupBy('config_id'),
      )
      .execute(),
    db.selectFrom('collect_tasks').select('id').where('status', 'in', ['PENDING', 'STARTED']).limit(1).executeTakeFirst(),
  ]);

  const count = (status: string) => Number(byStatus.find((row) => row.status === status)?.count ?? 0);
  const succeeded = count('SUCCESS');
  const failed = count('ERROR');
  const totalMastered = perConfig.reduce((sum, row) => sum + Number(row.mastered ?? 0), 0);
  const totalPosted = perConfig.reduce((sum, row) => sum + Number(row.posted ?? 0), 0);

  const tasksPerDay = daysOf(from, to).map((date) => {
    const entry = { day: date, PENDING: 0, STARTED: 0, SUCCESS: 0, ERROR: 0 };
    for (const row of perDay) if (row.day === date && row.status in entry) entry[row.status as TaskStatus] = Number(row.count);
    return entry;
  });

  const shown = configs.filter((config) => (filter.configId === undefined || config.id === filter.configId) && (filter.processId === undefined || processIdOf(config.id) === filter.processId));
  const processes: CollectProcessRow[] = shown.map((config) => {
    const period = perConfig.find((row) => row.config_id === config.id);
    const activity = recent.find((row) => row.config_id === config.id);
    const last = latest.find((row) => row.config_id === config.id);
    return {
      processId: `P${config.id}`,
      configId: config.id,
      metricName: config.metric_name,
      dataType: config.data_type_code,
      hourly: Number(activity?.hourly ?? 0),
      weekly: Number(activity?.weekly ?? 0),
      monthly: Number(activity?.monthly ?? 0),
      scheduled: config.in_use === 'Y' && config.suspended_flag === 'N' ? ((config.scheduled as string | null) ?? null) : null,
      mastered: Number(period?.mastered ?? 0),
      posted: Number(period?.posted ?? 0),
      targets: Number(targets.find((row) => row.data_type_code === config.data_type_code)?.count ?? 0),
      updatedAt: (activity?.lastUpdate as string | undefined) ?? last?.updated_at ?? null,
      status: config.suspended_flag === 'Y' ? 'SUSPENDED' : ((last?.status as TaskStatus | undefined) ?? null),
      // A failed attempt with attempts left goes back to PENDING with a later run_after: a retry, not a new task.
      retryAt: config.suspended_flag === 'N' && last?.status === 'PENDING' && Number(last.attempt) > 0 ? last.run_after : null,
    };
  });

  return {
    from,
    to,
    totalMastered,
    totalPosted,
    failedTask: failed,
    successRate: succeeded + failed ? Math.round((succeeded / (succeeded + failed)) * 1000) / 10 : null,
    tasksPerDay,
    processes,
    running: Boolean(running),
  };
}
