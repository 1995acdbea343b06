import type { Db } from '../../server/db/database';

const AT = '2026-01-01T00:00:00.000Z';

/** Dataset rows written as a commit writes them (a JSON array in column order), with the count the commit keeps. */
export async function fillDataset(db: Db, datasetId: number, rows: (string | null)[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('dataset_rows')
      .values(rows.slice(start, start + 500).map((values, index) => ({ dataset_id: datasetId, row_key: `k${start + index}`, upload_id: 1, row_values: JSON.stringify(values) })))
      .execute();
  }
  await db.updateTable('datasets').set({ row_count: rows.length }).where('id', '=', datasetId).execute();
}

export type MasterField = [code: string, type: 'STRING' | 'NUMBER' | 'DATE'];

/** A collect config of a metric with its fields, and master rows as a run stores them; answers the config's id. */
export async function masterTable(db: Db, metric: string, dataType: string, fields: MasterField[], rows: Record<string, string | number | null>[], periodTo = '2026-01-01'): Promise<number> {
  const { id } = await db
    .insertInto('collect_configs')
    .values({
      metric_name: metric,
      advertiser_code: 'ADV',
      data_type_code: dataType,
      source_type: 'API',
      source_name: 'Source',
      source_location: 'https://source.example.com/report',
      source_method: JSON.stringify({ httpMethod: 'GET', headers: [], responseFormat: 'JSON', rowsPath: 'rows', pagination: { type: 'NONE' }, timeoutMs: 30_000 }),
      market_account_id: null,
      key_name: null,
      config_data: '{}',
      alert_recipients: '[]',
      in_use: 'N',
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('collect_config_fields')
    .values(fields.map(([code, type], index) => ({ config_id: id, sort_no: index + 1, field: code, code, type, field_flag: 'N', master_flag: 'N' })))
    .execute();
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('master_rows')
      .values(
        rows.slice(start, start + 500).map((row, index) => ({
          config_id: id,
          task_id: 1,
          data_type_code: dataType,
          advertiser_code: 'ADV',
          period_from: periodTo,
          period_to: periodTo,
          row_key: `k${start + index}`,
          row_data: JSON.stringify(row),
          created_at: AT,
        })),
      )
      .execute();
  }
  return id;
}
