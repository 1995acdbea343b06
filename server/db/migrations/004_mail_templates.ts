import { sql, type Kysely } from 'kysely';
import { withId } from './columns';

/**
 * The built-in mails this migration seeds, written out here so that changing the live defaults
 * (server/mail/templates.ts) never changes what it writes. Frozen as a fresh install wrote them
 * when it stopped importing those defaults; account-exists and account-locked were added to the
 * defaults after 004 first ran and the alert text changed (018 brings an unedited old alert up to it).
 */
const SEEDED_TEMPLATES: readonly { type: string; title: string; body: string }[] = [
  {
    type: 'otp',
    title: 'Your verification code: {{code}}',
    body: 'Hello {{name}},\n\nYour verification code is {{code}}. It expires in 5 minutes.\n\nIf you did not ask for it, ignore this mail.',
  },
  {
    type: 'signup-request',
    title: 'New sign-up awaiting approval: {{email}}',
    body: 'Hello {{name}},\n\n{{applicant}} ({{email}}) asked for an account.\nReview it in the console: {{link}}',
  },
  {
    type: 'signup-approved',
    title: 'Your account has been approved',
    body: 'Hello {{name}},\n\nYour account has been approved. You can sign in now: {{link}}',
  },
  {
    type: 'password-reset',
    title: 'Set a new password',
    body: 'Hello {{name}},\n\nFollow this link to set a new password (valid for 30 minutes):\n{{link}}\n\nIf you did not ask for it, ignore this mail.',
  },
  {
    type: 'account-exists',
    title: 'You already have an account',
    body: 'Hello {{name}},\n\nSomeone asked to sign up with {{email}}, which already has an account. Sign in here: {{link}}\nIf you forgot your password, ask for a new one on the sign-in page.\n\nIf it was not you, ignore this mail.',
  },
  {
    type: 'account-locked',
    title: 'Your account has been locked',
    body: 'Hello {{name}},\n\nAfter too many failed sign-ins, your account {{email}} is locked for {{minutes}} minute(s). To unlock it now, set a new password: {{link}}\n\nIf it was not you, someone may be guessing your password: set a new one.',
  },
  {
    type: 'alert',
    title: '[Alert] {{subtitle}}',
    body: 'Hello {{name}},\n\n{{subtitle}}\n\n{{detail}}\n\nOpen the failed run: {{link}}',
  },
];

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
    .values(SEEDED_TEMPLATES.map(({ type, title, body }) => ({ type, title, body, active_flag: 'Y', created_at: now, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alert_mails', 'email_template_statements', 'email_templates']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
