import type { Kysely } from 'kysely';
import { withId } from './columns';

/** Projects with their data filters, share entries and plans. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('projects'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addColumn('data_source', 'text', (col) => col.notNull())
    .addColumn('advertiser_code', 'text', (col) => col.notNull())
    .addColumn('dashboard_type', 'text', (col) => col.notNull())
    .addColumn('template_id', 'integer', (col) => col.references('templates.id').onDelete('set null'))
    .addColumn('dashboard_url', 'text')
    .addColumn('owner_country_code', 'text')
    .addColumn('start_at', 'text', (col) => col.notNull())
    .addColumn('end_at', 'text', (col) => col.notNull())
    .addColumn('is_active', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('created_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('projects_created_at_idx').on('projects').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('projects_owner_country_idx').on('projects').column('owner_country_code').execute();

  await db.schema
    .createTable('project_countries')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_countries_pk', ['project_id', 'country_code'])
    .execute();

  await db.schema
    .createTable('project_filters')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('sort_no', 'integer', (col) => col.notNull())
    .addColumn('field', 'text')
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_filters_pk', ['project_id', 'kind', 'sort_no'])
    .execute();

  await withId(db, db.schema.createTable('project_shares'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('privilege', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('project_shares_project_admin_uq', ['project_id', 'admin_id'])
    .execute();
  await db.schema.createIndex('project_shares_admin_idx').on('project_shares').columns(['admin_id', 'project_id']).execute();

  await withId(db, db.schema.createTable('plans'))
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('admins.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('plans_project_idx').on('plans').columns(['project_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['plans', 'project_shares', 'project_filters', 'project_countries', 'projects']) await db.schema.dropTable(table).execute();
}
