import type { z } from 'zod';
import type { CollectConfig, CollectField, CollectSchedule, collectConfigInput, ScheduleType, SourceMethod, TaskStatus, WeekDay } from '../../../src/shared';
import type { Db } from '../../db/database';
import type { CrudStore } from '../../db/store';
import { listPage } from '../../db/list-page';
import { nextRunAfter } from '../jobs/schedule-times';

export type CollectConfigValues = z.output<typeof collectConfigInput>;

const columns = [
  'collect_configs.id',
  'collect_configs.metric_name',
  'collect_configs.advertiser_code',
  'collect_configs.data_type_code',
  'collect_configs.source_type',
  'collect_configs.source_name',
  'collect_configs.source_location',
  'collect_configs.source_method',
  'collect_configs.market_account_id',
  'collect_configs.key_name',
  'collect_configs.config_data',
  'collect_configs.alert_recipients',
  'collect_configs.in_use',
  'collect_configs.suspended_flag',
  'collect_configs.suspended_at',
  'collect_configs.failure_streak',
  'collect_configs.created_at',
  'collect_configs.updated_at',
  'market_accounts.name as market_account_name',
  'advertisers.name as advertiser_name',
] as const;

const base = (db: Db) =>
  db
    .selectFrom('collect_configs')
    .leftJoin('market_accounts', 'market_accounts.id', 'collect_configs.market_account_id')
    .leftJoin('advertisers', 'advertisers.code', 'collect_configs.advertiser_code');

type ConfigRow = Awaited<ReturnType<ReturnType<typeof selectConfigs>['execute']>>[number];
const selectConfigs = (db: Db) => base(db).select(columns);

