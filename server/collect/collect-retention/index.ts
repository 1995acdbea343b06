import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AREA_RANK,
  collectRetentionInput,
  collectRetentionParams,
  collectRetentionPreviewQuery,
  collectRetentionResponse,
  retentionPreviewResponse,
  retentionSavedResponse,
} from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { success } from '../../http/envelope';
import { recordReaders, snapshotOf } from '../../http/record-readers';
import { collectRetention, countCollectPrunable, pruneCollectKind, setCollectRetention } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

const WHAT = { tasks: sentence('collect.finishedTasks'), 'master-rows': sentence('collect.masterRows') } as const;

/**
 * /api/collect-retention (rank 1, like the system log's retention): how long finished tasks and
 * master rows are kept. The hourly sweep runs with the system log's (system-logs/index.ts).
 */
export async function collectRetentionModule(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.systemSetting));

  routes.get('/collect-retention', { schema: { response: { 200: collectRetentionResponse } } }, async () => success(await collectRetention(ctx.db)));
  // The same read as a function call, for the activity log of its saves (this module's rank already held by the save).
  recordReaders(ctx).set('collect-retention', async () => snapshotOf(collectRetentionResponse, success(await collectRetention(ctx.db))));

  // A dry run: how many rows saving `days` would delete now, so the screen can say so and ask first.
  routes.get(
    '/collect-retention/:kind/preview',
    { schema: { params: collectRetentionParams, querystring: collectRetentionPreviewQuery, response: { 200: retentionPreviewResponse } } },
    async (request) => success(await countCollectPrunable(ctx, request.params.kind, request.query.days)),
  );

  routes.put('/collect-retention/:kind', { schema: { params: collectRetentionParams, body: collectRetentionInput, response: { 200: retentionSavedResponse } } }, async (request) => {
    const { kind } = request.params;
    const { retentionDays } = request.body;
    await setCollectRetention(ctx, kind, retentionDays);
    const removed = await pruneCollectKind(ctx, kind);
    return success({ retentionDays, removed }, sentence('collect.olderThanDaysAreRemoved', { WHAT: WHAT[kind], retentionDays, removed }));
  });
}
