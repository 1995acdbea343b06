import type { Kysely } from 'kysely';

/**
 * The English mails a database upgraded from before they existed never got: 004 first ran without
 * account-exists and account-locked, and 029 then added their Korean rows beside an English row it
 * assumed was there. Written out as the defaults were when this was written; a type that already
 * has an English row (an administrator's edit included) is left as it is.
 */
const ENGLISH_TEMPLATES: readonly { type: string; title: string; body: string }[] = [
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
];

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const { type, title, body } of ENGLISH_TEMPLATES) {
    const existing = await db.selectFrom('email_templates').select('id').where('type', '=', type).where('language', '=', 'en').executeTakeFirst();
    if (existing) continue;
    await db.insertInto('email_templates').values({ type, language: 'en', title, body, active_flag: 'Y', created_at: now, updated_at: now }).execute();
  }
}

// Down removes nothing: the rows it added are indistinguishable from ones an administrator relies on.
export async function down(): Promise<void> {}
