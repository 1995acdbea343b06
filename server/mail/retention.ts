import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isoDaysAgo } from '../clock';
import type { AppContext } from '../context';

const PRUNE_INTERVAL_MS = 60 * 60_000;

/** Deletes outbox rows older than mailRetentionDays; answers how many went. */
export async function pruneMailOutbox(ctx: AppContext): Promise<number> {
  const cutoff = isoDaysAgo(ctx.clock, ctx.config.mailRetentionDays);
  const pruned = await ctx.db.deleteFrom('mail_outbox').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(pruned.numDeletedRows);
}

/** The outbox is pruned at start and every hour, like the system log, so old mails do not pile up in backups. */
export const mailRetention = fp(async (app: FastifyInstance) => {
  const prune = () => pruneMailOutbox(app.ctx).catch((error: unknown) => void app.log.error({ err: error }, 'mail outbox prune failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
