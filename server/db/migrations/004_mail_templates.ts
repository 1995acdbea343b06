import { sql, type Kysely } from 'kysely';
import { withId } from './columns';
import { DEFAULT_TEMPLATES } from '../../mail/templates';

/**
 * E-mail templates (one active per type, enforced by a partial unique index), their statements,
 * and alert mail templates. The built-in mails become the first, active rows so the screen shows them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('email_templates'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('active_flag', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('email_templates_type_idx').on('email_templates').columns(['type', 'id']).execute();
  await db.schema.createIndex('email_templates_one_active_idx').on('email_templates').column('type').unique().where(sql.ref('active_flag'), '=', 'Y').execute();

  // file_id is an upload store id (a UUID); no foreign key, since that store's migration is separate.
  await withId(db, db.schema.createTable('email_template_statements'))
    .addColumn('template_id', 'integer', (col) => col.notNull().references('email_templates.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (col) => col.notNull())
    .addColumn('statement', 'text', (col) => col.notNull())
    .addColumn('file_id', 'text')
    .execute();
  await db.schema.createIndex('email_template_statements_template_idx').on('email_template_statements').columns(['template_id', 'sort_no']).execute();

  await withId(db, db.schema.createTable('alert_mails'))
    .addColumn('procedure', 'text', (col) => col.notNull())
    .addColumn('error_id', 'text', (col) => col.notNull())
    .addColumn('subtitle', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('alert_mails_procedure_error_idx').on('alert_mails').columns(['procedure', 'error_id']).unique().execute();

  const now = new Date().toISOString();
  await db
    .insertInto('email_templates')
    .values(Object.entries(DEFAULT_TEMPLATES).map(([type, { title, body }]) => ({ type, title, body, active_flag: 'Y', created_at: now, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alert_mails', 'email_template_statements', 'email_templates']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
