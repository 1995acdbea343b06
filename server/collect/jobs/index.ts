import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CollectScheduler } from './scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    collectScheduler: CollectScheduler;
  }
}

/** Creates the collect scheduler of this instance, sweeps leftover work folders and starts it once the app is ready, stops it on close. */
export const collectJobs = fp(async (app: FastifyInstance) => {
  const scheduler = new CollectScheduler(app.ctx, app.log);
  app.decorate('collectScheduler', scheduler);
  app.addHook('onReady', async () => {
    await scheduler.sweepWork();
    scheduler.start();
  });
  // preClose: before the database closes, so a running task can settle or hand its lease back.
  app.addHook('preClose', async () => scheduler.stop());
});
