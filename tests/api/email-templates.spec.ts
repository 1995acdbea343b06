import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, dbSnapshot, type RankAccounts, signedInAccount, type TestApp, withRankAccounts } from './harness';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtp-peer';
import { DEFAULT_TEMPLATES } from '../../server/mail/templates';
import { englishOf } from '../../server/http/app-error';
import { EMAIL_TEMPLATE_TYPES, emailTemplateTypes, MAIL_LANGUAGES } from '../../src/shared';

const TEMPLATE_TABLES = ['email_templates', 'email_template_statements', 'mail_outbox'] as const;
const GUIDE_PDF = Buffer.from('%PDF-1.7\nACME onboarding guide\n');

let smtp: SmtpPeer;
let t: TestApp;
let accounts: RankAccounts;
let admin: string;

/** The raw message with quoted-printable soft breaks and escapes undone, so text can be searched. */
function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
/** The mails the SMTP peer accepted since the last reset, decoded. */
const received = () => smtp.received.map((mail) => ({ to: mail.to, raw: decoded(mail.raw) }));

beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => smtp.close());
withRankAccounts(
  (suite) => ({ t, accounts, admin } = suite),
  () => ({ smtpUrl: smtp.url }),
);
beforeEach(() => {
  smtp.received.length = 0;
});

