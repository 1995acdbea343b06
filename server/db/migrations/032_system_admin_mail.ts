import type { Kysely } from 'kysely';

/**
 * The mail every system-admin gets when one system-admin deactivates or demotes another, seeded in
 * English and Korean as written when this migration was (the defaults of server/mail/templates.ts):
 * later changes to those defaults do not change it.
 */
const SEEDED_TEMPLATES: readonly { language: string; title: string; body: string }[] = [
  {
    language: 'en',
    title: 'A system-admin account was changed: {{target}}',
    body: 'Hello {{name}},\n\n{{actor}} changed the system-admin account of {{target}} ({{email}}) at {{changedAt}}: {{change}}.\nSee the account: {{link}}\n\nEvery system-admin receives this mail. If the change was not agreed, sign in and check the account now.',
  },
  {
    language: 'ko',
    title: '시스템 관리자 계정이 변경되었습니다: {{target}}',
    body: '{{name}}님, 안녕하십니까.\n\n{{actor}}님이 {{changedAt}}에 {{target}}({{email}})님의 시스템 관리자 계정을 변경했습니다: {{change}}.\n계정 보기: {{link}}\n\n모든 시스템 관리자가 이 메일을 받습니다. 합의되지 않은 변경이라면 지금 로그인하여 계정을 확인하십시오.',
  },
];

const TYPE = 'system-admin-removed';

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  for (const { language, title, body } of SEEDED_TEMPLATES) {
    const existing = await db.selectFrom('email_templates').select('id').where('type', '=', TYPE).where('language', '=', language).executeTakeFirst();
    if (existing) continue;
    await db.insertInto('email_templates').values({ type: TYPE, language, title, body, active_flag: 'Y', created_at: now, updated_at: now }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('type', '=', TYPE).execute();
}
