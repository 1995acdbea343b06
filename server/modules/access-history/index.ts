import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessStatsResponse, accessStatsQuery } from '../../../src/shared';
import { accessHistoryResource } from '../../../src/shared/resources/access-history';
import { isoNow } from '../../clock';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { scopeOf } from '../users/scope';
import { ACCESS_HISTORY_COLUMNS, accessStats, listAccessHistory, parseRange } from './queries';

const DEFAULT_STATS_DAYS = 30;

/** /api/access-history: sign-ins, dashboard views, project creations and uploads (User Management, rank ≤ 4), each caller seeing the accounts of their scope. */
export async function accessHistoryModule(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const { readers } = crudRoutes(app, accessHistoryResource, {
    store: {
      ...ACCESS_HISTORY_COLUMNS,
      list: async (list, request) => listAccessHistory(ctx.db, await scopeOf(ctx.db, request.admin!), list),
      // The declaration has no get: the list is the whole screen.
    },
  });

  routes.get('/access-history/stats', { ...readers, schema: { querystring: accessStatsQuery, response: { 200: accessStatsResponse } } }, async (request) => {
    const { adminId } = request.query;
    const today = isoNow(ctx.clock).slice(0, 10);
    const to = request.query.to ?? today;
    const from = request.query.from ?? new Date(Date.parse(to.slice(0, 10)) - (DEFAULT_STATS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const range = parseRange(from, to);
    return success(await accessStats(ctx.db, await scopeOf(ctx.db, request.admin!), range, adminId));
  });
}
