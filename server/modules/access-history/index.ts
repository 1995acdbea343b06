import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessHistoryListResponse, accessStatsResponse, accessStatsQuery, AREA_RANK } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { success } from '../../http/envelope';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { scopeOf } from '../users/scope';
import { accessHistoryListSpec, accessStats, listAccessHistory, parseRange } from './queries';

const DEFAULT_STATS_DAYS = 30;

/** /api/access-history: sign-ins, dashboard views, project creations and uploads (User Management, rank ≤ 4, scoped). */
export async function accessHistoryModule(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.userManagement));

  routes.get('/access-history', { schema: { querystring: listQuerystring, response: { 200: accessHistoryListResponse } } }, async (request) => {
    const listRequest = parseListQuery(request.query, accessHistoryListSpec);
    return success(await listAccessHistory(ctx.db, await scopeOf(ctx.db, request.admin!), listRequest));
  });

  routes.get('/access-history/stats', { schema: { querystring: accessStatsQuery, response: { 200: accessStatsResponse } } }, async (request) => {
    const { adminId } = request.query;
    const today = isoNow(ctx.clock).slice(0, 10);
    const to = request.query.to ?? today;
    const from = request.query.from ?? new Date(Date.parse(to.slice(0, 10)) - (DEFAULT_STATS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const range = parseRange(from, to);
    return success(await accessStats(ctx.db, await scopeOf(ctx.db, request.admin!), range, adminId));
  });
}
