import type { Kysely } from 'kysely';
import { withId } from './columns';

const flag = (col: any) => col.notNull().defaultTo('N');

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('admins'))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('company_code', 'text')
    .addColumn('region_code', 'text')
    .addColumn('office_code', 'text')
    .addColumn('authority', 'text', (col) => col.notNull())
    .addColumn('account_rank', 'integer', (col) => col.notNull())
    .addColumn('account_level', 'text', (col) => col.notNull())
    .addColumn('approver_flag', 'text', flag)
    .addColumn('creator_flag', 'text', flag)
    .addColumn('uploader_flag', 'text', flag)
    .addColumn('status_code', 'text', (col) => col.notNull().defaultTo('ACTIVE'))
    .addColumn('approval_status_code', 'text', (col) => col.notNull().defaultTo('PENDING'))
    .addColumn('request_comment', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('sign_in_attempt', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_login_at', 'text')
    .addColumn('password_updated_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('admins_approval_idx').on('admins').columns(['approval_status_code', 'created_at']).execute();
  await db.schema.createIndex('admins_region_idx').on('admins').columns(['region_code', 'office_code']).execute();

  await db.schema
    .createTable('admin_countries')
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('admin_countries_pk', ['admin_id', 'country_code'])
    .execute();
  await db.schema
    .createTable('admin_data_types')
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('advertiser_code', 'text', (col) => col.notNull())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('admin_data_types_pk', ['admin_id', 'advertiser_code', 'data_type_code'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoke_reason', 'text')
    .addColumn('source_ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_admin_idx').on('sessions').column('admin_id').execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('otp_challenges'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('admin_id', 'integer', (col) => col.references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.unique())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('otp_challenges_email_idx').on('otp_challenges').columns(['purpose', 'email', 'created_at']).execute();

  await withId(db, db.schema.createTable('password_reset_tokens'))
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('terms'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('active_flag', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await withId(db, db.schema.createTable('term_versions'))
    .addColumn('term_id', 'integer', (col) => col.notNull().references('terms.id').onDelete('cascade'))
    .addColumn('terms_version', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('effective_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('term_versions_label_uq', ['term_id', 'terms_version'])
    .execute();
  await withId(db, db.schema.createTable('term_agreements'))
    .addColumn('admin_id', 'integer', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('term_version_id', 'integer', (col) => col.notNull().references('term_versions.id').onDelete('cascade'))
    .addColumn('agreed_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('term_agreements_uq', ['admin_id', 'term_version_id'])
    .execute();

  await withId(db, db.schema.createTable('allowed_domains'))
    .addColumn('domain', 'text', (col) => col.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('active_flag', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  for (const table of ['regions', 'companies', 'advertisers', 'data_types']) {
    await withId(db, db.schema.createTable(table))
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('sort_no', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await withId(db, db.schema.createTable('countries'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('sort_no', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('region_code', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('system_logs'))
    .addColumn('admin_id', 'integer')
    .addColumn('email', 'text')
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('end_point', 'text', (col) => col.notNull())
    .addColumn('http_method', 'text', (col) => col.notNull())
    .addColumn('http_status', 'integer', (col) => col.notNull())
    .addColumn('query_param', 'text')
    .addColumn('request_body', 'text')
    .addColumn('request_at', 'text', (col) => col.notNull())
    .addColumn('source_ip', 'text')
    .execute();
  await db.schema.createIndex('system_logs_request_at_idx').on('system_logs').columns(['request_at', 'id']).execute();
  await db.schema.createIndex('system_logs_admin_idx').on('system_logs').columns(['admin_id', 'request_at']).execute();

  await withId(db, db.schema.createTable('access_history'))
    .addColumn('admin_id', 'integer')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('success_flag', 'text', (col) => col.notNull())
    .addColumn('source_ip', 'text')
    .addColumn('detail', 'text')
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('access_history_time_idx').on('access_history').columns(['occurred_at', 'id']).execute();
  await db.schema.createIndex('access_history_admin_idx').on('access_history').columns(['admin_id', 'occurred_at']).execute();

  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body_text', 'text', (col) => col.notNull())
    .addColumn('body_html', 'text')
    .addColumn('template_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_to_idx').on('mail_outbox').columns(['to_address', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'access_history',
    'system_logs',
    'countries',
    'data_types',
    'advertisers',
    'companies',
    'regions',
    'allowed_domains',
    'term_agreements',
    'term_versions',
    'terms',
    'password_reset_tokens',
    'otp_challenges',
    'refresh_tokens',
    'sessions',
    'admin_data_types',
    'admin_countries',
    'admins',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
