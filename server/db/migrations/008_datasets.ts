import type { Kysely } from 'kysely';
import { withId } from './columns';
import { MASTER_INFOS } from './008_master_infos';

/**
 * Custom data sets with their schema and rows, the manual-upload history and the master schemas.
 * The UPLOADER permission is admins.uploader_flag (001), so it needs no table here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('datasets'))
    .addColumn('title', 'text', (col) => col.notNull().unique())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    // Kept by each commit, so lists need no COUNT over dataset_rows.
    .addColumn('row_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('datasets_updated_at_idx').on('datasets').columns(['updated_at', 'id']).execute();

  await db.schema
    .createTable('dataset_columns')
    .addColumn('dataset_id', 'integer', (col) => col.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (col) => col.notNull())
    .addColumn('col_name', 'text', (col) => col.notNull())
    .addColumn('col_type', 'text', (col) => col.notNull())
    .addColumn('required_flag', 'text', (col) => col.notNull().defaultTo('N'))
    .addColumn('key_flag', 'text', (col) => col.notNull().defaultTo('N'))
    .addPrimaryKeyConstraint('dataset_columns_pk', ['dataset_id', 'sort_no'])
    .execute();

  await withId(db, db.schema.createTable('upload_histories'))
    .addColumn('dataset_id', 'integer', (col) => col.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('file_kind', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('mode', 'text')
    .addColumn('row_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('uploaded_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('problem_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('preview', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('upload_histories_dataset_idx').on('upload_histories').columns(['dataset_id', 'updated_at']).execute();
  await db.schema.createIndex('upload_histories_status_idx').on('upload_histories').columns(['status']).execute();

  // One table for every data set's rows: values are a JSON array in schema order (the schema is
  // locked while rows exist). row_key is the key columns' values; NULL when the set has no key.
  await db.schema
    .createTable('dataset_rows')
    .addColumn('dataset_id', 'integer', (col) => col.notNull().references('datasets.id').onDelete('cascade'))
    .addColumn('row_key', 'text')
    .addColumn('upload_id', 'integer', (col) => col.notNull())
    .addColumn('row_values', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('dataset_rows_key_uq').on('dataset_rows').columns(['dataset_id', 'row_key']).unique().execute();

  await withId(db, db.schema.createTable('master_infos'))
    .addColumn('metric', 'text', (col) => col.notNull())
    .addColumn('data_source', 'text', (col) => col.notNull())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addUniqueConstraint('master_infos_uq', ['metric', 'data_source', 'data_type_code'])
    .execute();
  await db.schema
    .createTable('master_info_headers')
    .addColumn('master_info_id', 'integer', (col) => col.notNull().references('master_infos.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('field_type', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('master_info_headers_pk', ['master_info_id', 'sort_no'])
    .execute();
  for (const info of MASTER_INFOS) {
    const { id } = await db.insertInto('master_infos').values({ metric: info.metric, data_source: info.dataSource, data_type_code: info.dataType }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('master_info_headers')
      .values(info.headers.map(([field, type], index) => ({ master_info_id: id, sort_no: index + 1, field, field_type: type })))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['master_info_headers', 'master_infos', 'dataset_rows', 'upload_histories', 'dataset_columns', 'datasets']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
