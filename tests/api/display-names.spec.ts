import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachmentsOf } from '../../server/mail/attachments';
import { signedInAccount, type TestApp, withRankAccounts } from './harness';
import { projectBody, seedTemplate } from './projects-fixtures';
import { createDataset, postFile, settled } from './uploads-support';

let t: TestApp;
let admin: string;
let uploader: { id: number; token: string };
let creator: { id: number; token: string };
withRankAccounts((suite) => ({ t, admin } = suite));
beforeAll(async () => {
  uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
  creator = await signedInAccount(t, 'creator@example.com', 'user', { creator_flag: 'Y' });
});

/**
 * Every Unicode control or format character a name could hide behind: the bidi
 * embeddings, overrides and isolates, LRM/RLM/ALM, zero-width space and no-break, a C0 and a C1
 * control, the line separator. Each follows a letter of "invoice".
 */
const HIDDEN = ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\uFEFF', '\u0007', '\u0085', '\u2028'];
const disguised = (name: string) => `${[...'invoice'].map((letter, index) => letter + HIDDEN[index % HIDDEN.length]).join('')}\u202E${HIDDEN.slice(7).join('')}${name}`;
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

async function uploadFile(purpose: string, bytes: Buffer, fileName: string) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const encoded = new Response(form);
  return t.call('POST', '/api/files', { token: admin, body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } });
}

const servedName = (header: string | string[] | undefined) => decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(String(header))![1]);

describe('names without control or bidi characters', () => {
  it('stores and serves an uploaded file under its name with the controls removed, for every purpose', async () => {
    const cases: [string, Buffer, string][] = [
      ['email-attachment', Buffer.from('a,b\n1,2\n'), 'slx.csv'],
      ['email-attachment', Buffer.from('%PDF-1.7\n'), 'fdp.pdf'],
      ['template-dashboard', Buffer.from('%PDF-1.7\n'), 'fdp.pdf'],
      ['template-preview', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]), 'gnp.png'],
    ];
    for (const [purpose, bytes, name] of cases) {
      const reply = await uploadFile(purpose, bytes, disguised(name));
      expect(reply.status, purpose).toBe(200);
      expect(reply.body.data.originalName).toBe(`invoice${name}`);
      const row = await t.db.selectFrom('uploaded_files').select('original_name').where('id', '=', reply.body.data.fileId).executeTakeFirstOrThrow();
      expect(row.original_name).toBe(`invoice${name}`);
      const served = await t.app.inject({ method: 'GET', url: reply.body.data.url });
      expect(servedName(served.headers['content-disposition'])).toBe(`invoice${name}`);
    }
  });

  it('stores a manual upload and proposes a data set title without them', async () => {
    const datasetId = await createDataset(t, uploader.token);
    const reply = await postFile(t, uploader.token, datasetId, disguised('slx.csv'), 'date,campaign_id,channel,impressions\n2024-03-01,C1,search,10\n');
    expect(reply.status).toBe(200);
    expect(reply.body.data.fileName).toBe('invoiceslx.csv');
    await settled(t, uploader.token, reply.body.data.id);
    const row = await t.db.selectFrom('upload_histories').select('file_name').where('id', '=', reply.body.data.id).executeTakeFirstOrThrow();
    expect(row.file_name).toBe('invoiceslx.csv');
    const served = await t.app.inject({ method: 'GET', url: `/api/uploads/${reply.body.data.id}/file`, headers: { authorization: `Bearer ${uploader.token}` } });
    expect(servedName(served.headers['content-disposition'])).toBe('invoiceslx.csv');

    const form = new FormData();
    form.append('file', new Blob(['Day,Campaign\n2024-03-01,C1\n']), disguised('slx.csv'));
    const encoded = new Response(form);
    const inferred = await t.call('POST', '/api/datasets/infer', {
      token: uploader.token,
      body: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(inferred.status).toBe(200);
    expect(inferred.body.data.title).toBe('invoiceslx');
  });

  it('serves and mails a name stored before the rule without them', async () => {
    const uploaded = await uploadFile('email-attachment', Buffer.from('%PDF-1.7\n'), 'legacy.pdf');
    const fileId = uploaded.body.data.fileId;
    await t.db.updateTable('uploaded_files').set({ original_name: 'invoice\u202Efdp.exe\u2066.pdf' }).where('id', '=', fileId).execute();
    const served = await t.app.inject({ method: 'GET', url: uploaded.body.data.url });
    expect(servedName(served.headers['content-disposition'])).toBe('invoicefdp.exe.pdf');
    const [attachment] = await attachmentsOf(t.db, t.app.ctx.files, [fileId]);
    attachment.content.resume();
    expect(attachment.filename).toBe('invoicefdp.exe.pdf');
  });

  it('stores project, plan, template and data set names without them', async () => {
    const templateId = await seedTemplate(t, 'Media Overview', 'MEDIA');
    const project = await t.call('POST', '/api/projects', { token: creator.token, body: projectBody(templateId, { name: disguised(' launch ') }) });
    expect(project.status).toBe(200);
    expect(project.body.data.name).toBe('invoice launch');
    const plan = await t.call('POST', '/api/plans', { token: creator.token, body: { projectId: project.body.data.id, title: `Q1\u202Enalp`, dataType: 'MEDIA' } });
    expect(plan.status).toBe(200);
    expect(plan.body.data.title).toBe('Q1nalp');
    const template = await t.call('POST', '/api/templates', { token: admin, body: { name: `Media\u2067 ${randomUUID().slice(0, 4)}\u2069`, dataType: 'MEDIA' } });
    expect(template.status).toBe(200);
    expect(template.body.data.name).not.toMatch(CONTROL);
    const dataset = await t.call('POST', '/api/datasets', {
      token: uploader.token,
      body: { title: `Spend\u200F\u202E`, dataType: 'MEDIA', description: null, schemaInfo: [{ colName: 'day', colType: 'DATE', required: true, key: true }] },
    });
    expect(dataset.status).toBe(200);
    expect(dataset.body.data.title).toBe('Spend');
    // Nothing but controls is no name at all.
    const empty = await t.call('POST', '/api/projects', { token: creator.token, body: projectBody(templateId, { name: '\u202E\u2066\u200B' }) });
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors).toEqual([{ field: 'name', message: 'nameRequired' }]);
  });
});
