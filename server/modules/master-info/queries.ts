import type { MasterInfo } from '../../../src/shared';
import type { Db } from '../../db/database';

/** The master schemas with their headers, by data type and metric; codes are matched in upper case. */
export async function listMasterInfo(db: Db, filter: { dataType?: string; dataSource?: string }): Promise<MasterInfo[]> {
  let query = db.selectFrom('master_infos').selectAll().orderBy('data_type_code').orderBy('metric');
  if (filter.dataType) query = query.where('data_type_code', '=', filter.dataType.toUpperCase());
  if (filter.dataSource) query = query.where('data_source', '=', filter.dataSource.toUpperCase());
  const infos = await query.execute();
  const headers = infos.length
    ? await db
        .selectFrom('master_info_headers')
        .selectAll()
        .where(
          'master_info_id',
          'in',
          infos.map((info) => info.id),
        )
        .orderBy('master_info_id')
        .orderBy('sort_no')
        .execute()
    : [];
  return infos.map((info) => ({
    id: info.id,
    metric: info.metric,
    dataSource: info.data_source,
    dataType: info.data_type_code,
    headers: headers.filter((header) => header.master_info_id === info.id).map((header) => ({ field: header.field, type: header.field_type as MasterInfo['headers'][number]['type'] })),
  }));
}
