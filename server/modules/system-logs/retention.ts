import type { AppContext } from '../../context';
import { isoDaysAgo, isoNow } from '../../clock';
import { DEFAULT_RETENTION_DAYS } from '../../../src/shared';

const SETTING_KEY = 'systemLogRetentionDays';
const PRUNE_BATCH = 10_000;
export const PRUNE_INTERVAL_MS = 60 * 60_000;

export async function retentionDays(ctx: AppContext): Promise<number> {
  const row = await ctx.db.selectFrom('app_settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirst();
  return row ? Number(row.value) : DEFAULT_RETENTION_DAYS;
}

export async function setRetentionDays(ctx: AppContext, days: number): Promise<void> {
  const now = isoNow(ctx.clock);
  await ctx.db
    .insertInto('app_settings')
    .values({ key: SETTING_KEY, value: String(days), updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: String(days), updated_at: now }))
    .execute();
}

/** How many rows a retention of `days` would delete now: what the settings screen asks before saving. */
export async function countPrunable(ctx: AppContext, days: number): Promise<{ cutoff: string; rowsToDelete: number }> {
  const cutoff = isoDaysAgo(ctx.clock, days);
  const row = await ctx.db
    .selectFrom('system_logs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('request_at', '<', cutoff)
    .executeTakeFirstOrThrow();
  return { cutoff, rowsToDelete: Number(row.count) };
}

/**
 * Deletes rows older than the retention period in batches, so one prune never holds the
 * single SQLite writer for long. Answers how many rows went.
 */
export async function pruneSystemLog(ctx: AppContext): Promise<number> {
  const cutoff = isoDaysAgo(ctx.clock, await retentionDays(ctx));
  let removed = 0;
  for (;;) {
    const batch = await ctx.db
      .deleteFrom('system_logs')
      .where('id', 'in', (eb) => eb.selectFrom('system_logs').select('id').where('request_at', '<', cutoff).limit(PRUNE_BATCH))
      .executeTakeFirst();
    const deleted = Number(batch.numDeletedRows);
    removed += deleted;
    if (deleted < PRUNE_BATCH) return removed;
  }
}
