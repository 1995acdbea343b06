import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, masterInfoListResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { success } from '../../http/envelope';
import { listMasterInfo } from './queries';

const filterQuery = z.object({ dataType: z.string().max(20).optional(), dataSource: z.string().max(20).optional() });

/** /api/master-info: the seeded master schemas, read-only, shown beside the manual upload. */
export async function masterInfoModule(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/master-info', { onRequest: requireRank(AREA_RANK.project), schema: { querystring: filterQuery, response: { 200: masterInfoListResponse } } }, async (request) => {
    return success(await listMasterInfo(db, request.query));
  });
}
