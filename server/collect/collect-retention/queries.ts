import { sql } from 'kysely';
import type { CollectRetentionKind, CollectRetentionSettings, RetentionPreview } from '../../../src/shared';
import type { AppContext } from '../../context';
import { unhurried, type Db } from '../../db/database';
import { isoDaysAgo, isoNow } from '../../clock';

const SETTING_KEYS: Record<CollectRetentionKind, string> = { tasks: 'taskRetentionDays', 'master-rows': 'masterRowRetentionDays' };
/** Only finished tasks go: a pending or running task is still the scheduler's. */
const FINISHED = ['SUCCESS', 'ERROR'];

export async function collectRetention(db: Db): Promise<CollectRetentionSettings> {
  const rows = await db.selectFrom('app_settings').select(['key', 'value']).where('key', 'in', Object.values(SETTING_KEYS)).execute();
  const valueOf = (kind: CollectRetentionKind) => rows.find((row) => row.key === SETTING_KEYS[kind])?.value;
  return { tasks: toDays(valueOf('tasks')), 'master-rows': toDays(valueOf('master-rows')) };
}

const toDays = (value: string | undefined) => (value === undefined ? null : Number(value));

export async function setCollectRetention(ctx: AppContext, kind: CollectRetentionKind, days: number): Promise<void> {
  const now = isoNow(ctx.clock);
  await ctx.db
    .insertInto('app_settings')
    .values({ key: SETTING_KEYS[kind], value: String(days), updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(days), updated_at: now }))
    .execute();
}

/**
 * What a retention of `days` compares: a task's creation time against the instant, a master
 * row's period end (a day) against the instant's day.
 */
function cutoffOf(ctx: AppContext, kind: CollectRetentionKind, days: number): string {
  const instant = isoDaysAgo(ctx.clock, days);
  return kind === 'tasks' ? instant : instant.slice(0, 10);
}

function oldTasks(db: Db, cutoff: string) {
  return db.selectFrom('collect_tasks').where('created_at', '<', cutoff).where('status', 'in', FINISHED);
}

function oldMasterRows(db: Db, cutoff: string) {
  return db.selectFrom('master_rows').where('period_to', '<', cutoff);
}

/** How many rows a retention of `days` would delete now: what the screen asks before saving. */
export async function countCollectPrunable(ctx: AppContext, kind: CollectRetentionKind, days: number): Promise<RetentionPreview> {
  const cutoff = cutoffOf(ctx, kind, days);
  const count = sql<number | string>`count(*)`.as('count');
  const row = kind === 'tasks' ? await oldTasks(ctx.db, cutoff).select(count).executeTakeFirstOrThrow() : await oldMasterRows(ctx.db, cutoff).select(count).executeTakeFirstOrThrow();
  return { retentionDays: days, cutoff, rowsToDelete: Number(row.count) };
}

/** Deletes what the kind's retention lets go, in one transaction (a task goes with its log lines); answers how many rows went. */
export async function pruneCollectKind(ctx: AppContext, kind: CollectRetentionKind): Promise<number> {
  const days = (await collectRetention(ctx.db))[kind];
  if (days === null) return 0;
  const cutoff = cutoffOf(ctx, kind, days);
  return unhurried(ctx.db, async (trx) => {
    if (kind === 'master-rows') return Number((await trx.deleteFrom('master_rows').where('period_to', '<', cutoff).executeTakeFirst()).numDeletedRows);
    await trx.deleteFrom('collect_task_logs').where('task_id', 'in', oldTasks(trx, cutoff).select('id')).execute();
    return Number((await trx.deleteFrom('collect_tasks').where('id', 'in', oldTasks(trx, cutoff).select('id')).executeTakeFirst()).numDeletedRows);
  });
}

/** The hourly sweep, run beside the system log's. */
export async function pruneCollectHistory(ctx: AppContext): Promise<{ tasks: number; masterRows: number }> {
  return { tasks: await pruneCollectKind(ctx, 'tasks'), masterRows: await pruneCollectKind(ctx, 'master-rows') };
}