/** Adds fields, schedules and the latest task status: three queries for a whole page. */
async function present(db: Db, rows: ConfigRow[]): Promise<CollectConfig[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [fields, schedules, latest] = await Promise.all([
    db.selectFrom('collect_config_fields').selectAll().where('config_id', 'in', ids).orderBy('config_id').orderBy('sort_no').execute(),
    db.selectFrom('collect_schedules').selectAll().where('config_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('collect_tasks')
      .select(['config_id', 'status', 'attempt', 'run_after'])
      .where(
        'id',
        'in',
        db
          .selectFrom('collect_tasks')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('config_id', 'in', ids)
          .where('task_kind', '=', 'COLLECT')
          .groupBy('config_id'),
      )
      .execute(),
  ]);
  const last = (configId: number) => latest.find((task) => task.config_id === configId);
  return rows.map((row) => {
    const ownSchedules: CollectSchedule[] = schedules
      .filter((schedule) => schedule.config_id === row.id)
      .map((schedule) => ({
        id: schedule.id,
        scheduleType: schedule.schedule_type as ScheduleType,
        scheduledTime: schedule.scheduled_time,
        scheduledDay: schedule.scheduled_day as WeekDay | null,
        timeZone: schedule.time_zone,
        startAt: schedule.start_at,
        endAt: schedule.end_at,
        inUse: schedule.in_use,
        nextRunAt: schedule.next_run_at,
      }));
    const upcoming = ownSchedules
      .filter((schedule) => schedule.inUse === 'Y' && schedule.nextRunAt)
      .map((schedule) => schedule.nextRunAt!)
      .sort();
    return {
      id: row.id,
      configId: row.id,
      metricName: row.metric_name,
      advertiser: row.advertiser_code,
      advertiserName: row.advertiser_name ?? null,
      dataType: row.data_type_code,
      sourceType: row.source_type as CollectConfig['sourceType'],
      sourceName: row.source_name,
      sourceLocation: row.source_location,
      sourceMethod: JSON.parse(row.source_method) as SourceMethod,
      marketAccountId: row.market_account_id,
      marketAccountName: row.market_account_name ?? null,
      keyName: row.key_name,
      configData: JSON.parse(row.config_data),
      alertRecipients: JSON.parse(row.alert_recipients),
      fields: fields
        .filter((field) => field.config_id === row.id)
        .map((field): CollectField => ({ field: field.field, code: field.code, type: field.type as CollectField['type'], fieldFlag: field.field_flag, masterFlag: field.master_flag })),
      schedules: ownSchedules,
      inUse: row.in_use,
      suspended: row.suspended_flag,
      suspendedAt: row.suspended_at,
      failureStreak: row.failure_streak,
      nextRunAt: row.in_use === 'Y' && row.suspended_flag === 'N' ? (upcoming[0] ?? null) : null,
      lastTaskStatus: (last(row.id)?.status as TaskStatus | undefined) ?? null,
      // As the board's process row says it: a failed attempt with attempts left waits in PENDING until run_after.
      lastTaskRetryAt: last(row.id)?.status === 'PENDING' && Number(last(row.id)?.attempt) > 0 ? (last(row.id)?.run_after ?? null) : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

export async function findCollectConfig(db: Db, id: number): Promise<CollectConfig | undefined> {
  const row = await selectConfigs(db).where('collect_configs.id', '=', id).executeTakeFirst();
  return row ? (await present(db, [row]))[0] : undefined;
}

/** Writes a config with its fields and schedules in one transaction; schedules get their next due time from `now`. */
export function saveCollectConfig(db: Db, input: CollectConfigValues, now: Date, id?: number): Promise<number | undefined> {
  const nowIso = now.toISOString();
  const values = {
    metric_name: input.metricName,
    advertiser_code: input.advertiser,
    data_type_code: input.dataType,
    source_type: input.sourceType,
    source_name: input.sourceName ?? null,
    source_location: input.sourceLocation,
    source_method: JSON.stringify(input.sourceMethod),
    market_account_id: input.marketAccountId ?? null,
    key_name: input.keyName || null,
    config_data: JSON.stringify(input.configData),
    alert_recipients: JSON.stringify(input.alertRecipients),
    in_use: input.inUse,
    updated_at: nowIso,
  };
  return db.transaction().execute(async (trx) => {
    let configId = id;
    if (configId === undefined) {
      configId = (
        await trx
          .insertInto('collect_configs')
          .values({ ...values, created_at: nowIso })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const updated = await trx.updateTable('collect_configs').set(values).where('id', '=', configId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return undefined;
      await trx.deleteFrom('collect_config_fields').where('config_id', '=', configId).execute();
    }
    await trx
      .insertInto('collect_config_fields')
      .values(
        input.fields.map((field, sortNo) => ({
          config_id: configId,
          sort_no: sortNo,
          field: field.field,
          code: field.code,
          type: field.type,
          field_flag: field.fieldFlag,
          master_flag: field.masterFlag,
        })),
      )
      .execute();

    // Schedules keep their ids (tasks refer to them); the ones not sent are removed.
    const kept = input.schedules.flatMap((schedule) => (schedule.id ? [schedule.id] : []));
    let removal = trx.deleteFrom('collect_schedules').where('config_id', '=', configId);
    if (kept.length) removal = removal.where('id', 'not in', kept);
    await removal.execute();
    for (const schedule of input.schedules) {
      const timing = {
        schedule_type: schedule.scheduleType,
        scheduled_time: schedule.scheduledTime,
        scheduled_day: schedule.scheduleType === 'WEEKLY' ? (schedule.scheduledDay ?? null) : null,
        time_zone: schedule.timeZone,
        start_at: schedule.startAt,
        end_at: schedule.endAt ?? null,
      };
      const row = { ...timing, in_use: schedule.inUse, next_run_at: nextRunAfter(timing, now)?.toISOString() ?? null };
      const updated = schedule.id ? await trx.updateTable('collect_schedules').set(row).where('id', '=', schedule.id).where('config_id', '=', configId).executeTakeFirst() : undefined;
      if (!updated || Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto('collect_schedules')
          .values({ ...row, config_id: configId })
          .execute();
    }
    return configId;
  });
}

/** Lets a suspended config run again: its failure streak starts over. */
export async function resumeCollectConfig(db: Db, id: number, nowIso: string): Promise<void> {
  await db.updateTable('collect_configs').set({ suspended_flag: 'N', suspended_at: null, failure_streak: 0, updated_at: nowIso }).where('id', '=', id).execute();
}

/** The market account a source names: who it is, where its secret may go, and whether it holds one. */
export async function findSourceAccount(db: Db, id: number): Promise<{ name: string; allowedHosts: string[]; hasSecret: boolean } | undefined> {
  const account = await db.selectFrom('market_accounts').select(['name', 'allowed_hosts', 'secret_enc']).where('id', '=', id).executeTakeFirst();
  return account && { name: account.name, allowedHosts: JSON.parse(account.allowed_hosts) as string[], hasSecret: Boolean(account.secret_enc) };
}

/** Removes a config with its tasks, logs and mastered rows. */
async function deleteCollectConfig(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('master_rows').where('config_id', '=', id).execute();
    await trx
      .deleteFrom('collect_task_logs')
      .where('task_id', 'in', trx.selectFrom('collect_tasks').select('id').where('config_id', '=', id))
      .execute();
    await trx.deleteFrom('collect_tasks').where('config_id', '=', id).execute();
    await trx.deleteFrom('collect_configs').where('id', '=', id).execute();
  });
}

/** Collect configs for crudRoutes: a config with its fields, schedules (next run times from the write's time) and latest task status. */
export function collectConfigStore(db: Db): CrudStore<CollectConfigValues, CollectConfig, number> {
  return {
    columns: { advertiser: 'advertiser_code', dataType: 'data_type_code', suspended: 'suspended_flag' },
    table: 'collect_configs',
    async list(request) {
      const page = await listPage(base(db), request, (query) => query.select(columns), 'collect_configs.id', { db });
      return { ...page, list: await present(db, page.list as ConfigRow[]) };
    },
    find: (id) => findCollectConfig(db, id),
    insert: async (input, now) => (await saveCollectConfig(db, input, new Date(now)))!,
    update: async (id, input, now) => (await saveCollectConfig(db, input, new Date(now), id)) !== undefined,
    remove: (_row, id) => deleteCollectConfig(db, id),
  };
}
