import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AREA_RANK, collectStatusQuery, collectStatusResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { parseJson, parseListQuery } from '../../http/list-query';
import { whereOf } from '../../db/list-page';
import { addDays } from '../jobs/schedule-times';
import { taskListSpec } from '../tasks/queries';
import { collectStatus } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

const MAX_DAYS = 366;

/** /api/collect-status: the Collecting status board (rank 2). */
export async function collectStatusModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.collectData));

  routes.get('/collect-status', { schema: { querystring: collectStatusQuery, response: { 200: collectStatusResponse } } }, async (request) => {
    const now = clock.now();
    const to = request.query.to ?? now.toISOString().slice(0, 10);
    const from = request.query.from ?? addDays(to, -6);
    if (to < from) throw validationError([{ field: 'to', message: sentence('collect.theEndDateMustNot') }]);
    if (addDays(from, MAX_DAYS) <= to) throw validationError([{ field: 'from', message: sentence('collect.chooseAtMostDays', { MAX_DAYS }) }]);
    return success(await collectStatus(db, { from, to, ...taskFilter(request.query.filter) }, now));
  });
}

/** The task list's filter (the same spec, so the same 400s) without its period: the board's from/to are the period. */
function taskFilter(raw: string | undefined) {
  const filter = parseJson(raw, 'filter') ?? {};
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw validationError([{ field: 'filter', message: 'filter must be a JSON object such as {"configId":7}.' }]);
  const { from: _from, to: _to, ...rest } = filter as Record<string, unknown>;
  const where = whereOf(parseListQuery({ filter: JSON.stringify(rest) }, taskListSpec));
  const configId = rest.configId === undefined || rest.configId === '' ? undefined : Number(rest.configId);
  const processId = typeof rest.processId === 'string' && rest.processId ? rest.processId : undefined;
  return { where, configId, processId };
}
