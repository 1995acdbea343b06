import type { Kysely } from 'kysely';
import { withId } from './columns';

/** The upload store's metadata (the bytes live in the FileStore; ids are random UUIDs) and the dashboard templates. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploaded_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('templates'))
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('file_id', 'text', (col) => col.references('uploaded_files.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('templates_data_type_idx').on('templates').columns(['data_type_code', 'status']).execute();
  await db.schema.createIndex('templates_created_at_idx').on('templates').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('template_previews')
    .addColumn('template_id', 'integer', (col) => col.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (col) => col.notNull())
    .addColumn('file_id', 'text', (col) => col.notNull().references('uploaded_files.id'))
    .addPrimaryKeyConstraint('template_previews_pk', ['template_id', 'sort_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['template_previews', 'templates', 'uploaded_files']) await db.schema.dropTable(table).execute();
}
