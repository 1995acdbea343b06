import { sql, type Kysely } from 'kysely';

/**
 * The Korean mails this migration seeds, written out as they were when it was written (the Korean
 * defaults of server/mail/templates.ts): later changes to those defaults do not change it.
 */
const KOREAN_TEMPLATES: readonly { type: string; title: string; body: string }[] = [
  {
    type: 'otp',
    title: '로그인 인증 코드: {{code}}',
    body: '{{name}}님, 안녕하십니까.\n\n인증 코드는 {{code}}입니다. 5분 후에 만료됩니다.\n\n요청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  {
    type: 'signup-request',
    title: '승인을 기다리는 가입 신청: {{email}}',
    body: '{{name}}님, 안녕하십니까.\n\n{{applicant}}({{email}})님이 계정을 신청했습니다.\n콘솔에서 검토하십시오: {{link}}',
  },
  {
    type: 'signup-approved',
    title: '계정이 승인되었습니다',
    body: '{{name}}님, 안녕하십니까.\n\n계정이 승인되었습니다. 지금 로그인하실 수 있습니다: {{link}}',
  },
  {
    type: 'password-reset',
    title: '새 비밀번호를 설정하십시오',
    body: '{{name}}님, 안녕하십니까.\n\n아래 링크에서 새 비밀번호를 설정하십시오(30분 동안 유효합니다).\n{{link}}\n\n요청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  {
    type: 'account-exists',
    title: '이미 계정이 있습니다',
    body: '{{name}}님, 안녕하십니까.\n\n이미 계정이 있는 {{email}} 주소로 가입 요청이 있었습니다. 여기에서 로그인하십시오: {{link}}\n비밀번호를 잊으셨다면 로그인 페이지에서 새 비밀번호를 요청하십시오.\n\n본인이 요청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  {
    type: 'account-locked',
    title: '계정이 잠겼습니다',
    body: '{{name}}님, 안녕하십니까.\n\n로그인에 여러 번 실패하여 계정 {{email}}이(가) {{minutes}}분 동안 잠겼습니다. 지금 잠금을 해제하려면 새 비밀번호를 설정하십시오: {{link}}\n\n본인이 시도하지 않으셨다면 다른 사람이 비밀번호를 추측하고 있을 수 있습니다. 새 비밀번호를 설정하십시오.',
  },
  {
    type: 'signup-code',
    title: '가입 인증 코드: {{code}}',
    body: '안녕하십니까.\n\n가입할 주소 {{email}}을(를) 확인하려면 코드 {{code}}을(를) 입력하십시오. 5분 후에 만료됩니다.\n\n계정을 신청하지 않으셨다면 이 메일을 무시하십시오.',
  },
  {
    type: 'profile-code',
    title: '비밀번호 변경 인증 코드: {{code}}',
    body: '{{name}}님, 안녕하십니까.\n\n비밀번호를 변경하려면 코드 {{code}}을(를) 입력하십시오. 5분 후에 만료됩니다.\n\n요청하지 않으셨다면 다른 사람이 회원님의 계정으로 로그인했을 수 있습니다. 비밀번호를 변경하십시오.',
  },
  {
    type: 'project-shared',
    title: '{{sharer}}님이 프로젝트 {{project}}을(를) 공유했습니다',
    body: '{{name}}님, 안녕하십니까.\n\n{{sharer}}님이 프로젝트 {{project}}을(를) {{privilege}} 권한으로 공유했습니다.\n열기: {{link}}',
  },
  {
    type: 'password-changed',
    title: '비밀번호가 변경되었습니다',
    body: '{{name}}님, 안녕하십니까.\n\n계정 {{email}}의 비밀번호가 {{changedAt}}에 변경되었습니다. 이 계정의 다른 세션은 모두 로그아웃되었습니다.\n\n본인이 변경하지 않으셨다면 지금 새 비밀번호를 설정하십시오: {{link}}\n그런 다음 관리자에게 알리십시오.',
  },
  {
    type: 'alert',
    title: '[알림] {{subtitle}}',
    body: '{{name}}님, 안녕하십니까.\n\n{{subtitle}}\n\n{{detail}}\n\n실패한 실행 열기: {{link}}',
  },
];

/**
 * Mails in their reader's language (docs/decisions.md "Mail in its reader's language"): each account
 * keeps the language and zone its browser last sent, an e-mail template is written in a language,
 * one active per type and language, and each type starts with a Korean template beside the English one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('admins').addColumn('time_zone', 'text').execute();
  await db.schema
    .alterTable('email_templates')
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .execute();
  await db.schema.dropIndex('email_templates_one_active_idx').execute();
  await db.schema.createIndex('email_templates_one_active_idx').on('email_templates').columns(['type', 'language']).unique().where(sql.ref('active_flag'), '=', 'Y').execute();
  const now = new Date().toISOString();
  for (const { type, title, body } of KOREAN_TEMPLATES) {
    const existing = await db.selectFrom('email_templates').select('id').where('type', '=', type).where('language', '=', 'ko').executeTakeFirst();
    if (existing) continue;
    await db.insertInto('email_templates').values({ type, language: 'ko', title, body, active_flag: 'Y', created_at: now, updated_at: now }).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_templates').where('language', '=', 'ko').execute();
  await db.schema.dropIndex('email_templates_one_active_idx').execute();
  await db.schema.createIndex('email_templates_one_active_idx').on('email_templates').column('type').unique().where(sql.ref('active_flag'), '=', 'Y').execute();
  await db.schema.alterTable('email_templates').dropColumn('language').execute();
  for (const column of ['time_zone', 'language']) await db.schema.alterTable('admins').dropColumn(column).execute();
}
