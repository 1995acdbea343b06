import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, masterInfoListResponse, type MasterInfo } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { success } from '../../http/envelope';

const filterQuery = z.object({ dataType: z.string().max(20).optional(), dataSource: z.string().max(20).optional() });

/** /api/master-info: the seeded master schemas, read-only, shown beside the manual upload. */
export async function masterInfoModule(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/master-info', { onRequest: requireRank(AREA_RANK.project), schema: { querystring: filterQuery, response: { 200: masterInfoListResponse } } }, async (request) => {
    let query = db.selectFrom('master_infos').selectAll().orderBy('data_type_code').orderBy('metric');
    if (request.query.dataType) query = query.where('data_type_code', '=', request.query.dataType.toUpperCase());
    if (request.query.dataSource) query = query.where('data_source', '=', request.query.dataSource.toUpperCase());
    const infos = await query.execute();
    const headers = infos.length
      ? await db.selectFrom('master_info_headers').selectAll().where('master_info_id', 'in', infos.map((info) => info.id)).orderBy('master_info_id').orderBy('sort_no').execute()
      : [];
    const list: MasterInfo[] = infos.map((info) => ({
      id: info.id, metric: info.metric, dataSource: info.data_source, dataType: info.data_type_code,
      headers: headers.filter((header) => header.master_info_id === info.id).map((header) => ({ field: header.field, type: header.field_type as MasterInfo['headers'][number]['type'] })),
    }));
    return success(list);
  });
}
