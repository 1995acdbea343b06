import type { ProjectTables } from './tables/projects';
import type { DatasetTables } from './tables/datasets';
import type { CollectTables } from './tables/collect';
import type { Generated } from 'kysely';
import type { YesNo } from '../../src/shared/fields';

/**
 * Table types. Times are ISO-8601 UTC strings and flags are 'Y'/'N' on both engines, so the same
 * queries and comparisons run on SQLite and PostgreSQL (docs/decisions.md).
 */
export interface AdminsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  company_code: string | null;
  region_code: string | null;
  office_code: string | null;
  authority: string;
  account_rank: number;
  account_level: string;
  approver_flag: Generated<string>;
  creator_flag: Generated<string>;
  uploader_flag: Generated<string>;
  status_code: Generated<string>;
  approval_status_code: Generated<string>;
  request_comment: string | null;
  reject_reason: string | null;
  sign_in_attempt: Generated<number>;
  locked_until: string | null;
  /** 'Y' while the password is one handed to the account (the seeded admin's) and must be replaced. */
  must_change_password: Generated<string>;
  /** Wrong codes in a row (server/auth/otp.ts); reaching OTP_MAX_CONSECUTIVE_FAILURES locks the account. */
  otp_failures: Generated<number>;
  last_login_at: string | null;
  password_updated_at: string | null;
  /** The language the account's browser last read the console in (en, ko): mails to them are written in it. */
  language: Generated<string>;
  /** The IANA zone the account's browser last sent, null until it sent one: times in mails to them are in it. */
  time_zone: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminCountriesTable {
  admin_id: number;
  country_code: string;
}

export interface AdminDataTypesTable {
  admin_id: number;
  advertiser_code: string;
  data_type_code: string;
}

export interface SessionsTable {
  id: string;
  admin_id: number;
  created_at: string;
  last_used_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  source_ip: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OtpChallengesTable {
  id: Generated<number>;
  purpose: string;
  email: string;
  admin_id: number | null;
  token_hash: string | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OtpTokensTable {
  id: Generated<number>;
  admin_id: number;
  token_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A single-use download link already used (its token id), kept until the link would have expired. */
export interface UsedLinksTable {
  jti: string;
  used_at: string;
  expires_at: string;
}

export interface TermsTable {
  id: Generated<number>;
  title: string;
  type: string;
  active_flag: string;
  created_at: string;
  updated_at: string;
}

export interface TermVersionsTable {
  id: Generated<number>;
  term_id: number;
  terms_version: string;
  content: string;
  effective_at: string;
  created_at: string;
  updated_at: string;
}

export interface TermAgreementsTable {
  id: Generated<number>;
  admin_id: number;
  term_version_id: number;
  agreed_at: string;
}

/** Holidays: the canonical plain resource (scripts/new-resource.mjs wrote it). */
/** One person's setting of the lists (a saved view, chosen columns): JSON text under a store key. */
export interface ListPreferencesTable {
  admin_id: number;
  key: string;
  value: string;
  updated_at: string;
}

export interface HolidaysTable {
  id: Generated<number>;
  date: string;
  name: string;
  country: string | null;
  description: string | null;
  active_flag: YesNo;
  created_at: string;
  updated_at: string;
}

export interface DomainsTable {
  id: Generated<number>;
  domain: string;
  description: string | null;
  active_flag: YesNo;
  created_at: string;
  updated_at: string;
}

export interface CodeTable {
  id: Generated<number>;
  code: string;
  name: string;
  sort_no: number;
}

export interface CountriesTable extends CodeTable {
  region_code: string;
}

export interface SystemLogsTable {
  id: Generated<number>;
  admin_id: number | null;
  email: string | null;
  event_id: string;
  end_point: string;
  http_method: string;
  http_status: number;
  query_param: string | null;
  request_body: string | null;
  request_at: string;
  source_ip: string | null;
}

/** One change a person made to a record (server/modules/activity/recorder.ts); params and changes are JSON. */
export interface ActivityLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  action: string;
  resource: string;
  record_id: string;
  record_name: string;
  params: string;
  changes: string;
  event_id: string;
  occurred_at: string;
}

/** What one delete took (server/db/record-rows.ts): the record as read and its rows by table, JSON, for a restore. */
export interface DeletedRecordsTable {
  id: Generated<number>;
  resource: string;
  record_id: string;
  event_id: string;
  record: string;
  rows: string;
  deleted_at: string;
}

export interface AccessHistoryTable {
  id: Generated<number>;
  admin_id: number | null;
  email: string;
  event_type: string;
  success_flag: string;
  source_ip: string | null;
  detail: string | null;
  occurred_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  template_type: string;
  status: string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The clear mail (subject, text, html, attachment file ids) sealed under SECRETS_KEY while it waits to be sent. */
  sealed_mail: string | null;
  /** While QUEUED or SENDING: until when the instance holding it owns it. */
  lease_until: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  type: string;
  /** Whose mails it writes: readers of this language (en, ko); one active per type and language. */
  language: Generated<string>;
  title: string;
  body: string;
  active_flag: YesNo;
  created_at: string;
  updated_at: string;
}

export interface EmailTemplateStatementsTable {
  id: Generated<number>;
  template_id: number;
  sort_no: number;
  statement: string;
  file_id: string | null;
}

export interface AlertMailsTable {
  id: Generated<number>;
  procedure: string;
  error_id: string;
  subtitle: string;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface UploadedFilesTable {
  id: string;
  purpose: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  storage_key: string;
  created_by: number | null;
  created_at: string;
}

export interface TemplatesTable {
  id: Generated<number>;
  name: string;
  data_type_code: string;
  description: string | null;
  status: string;
  file_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface TemplatePreviewsTable {
  template_id: number;
  sort_no: number;
  file_id: string;
}

export interface Database extends ProjectTables, DatasetTables, CollectTables {
  admins: AdminsTable;
  admin_countries: AdminCountriesTable;
  admin_data_types: AdminDataTypesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  otp_challenges: OtpChallengesTable;
  password_reset_tokens: PasswordResetTokensTable;
  otp_tokens: OtpTokensTable;
  used_links: UsedLinksTable;
  terms: TermsTable;
  term_versions: TermVersionsTable;
  term_agreements: TermAgreementsTable;
  domains: DomainsTable;
  holidays: HolidaysTable;
  list_preferences: ListPreferencesTable;
  regions: CodeTable;
  countries: CountriesTable;
  companies: CodeTable;
  advertisers: CodeTable;
  data_types: CodeTable;
  system_logs: SystemLogsTable;
  access_history: AccessHistoryTable;
  activity_log: ActivityLogTable;
  deleted_records: DeletedRecordsTable;
  mail_outbox: MailOutboxTable;
  uploaded_files: UploadedFilesTable;
  templates: TemplatesTable;
  template_previews: TemplatePreviewsTable;
  email_templates: EmailTemplatesTable;
  email_template_statements: EmailTemplateStatementsTable;
  alert_mails: AlertMailsTable;
  app_settings: AppSettingsTable;
}
