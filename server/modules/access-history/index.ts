import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessStatsQuery, AREA_RANK } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { validationError } from '../../http/app-error';
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

  routes.get('/access-history', { schema: { querystring: listQuerystring } }, async (request) => {
    const listRequest = parseListQuery(request.query, accessHistoryListSpec);
    // from/to become whole-day ISO bounds (and an inverted range a 400) before they reach SQL.
    const { from, to } = listRequest.conditions.reduce<Record<string, unknown>>((bounds, condition) => {
      if (condition.column === 'access_history.occurred_at') bounds[condition.kind === 'gte' ? 'from' : 'to'] = condition.value;
      return bounds;
    }, {});
    const range = parseRange(from, to, 'filter.');
    listRequest.conditions = listRequest.conditions
      .filter((condition) => condition.column !== 'access_history.occurred_at')
      .concat(range.from ? [{ column: 'access_history.occurred_at', kind: 'gte', value: range.from }] : [])
      .concat(range.to ? [{ column: 'access_history.occurred_at', kind: 'lte', value: range.to }] : []);
    const successFilter = listRequest.conditions.find((condition) => condition.column === 'access_history.success_flag');
    if (successFilter && successFilter.value !== 'Y' && successFilter.value !== 'N') throw validationError([{ field: 'filter.success', message: 'success must be Y or N.' }]);
    return success(await listAccessHistory(ctx.db, await scopeOf(ctx.db, request.admin!), listRequest));
  });

  routes.get('/access-history/stats', { schema: { querystring: accessStatsQuery } }, async (request) => {
    const { adminId } = request.query;
    const today = isoNow(ctx.clock).slice(0, 10);
    const to = request.query.to ?? today;
    const from = request.query.from ?? new Date(Date.parse(to.slice(0, 10)) - (DEFAULT_STATS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const range = parseRange(from, to) as Required<ReturnType<typeof parseRange>>;
    return success(await accessStats(ctx.db, await scopeOf(ctx.db, request.admin!), range, adminId));
  });
}
