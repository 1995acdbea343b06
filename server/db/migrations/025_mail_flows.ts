import type { Kysely } from 'kysely';

/**
 * The mails this migration seeds, written out as they were when it was written (the defaults of
 * server/mail/templates.ts): later changes to those defaults do not change it.
 * The sign-up and profile codes were sent from the sign-in code's template (`otp`), so editing one
 * changed all three; each now has its own. Sharing a project and a changed password are new mails.
 */
const SEEDED_TEMPLATES: readonly { type: string; title: string; body: string }[] = [
  {
    type: 'signup-code',
    title: 'Your sign-up code: {{code}}',
    body: 'Hello,\n\nTo confirm {{email}} for your sign-up, enter the code {{code}}. It expires in 5 minutes.\n\nIf you did not ask for an account, ignore this mail.',
  },
  {
    type: 'profile-code',
    title: 'Your code to change your password: {{code}}',
    body: 'Hello {{name}},\n\nTo change your password, enter the code {{code}}. It expires in 5 minutes.\n\nIf you did not ask for it, someone may be signed in as you: change your password.',
  },
  {
    type: 'project-shared',
    title: '{{sharer}} shared the project {{project}} with you',
    body: 'Hello {{name}},\n\n{{sharer}} shared the project {{project}} with you as {{privilege}}.\nOpen it: {{link}}',
  },
  {
    type: 'password-changed',
    title: 'Your password was changed',
    body: "Hello {{name}},\n\nThe password of your account {{email}} was changed at {{changedAt}}. Every other session of the account was signed out.\n\nIf this wasn't you, set a new password now: {{link}}\nThen tell your administrator.",
  },
];

/** Each flow's template as the first, active row of its type, unless the type already has one. */
export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const { type, title, body } of SEEDED_TEMPLATES) {
    const existing = await db.selectFrom('email_templates').select('id').where('type', '=', type).executeTakeFirst();
    if (existing) continue;
    await db.insertInto('email_templates').values({ type, title, body, active_flag: 'Y', created_at: now, updated_at: now }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('email_templates')
    .where(
      'type',
      'in',
      SEEDED_TEMPLATES.map(({ type }) => type),
    )
    .execute();
}