const create = (body: unknown, token = admin) => t.call('POST', '/api/email-templates', { token, body });
const query = (params: Record<string, unknown>) =>
  t.call('GET', `/api/email-templates?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token: admin });
/** Uploads through POST /api/files as the browser does, answering the file id. */
async function upload(purpose: string, bytes: Buffer, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const encoded = new Response(form);
  const reply = await t.call('POST', '/api/files', { token: admin, body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.data.fileId;
}
const activeOf = async (type: string, language = 'en') =>
  await t.db.selectFrom('email_templates').select(['id', 'title']).where('type', '=', type).where('language', '=', language).where('active_flag', '=', 'Y').execute();

describe('e-mail templates', () => {
  it('starts with the built-in mail of every type in every language as its active template', async () => {
    for (const language of MAIL_LANGUAGES) {
      const { body } = await query({ sort: ['type', 'ASC'], range: [0, 49], filter: { activeFlag: 'Y', language } });
      // Every type the server sends, each flow its own (the sign-up and profile codes are not the sign-in code's).
      const expected = [...emailTemplateTypes].sort().map((type) => [type, language, EMAIL_TEMPLATE_TYPES[type].typeId, DEFAULT_TEMPLATES[language][type].title]);
      expect(expected).toHaveLength(12);
      expect(body.data.list.map((row: { type: string; language: string; typeId: number; title: string }) => [row.type, row.language, row.typeId, row.title])).toEqual(expected);
    }
  });

  it('creates, reads, updates and deletes a template with its statements', async () => {
    const created = await create({
      type: 'signup-approved',
      title: 'Welcome {{name}}',
      body: 'Sign in at {{link}}',
      statements: [{ statement: 'Questions? Write to {{email}}.' }, { statement: 'Second paragraph' }],
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ type: 'signup-approved', typeId: 3, title: 'Welcome {{name}}', activeFlag: 'N' });
    expect(created.body.data.statements.map((s: { statement: string; fileId: null }) => [s.statement, s.fileId])).toEqual([
      ['Questions? Write to {{email}}.', null],
      ['Second paragraph', null],
    ]);
    const id = created.body.data.id;
    const updated = await t.call('PUT', `/api/email-templates/${id}`, {
      token: admin,
      body: { type: 'signup-approved', title: 'Welcome aboard', body: 'Sign in at {{link}}', statements: [{ statement: 'Only one now' }] },
    });
    expect(updated.body.data).toMatchObject({ title: 'Welcome aboard', activeFlag: 'N' });
    expect((await t.call('GET', `/api/email-templates/${id}`, { token: admin })).body.data.statements.map((s: { statement: string }) => s.statement)).toEqual(['Only one now']);
    expect((await t.call('DELETE', `/api/email-templates/${id}`, { token: admin })).body.data.title).toBe('Welcome aboard');
    expect((await t.call('GET', `/api/email-templates/${id}`, { token: admin })).status).toBe(404);
    expect(await t.db.selectFrom('email_template_statements').select('id').where('template_id', '=', id).execute()).toEqual([]);
    expect((await t.call('PUT', '/api/email-templates/9999', { token: admin, body: { type: 'otp', title: 'x', body: 'y', activeFlag: 'Y' } })).status).toBe(404);
    expect(await activeOf('otp')).toHaveLength(1);
  });

  it('keeps one active template per type: activating one retires the previous', async () => {
    const [seeded] = await activeOf('password-reset');
    const first = await create({ type: 'password-reset', title: 'Reset (draft)', body: 'Go to {{link}}' });
    expect(await activeOf('password-reset')).toEqual([seeded]);
    await t.call('PUT', `/api/email-templates/${first.body.data.id}`, { token: admin, body: { type: 'password-reset', title: 'Reset', body: 'Go to {{link}}', activeFlag: 'Y' } });
    expect(await activeOf('password-reset')).toEqual([{ id: first.body.data.id, title: 'Reset' }]);
    const second = await create({ type: 'password-reset', title: 'Reset v2', body: 'Go to {{link}}', activeFlag: 'Y' });
    expect(await activeOf('password-reset')).toEqual([{ id: second.body.data.id, title: 'Reset v2' }]);
    expect((await t.call('GET', `/api/email-templates/${seeded.id}`, { token: admin })).body.data.activeFlag).toBe('N');
    expect(await activeOf('otp')).toHaveLength(1);
  });

  it('refuses unknown placeholders and unbalanced braces on the field that has them, saving nothing', async () => {
    const before = await dbSnapshot(t, TEMPLATE_TABLES);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ type: 'otp', title: 'Code', body: 'Hi {{unknown}}' }, 'body', /Unknown placeholder \{\{unknown\}\}.*\{\{code\}\}/],
      [{ type: 'signup-approved', title: 'Your code {{code}}', body: 'Hi' }, 'title', /\{\{code\}\}/],
      [{ type: 'otp', title: 'Code {{code', body: 'Hi' }, 'title', /Unbalanced \{\{/],
      [{ type: 'otp', title: 'Code', body: 'Hi {{name}} and {{ code' }, 'body', /Unbalanced \{\{/],
      [{ type: 'otp', title: 'Code', body: 'Hi name}}' }, 'body', /Unbalanced \}\}/],
      [{ type: 'otp', title: 'Code', body: 'Hi {{}}' }, 'body', /Unknown placeholder/],
      [{ type: 'otp', title: 'Code', body: 'Hi', statements: [{ statement: 'ok' }, { statement: '{{link}}' }] }, 'statements.1.statement', /\{\{link\}\}/],
      [{ type: 'nope', title: 'Code', body: 'Hi' }, 'type', /template types/],
      [{ type: 'otp', title: ' ', body: 'Hi' }, 'title', /Enter a title/],
    ];
    for (const [body, field, message] of cases) {
      const reply = await create({ ...body, activeFlag: 'Y' });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
      expect(reply.body.data.errors[0].field).toBe(field);
      expect(englishOf(reply.body.data.errors[0])).toMatch(message);
    }
    const [otp] = await activeOf('otp');
    const edit = await t.call('PUT', `/api/email-templates/${otp.id}`, { token: admin, body: { type: 'otp', title: '{{code}}', body: '{{oops}}', activeFlag: 'Y' } });
    expect(edit.body.data.errors).toEqual([{ field: 'body', message: 'placeholderUnknown', params: { placeholder: 'oops', allowed: expect.stringContaining('{{code}}') } }]);
    expect(await dbSnapshot(t, TEMPLATE_TABLES)).toEqual(before);
  });

  it('previews with sample values, escaping them in HTML, without writing anything', async () => {
    const before = await dbSnapshot(t, TEMPLATE_TABLES);
    const reply = await t.call('POST', '/api/email-templates/preview', {
      token: admin,
      body: { type: 'signup-request', title: 'Sign-up: {{applicant}}', body: '<b>{{applicant}}</b> ({{email}})', statements: [{ statement: 'Review: {{link}}' }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.subject).toBe('Sign-up: John <Smith> & Co');
    expect(reply.body.data.text).toBe('<b>John <Smith> & Co</b> (jane.doe@example.com)\n\nReview: https://console.example.com');
    expect(reply.body.data.html).toContain('&lt;b&gt;John &lt;Smith&gt; &amp; Co&lt;/b&gt;');
    expect(reply.body.data.html).not.toContain('<b>');
    const refused = await t.call('POST', '/api/email-templates/preview', { token: admin, body: { type: 'otp', title: 'x', body: '{{applicant}}' } });
    expect(refused.body.data.errors[0].field).toBe('body');
    expect(englishOf(refused.body.data.errors[0])).toContain('{{applicant}}');
    expect(await dbSnapshot(t, TEMPLATE_TABLES)).toEqual(before);
  });

  it('pages, sorts, filters and searches on the server', async () => {
    for (let i = 0; i < 7; i++) await create({ type: 'signup-approved', title: `Paged ${i}`, body: `Body {{link}} ${i}` });
    const first = await query({ sort: ['title', 'DESC'], range: [0, 2], filter: { q: 'paged', type: 'signup-approved' } });
    expect(first.body.data).toMatchObject({ totalCount: 7, totalPage: 3, currentPage: 1 });
    expect(first.body.data.list.map((row: { title: string }) => row.title)).toEqual(['Paged 6', 'Paged 5', 'Paged 4']);
    const last = await query({ sort: ['title', 'DESC'], range: [6, 8], filter: { q: 'paged' } });
    expect(last.body.data.list.map((row: { title: string }) => row.title)).toEqual(['Paged 0']);
    expect((await query({ filter: { type: 'otp' } })).body.data.totalCount).toBe(2);
    expect((await query({ filter: { type: 'otp', language: 'ko' } })).body.data.totalCount).toBe(1);
    for (const search of ['sort=["body_html","ASC"]', 'filter={"title":"x"}', 'range=[3,1]']) {
      expect((await t.call('GET', `/api/email-templates?${search}`, { token: admin })).status, search).toBe(400);
    }
  });

  it('refuses ranks 2–5 with 403 and changes nothing', async () => {
    const before = await dbSnapshot(t, TEMPLATE_TABLES);
    const [otp] = await activeOf('otp');
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      const token = accounts[authority].token;
      expect((await t.call('GET', '/api/email-templates', { token })).status).toBe(403);
      expect((await t.call('GET', `/api/email-templates/${otp.id}`, { token })).status).toBe(403);
      expect((await create({ type: 'otp', title: 'x', body: 'y', activeFlag: 'Y' }, token)).status).toBe(403);
      expect((await t.call('PUT', `/api/email-templates/${otp.id}`, { token, body: { type: 'otp', title: 'x', body: 'y', activeFlag: 'N' } })).status).toBe(403);
      expect((await t.call('POST', '/api/email-templates/preview', { token, body: { type: 'otp', title: 'x', body: 'y' } })).status).toBe(403);
      expect((await t.call('DELETE', `/api/email-templates/${otp.id}`, { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/email-templates')).status).toBe(401);
    expect(await dbSnapshot(t, TEMPLATE_TABLES)).toEqual(before);
  });
});

describe('system types always keep an active template', () => {
  it('refuses deleting, deactivating or retyping the last active template of a type, with a sentence; allows it once another is active', async () => {
    const [otp] = await activeOf('otp');
    const full = (await t.call('GET', `/api/email-templates/${otp.id}`, { token: admin })).body.data;
    const body = { type: 'otp', title: full.title, body: full.body, statements: [] };

    const deleted = await t.call('DELETE', `/api/email-templates/${otp.id}`, { token: admin });
    expect(deleted.status).toBe(409);
    expect(deleted.body.result).toBe('CONFLICT');
    expect(deleted.body.resultMessage).toBe(
      'This is the only active English "Sign-in code" template and the console sends every Sign-in code mail from it to readers without an active template in their language, so it cannot be deleted. Activate another English "Sign-in code" template first.',
    );
    const deactivated = await t.call('PUT', `/api/email-templates/${otp.id}`, { token: admin, body: { ...body, activeFlag: 'N' } });
    expect(deactivated.status).toBe(409);
    expect(deactivated.body.data.errors).toEqual([{ field: 'activeFlag', message: expect.stringContaining('cannot be deactivated') }]);
    expect((await t.call('PUT', `/api/email-templates/${otp.id}`, { token: admin, body: { type: 'alert', title: 'Alert', body: 'Alert {{name}}', statements: [], activeFlag: 'Y' } })).status).toBe(
      409,
    );
    expect((await activeOf('otp')).map((template: { id: number }) => template.id)).toEqual([otp.id]);

    // Another active otp template takes over; the old one is then inactive and may go.
    const successor = await create({ ...body, title: 'New sign-in code {{code}}', activeFlag: 'Y' });
    expect(successor.status).toBe(200);
    expect((await t.call('DELETE', `/api/email-templates/${otp.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/email-templates/${successor.body.data.id}`, { token: admin })).status).toBe(409);
  });
});

describe('the mailer uses the active template', () => {
  it('sends the edited otp template to a real SMTP peer, and the built-in one once it is deactivated', async () => {
    const [otp] = await activeOf('otp');
    const edited = { type: 'otp', title: 'ACME sign-in code {{code}}', body: 'Dear {{name}}, your ACME code is {{code}} (sent to {{email}}).', statements: [{ statement: 'ACME security team' }] };
    expect((await t.call('PUT', `/api/email-templates/${otp.id}`, { token: admin, body: { ...edited, activeFlag: 'Y' } })).status).toBe(200);

    const signIn = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(signIn.body.result).toBe('OTP_REQUIRED');
    const code = await t.lastCode(ADMIN_EMAIL);
    expect(received()).toHaveLength(1);
    expect(received()[0].to).toEqual([ADMIN_EMAIL]);
    expect(received()[0].raw).toContain(`Subject: ACME sign-in code ${code}`);
    expect(received()[0].raw).toContain(`your ACME code is ${code} (sent to ${ADMIN_EMAIL}).`);
    expect(received()[0].raw).toContain('ACME security team');
    expect((await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: signIn.body.data.challengeToken, code } })).body.result).toBe('SUCCESS');

    // The API refuses to leave otp without an active template; a database without one (set by hand) still mails the built-in text.
    expect((await t.call('PUT', `/api/email-templates/${otp.id}`, { token: admin, body: { ...edited, activeFlag: 'N' } })).status).toBe(409);
    await t.db.updateTable('email_templates').set({ active_flag: 'N' }).where('id', '=', otp.id).execute();
    smtp.received.length = 0;
    await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const second = await t.lastCode(ADMIN_EMAIL);
    expect(received()).toHaveLength(1);
    expect(received()[0].raw).toContain(`Subject: Your verification code: ${second}`);
    expect(received()[0].raw).toContain(`Your verification code is ${second}. It expires in 5 minutes.`);
    expect(received()[0].raw).not.toContain('ACME');
    const row = await t.db.selectFrom('mail_outbox').select(['status', 'template_type']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'SENT', template_type: 'otp' });
  });

  it('escapes values in the HTML part of a stored template', async () => {
    const mallory = await signedInAccount(t, 'mallory@example.com', 'user', { first_name: '<img src=x onerror=alert(1)>' });
    await create({ type: 'otp', title: 'Code {{code}}', body: 'Hi {{name}}: {{code}}', activeFlag: 'Y' });
    smtp.received.length = 0;
    await t.call('POST', '/api/auth/signin', { body: { email: mallory.email, password: 'Passw0rd!' } });
    await t.app.ctx.mailer.idle();
    const mail = await t.db.selectFrom('mail_outbox').select(['body_text', 'body_html']).where('to_address', '=', mallory.email).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(mail.body_text).toMatch(/^Hi <img src=x onerror=alert\(1\)>/);
    expect(mail.body_html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.body_html).not.toContain('<img');
    expect(received()[0].raw).toContain('Hi &lt;img src=x onerror=alert(1)&gt;');
  });

  it('attaches the files of the template’s statements, refusing files that are missing or uploaded for another purpose', async () => {
    const guide = await upload('email-attachment', GUIDE_PDF, 'guide.pdf');
    const image = await upload('template-preview', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png')]), 'shot.png');
    const before = await dbSnapshot(t, TEMPLATE_TABLES);
    const withFile = (fileId: string) => ({
      type: 'otp',
      title: 'Code {{code}}',
      body: 'Your code is {{code}}.',
      activeFlag: 'Y',
      statements: [{ statement: 'Text only' }, { statement: 'The guide is attached.', fileId }],
    });
    const missing = await create(withFile('7b0f5d7e-1c7a-4c0e-9a55-3f1d2b9e8a10'));
    expect(missing.body.data.errors).toEqual([{ field: 'statements.1.fileId', message: expect.stringContaining('does not exist') }]);
    const otherPurpose = await create(withFile(image));
    expect(otherPurpose.body.data.errors).toEqual([{ field: 'statements.1.fileId', message: expect.stringContaining('shot.png') }]);
    expect(await dbSnapshot(t, TEMPLATE_TABLES)).toEqual(before);

    const created = await create(withFile(guide));
    expect(created.status).toBe(200);
    expect(created.body.data.statements[1]).toMatchObject({
      statement: 'The guide is attached.',
      fileId: guide,
      fileType: 'application/pdf',
      originalName: 'guide.pdf',
      url: expect.stringMatching(`^/api/files/${guide}\\?token=`),
    });
    smtp.received.length = 0;
    await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    await t.app.ctx.mailer.idle();
    expect(received()).toHaveLength(1);
    expect(received()[0].raw).toContain(`Your code is ${await t.lastCode(ADMIN_EMAIL)}.`);
    expect(received()[0].raw).toMatch(/Content-Disposition: attachment; filename=guide\.pdf/);
    // Padding is left out: the quoted-printable decoding of the whole message takes a trailing "=" for a soft break.
    expect(received()[0].raw.replace(/\r?\n/g, '')).toContain(GUIDE_PDF.toString('base64').replace(/=+$/, ''));
  });
});
