import type { Generated } from 'kysely';
import type { YesNo } from '../../../src/shared/fields';

export interface MarketAccountsTable {
  id: Generated<number>;
  platform: string;
  account_id: string;
  name: string;
  advertiser_code: string;
  country_code: string;
  /** AES-GCM sealed secret (server/secrets/secret-box.ts); never answered. */
  secret_enc: string | null;
  /** JSON array of the hosts the secret may be sent to (011). */
  allowed_hosts: Generated<string>;
  active_flag: YesNo;
  created_at: string;
  updated_at: string;
}

export interface CollectConfigsTable {
  id: Generated<number>;
  metric_name: string;
  advertiser_code: string;
  data_type_code: string;
  source_type: string;
  source_name: string | null;
  source_location: string;
  /** JSON of SourceMethod. */
  source_method: string;
  market_account_id: number | null;
  key_name: string | null;
  /** JSON object of extra query parameters. */
  config_data: string;
  /** JSON array of e-mail addresses. */
  alert_recipients: string;
  in_use: YesNo;
  suspended_flag: Generated<YesNo>;
  suspended_at: string | null;
  failure_streak: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CollectConfigFieldsTable {
  config_id: number;
  sort_no: number;
  field: string;
  code: string;
  type: string;
  field_flag: YesNo;
  master_flag: YesNo;
}

export interface CollectSchedulesTable {
  id: Generated<number>;
  config_id: number;
  schedule_type: string;
  scheduled_time: string;
  scheduled_day: string | null;
  time_zone: string;
  start_at: string;
  end_at: string | null;
  in_use: YesNo;
  next_run_at: string | null;
}

export interface PostConfigsTable {
  id: Generated<number>;
  data_type_code: string;
  target_type: string;
  target_method: string;
  target_location: string;
  /** JSON object of the method's settings. */
  target_data: string;
  target_secret_enc: string | null;
  backup_flag: YesNo;
  backup_location: string | null;
  in_use: YesNo;
  failure_streak: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PostConfigHeadersTable {
  post_config_id: number;
  sort_no: number;
  code: string;
  type: string;
  in_use: YesNo;
  header_order: number;
}

export interface CollectTasksTable {
  id: Generated<number>;
  task_kind: string;
  config_id: number;
  post_config_id: number | null;
  parent_task_id: number | null;
  process_id: string;
  process_type: string;
  schedule_type: string;
  schedule_id: number | null;
  status: string;
  attempt: Generated<number>;
  max_attempts: number;
  period_from: string;
  period_to: string;
  due_at: string;
  run_after: string;
  lease_owner: string | null;
  lease_until: string | null;
  started_at: string | null;
  finished_at: string | null;
  rows_fetched: Generated<number>;
  rows_mastered: Generated<number>;
  rows_posted: Generated<number>;
  data_location: string | null;
  target_location: string | null;
  response_meta: string | null;
  error_id: string | null;
  error_text: string | null;
  created_at: string;
  updated_at: string;
}

export interface CollectTaskLogsTable {
  id: Generated<number>;
  task_id: number;
  at: string;
  level: string;
  message: string;
}

export interface MasterRowsTable {
  id: Generated<number>;
  config_id: number;
  task_id: number;
  data_type_code: string;
  advertiser_code: string;
  period_from: string;
  period_to: string;
  row_key: string | null;
  /** JSON object keyed by master field code. */
  row_data: string;
  created_at: string;
}

/** Tables of the collect feature; the Database interface (../schema.ts) extends this. */
export interface CollectTables {
  market_accounts: MarketAccountsTable;
  collect_configs: CollectConfigsTable;
  collect_config_fields: CollectConfigFieldsTable;
  collect_schedules: CollectSchedulesTable;
  post_configs: PostConfigsTable;
  post_config_headers: PostConfigHeadersTable;
  collect_tasks: CollectTasksTable;
  collect_task_logs: CollectTaskLogsTable;
  master_rows: MasterRowsTable;
}
