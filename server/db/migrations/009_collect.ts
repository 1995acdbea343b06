import type { Kysely } from 'kysely';
import { withId } from './columns';

/** Collect Data Setting: market accounts, collect and post configs, tasks with leases, mastered rows. */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('market_accounts'))
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('advertiser_code', 'text', (col) => col.notNull())
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addColumn('secret_enc', 'text')
    .addColumn('active_flag', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('market_accounts_platform_account_uq', ['platform', 'account_id'])
    .execute();

  await withId(db, db.schema.createTable('collect_configs'))
    .addColumn('metric_name', 'text', (col) => col.notNull())
    .addColumn('advertiser_code', 'text', (col) => col.notNull())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_name', 'text')
    .addColumn('source_location', 'text', (col) => col.notNull())
    .addColumn('source_method', 'text', (col) => col.notNull())
    .addColumn('market_account_id', 'integer', (col) => col.references('market_accounts.id'))
    .addColumn('key_name', 'text')
    .addColumn('config_data', 'text', (col) => col.notNull())
    .addColumn('alert_recipients', 'text', (col) => col.notNull())
    .addColumn('in_use', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('suspended_flag', 'text', (col) => col.notNull().defaultTo('N'))
    .addColumn('suspended_at', 'text')
    .addColumn('failure_streak', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('collect_configs_data_type_idx').on('collect_configs').columns(['data_type_code']).execute();

  await db.schema
    .createTable('collect_config_fields')
    .addColumn('config_id', 'integer', (col) => col.notNull().references('collect_configs.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (col) => col.notNull())
    .addColumn('field', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('field_flag', 'text', (col) => col.notNull())
    .addColumn('master_flag', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('collect_config_fields_pk', ['config_id', 'sort_no'])
    .execute();

  await withId(db, db.schema.createTable('collect_schedules'))
    .addColumn('config_id', 'integer', (col) => col.notNull().references('collect_configs.id').onDelete('cascade'))
    .addColumn('schedule_type', 'text', (col) => col.notNull())
    .addColumn('scheduled_time', 'text', (col) => col.notNull())
    .addColumn('scheduled_day', 'text')
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('start_at', 'text', (col) => col.notNull())
    .addColumn('end_at', 'text')
    .addColumn('in_use', 'text', (col) => col.notNull())
    .addColumn('next_run_at', 'text')
    .execute();
  await db.schema.createIndex('collect_schedules_next_run_idx').on('collect_schedules').columns(['next_run_at']).execute();
  await db.schema.createIndex('collect_schedules_config_idx').on('collect_schedules').columns(['config_id']).execute();

  await withId(db, db.schema.createTable('post_configs'))
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_method', 'text', (col) => col.notNull())
    .addColumn('target_location', 'text', (col) => col.notNull())
    .addColumn('target_data', 'text', (col) => col.notNull())
    .addColumn('target_secret_enc', 'text')
    .addColumn('backup_flag', 'text', (col) => col.notNull().defaultTo('N'))
    .addColumn('backup_location', 'text')
    .addColumn('in_use', 'text', (col) => col.notNull().defaultTo('Y'))
    .addColumn('failure_streak', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('post_configs_data_type_idx').on('post_configs').columns(['data_type_code', 'in_use']).execute();

  await db.schema
    .createTable('post_config_headers')
    .addColumn('post_config_id', 'integer', (col) => col.notNull().references('post_configs.id').onDelete('cascade'))
    .addColumn('sort_no', 'integer', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('in_use', 'text', (col) => col.notNull())
    .addColumn('header_order', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_config_headers_pk', ['post_config_id', 'sort_no'])
    .execute();

  await withId(db, db.schema.createTable('collect_tasks'))
    .addColumn('task_kind', 'text', (col) => col.notNull())
    .addColumn('config_id', 'integer', (col) => col.notNull().references('collect_configs.id').onDelete('cascade'))
    .addColumn('post_config_id', 'integer', (col) => col.references('post_configs.id').onDelete('cascade'))
    .addColumn('parent_task_id', 'integer')
    .addColumn('process_id', 'text', (col) => col.notNull())
    .addColumn('process_type', 'text', (col) => col.notNull())
    .addColumn('schedule_type', 'text', (col) => col.notNull())
    .addColumn('schedule_id', 'integer')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('period_from', 'text', (col) => col.notNull())
    .addColumn('period_to', 'text', (col) => col.notNull())
    .addColumn('due_at', 'text', (col) => col.notNull())
    .addColumn('run_after', 'text', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('rows_fetched', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_mastered', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_posted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('data_location', 'text')
    .addColumn('target_location', 'text')
    .addColumn('response_meta', 'text')
    .addColumn('error_id', 'text')
    .addColumn('error_text', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // A schedule's due time makes one task, however many instances see it due (NULLs never clash).
  await db.schema.createIndex('collect_tasks_schedule_due_uq').on('collect_tasks').columns(['schedule_id', 'due_at']).unique().execute();
  await db.schema.createIndex('collect_tasks_claim_idx').on('collect_tasks').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('collect_tasks_config_idx').on('collect_tasks').columns(['config_id', 'created_at']).execute();
  await db.schema.createIndex('collect_tasks_created_idx').on('collect_tasks').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('collect_tasks_parent_idx').on('collect_tasks').columns(['parent_task_id']).execute();

  await withId(db, db.schema.createTable('collect_task_logs'))
    .addColumn('task_id', 'integer', (col) => col.notNull().references('collect_tasks.id').onDelete('cascade'))
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('collect_task_logs_task_idx').on('collect_task_logs').columns(['task_id', 'id']).execute();

  // Mastered rows: one JSON row per source row; a rerun of a config's period replaces them.
  await withId(db, db.schema.createTable('master_rows'))
    .addColumn('config_id', 'integer', (col) => col.notNull())
    .addColumn('task_id', 'integer', (col) => col.notNull())
    .addColumn('data_type_code', 'text', (col) => col.notNull())
    .addColumn('advertiser_code', 'text', (col) => col.notNull())
    .addColumn('period_from', 'text', (col) => col.notNull())
    .addColumn('period_to', 'text', (col) => col.notNull())
    .addColumn('row_key', 'text')
    .addColumn('row_data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('master_rows_period_idx').on('master_rows').columns(['config_id', 'period_from', 'period_to']).execute();
  await db.schema.createIndex('master_rows_task_idx').on('master_rows').columns(['task_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'master_rows',
    'collect_task_logs',
    'collect_tasks',
    'post_config_headers',
    'post_configs',
    'collect_schedules',
    'collect_config_fields',
    'collect_configs',
    'market_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
