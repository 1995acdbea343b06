import { sql } from 'kysely';
import { COLLECT_ALERT_PROCEDURES, type TaskErrorId } from '../../../src/shared';
import { serverTextFor } from '../../http/reader-language';
import type { AppContext } from '../../context';
import { isoNow } from '../../clock';
import { displayName } from '../../auth/accounts';
import { sendAlertMail } from '../alert-mails/render';
import { failureSummary } from '../alert-mails/summaries';
import type { TaskRow } from './task-store';

/**
 * Counts a task that ended in ERROR against its config's failure streak (the post config's for a
 * posting task). Only the first failure of a streak mails, so retries and repeated runs of a
 * broken config send one alert until it succeeds again; N failures in a row suspend the collect config.
 */
export async function recordFailure(ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'clock'>, task: TaskRow, errorId: TaskErrorId, errorText: string): Promise<void> {
  const { db, config } = ctx;
  const now = isoNow(ctx.clock);
  let streak: number;
  if (task.task_kind === 'POST' && task.post_config_id) {
    await db
      .updateTable('post_configs')
      .set({ failure_streak: sql`failure_streak + 1` })
      .where('id', '=', task.post_config_id)
      .execute();
    streak = (await db.selectFrom('post_configs').select('failure_streak').where('id', '=', task.post_config_id).executeTakeFirst())?.failure_streak ?? 1;
  } else {
    await db
      .updateTable('collect_configs')
      .set({ failure_streak: sql`failure_streak + 1` })
      .where('id', '=', task.config_id)
      .execute();
    streak = (await db.selectFrom('collect_configs').select('failure_streak').where('id', '=', task.config_id).executeTakeFirst())?.failure_streak ?? 1;
    if (streak >= config.collect.suspendAfter) {
      await db.updateTable('collect_configs').set({ suspended_flag: 'Y', suspended_at: now }).where('id', '=', task.config_id).where('suspended_flag', '=', 'N').execute();
    }
  }
  if (streak !== 1) return;
  const collectConfig = await db.selectFrom('collect_configs').select(['alert_recipients', 'metric_name']).where('id', '=', task.config_id).executeTakeFirst();
  const recipients: string[] = collectConfig ? JSON.parse(collectConfig.alert_recipients) : [];
  const procedure = task.task_kind === 'POST' ? COLLECT_ALERT_PROCEDURES.post : COLLECT_ALERT_PROCEDURES.collect;
  const configName = collectConfig?.metric_name ?? `#${task.config_id}`;
  const names = await recipientNames(ctx.db, recipients);
  for (const to of recipients) {
    await sendAlertMail(ctx, to, {
      procedure,
      errorId,
      values: {
        name: names.get(to.toLowerCase()) ?? to,
        taskId: String(task.id),
        configId: String(task.config_id),
        configName,
        // In each recipient's zone (the server's for an outside address), named: docs/decisions.md.
        occurredAt: { at: now },
        detail: { en: serverTextFor(errorText, 'en'), ko: serverTextFor(errorText, 'ko') },
        summary: failureSummary(task.task_kind === 'POST' ? 'POST' : 'COLLECT', configName, errorId),
        link: `${config.publicUrl}/tasks/${task.id}/show`,
      },
    });
  }
}

/** The console users among the recipients by address (lower case), each greeted by name; anyone else by the address. */
async function recipientNames(db: AppContext['db'], recipients: string[]): Promise<Map<string, string>> {
  if (!recipients.length) return new Map();
  const addresses = recipients.map((to) => to.toLowerCase());
  const accounts = await db.selectFrom('admins').select(['email', 'first_name', 'last_name']).where('email', 'in', addresses).execute();
  return new Map(accounts.map((account) => [account.email, displayName(account) || account.email]));
}

/** A success ends the streak, so the next failure alerts again. */
export async function recordSuccess(ctx: Pick<AppContext, 'db'>, task: TaskRow): Promise<void> {
  if (task.task_kind === 'POST' && task.post_config_id)
    await ctx.db.updateTable('post_configs').set({ failure_streak: 0 }).where('id', '=', task.post_config_id).where('failure_streak', '>', 0).execute();
  else await ctx.db.updateTable('collect_configs').set({ failure_streak: 0 }).where('id', '=', task.config_id).where('failure_streak', '>', 0).execute();
}
