import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const MIB = 1024 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x10, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('zip body')]);

type Part = [name: string, value: string] | [name: string, value: Buffer, fileName: string, type?: string];

/** A multipart body as a browser's FormData would send it. */
async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const [name, value, fileName, type] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: type ?? 'application/octet-stream' }), fileName);
  }
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

async function upload(purpose: string, bytes: Buffer, fileName: string, token = admin, type?: string) {
  return t.call('POST', '/api/files', {
    token,
    ...(await multipart([
      ['purpose', purpose],
      ['file', bytes, fileName, type],
    ])),
  });
}

async function download(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** Every file under DATA_DIR/uploads, the temporary folder included. */
function filesOnDisk(): string[] {
  const root = join(t.config.dataDir, 'uploads');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
    : [];
}

describe('file store', () => {
  it('stores a preview under a random key with its metadata and serves it back with safe headers', async () => {
    const uploaded = await upload('template-preview', PNG, "Launch 'KV' (1);x.png", admin, 'image/png');
    expect(uploaded.status).toBe(200);
    const { fileId, url } = uploaded.body.data;
    expect(uploaded.body.data).toMatchObject({ originalName: "Launch 'KV' (1);x.png", type: 'image/png' });
    expect(url).toMatch(new RegExp(`^/api/files/${fileId}\\?token=`));

    const row = await t.db.selectFrom('uploaded_files').selectAll().where('id', '=', fileId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: 'template-preview',
      content_type: 'image/png',
      size_bytes: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
      created_by: accounts['system-admin'].id,
    });
    expect(row.storage_key).toMatch(/^[0-9a-f]{32}$/);
    expect(existsSync(join(t.config.dataDir, 'uploads', row.storage_key))).toBe(true);

    const served = await download(`/api/files/${fileId}`, { authorization: `Bearer ${admin}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
      'cache-control': 'no-store',
      'content-length': String(PNG.length),
      'content-disposition': `inline; filename="Launch 'KV' (1)_x.png"; filename*=UTF-8''Launch%20%27KV%27%20%281%29%3Bx.png`,
    });
    const again = await download(`/api/files/${fileId}`, { authorization: `Bearer ${admin}`, 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves other files as attachments with an RFC 5987 file name', async () => {
    const uploaded = await upload('template-dashboard', PDF, '../../보고서 Q1.pdf');
    expect(uploaded.body.data).toMatchObject({ originalName: '보고서 Q1.pdf', type: 'application/pdf' });
    const served = await download(uploaded.body.data.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="___ Q1.pdf"; filename*=UTF-8''${encodeURIComponent('보고서 Q1.pdf')}`);
  });

  it('decides the type by magic bytes, not by the declared type or the extension', async () => {
    const before = await dbSnapshot(t, ['uploaded_files']);
    const disk = filesOnDisk();
    for (const [bytes, name] of [
      [Buffer.from('just some text, not an image'), 'photo.png'],
      [Buffer.from('GIF89a....'), 'anim.gif'],
      [PDF, 'doc.png'],
      [Buffer.from('<svg onload=alert(1)>'), 'x.webp'],
    ] as const) {
      const refused = await upload('template-preview', bytes, name, admin, 'image/png');
      expect(refused.status, name).toBe(400);
      expect(refused.body.result).toBe('VALIDATION_ERROR');
      expect(refused.body.data.errors).toEqual([{ field: 'file', message: `${name} is not a PNG, JPEG or WebP image.` }]);
    }
    expect(await dbSnapshot(t, ['uploaded_files'])).toEqual(before);
    expect(filesOnDisk()).toEqual(disk);

    expect((await upload('template-preview', JPEG, 'really-a-jpeg.png', admin, 'image/png')).body.data.type).toBe('image/jpeg');
    expect((await upload('template-preview', WEBP, 'shot.webp')).body.data.type).toBe('image/webp');
  });

  it('accepts each purpose its own kinds only', async () => {
    const cases: [string, Buffer, string, string | undefined][] = [
      ['template-dashboard', Buffer.from('<?xml version="1.0"?><workbook/>'), 'sales.twb', 'application/xml'],
      ['template-dashboard', ZIP, 'sales.twbx', 'application/zip'],
      ['template-dashboard', Buffer.from(' {"sheets": []}'), 'layout.json', 'application/json'],
      ['template-dashboard', ZIP, 'layout.json', undefined],
      ['template-dashboard', PNG, 'shot.png', undefined],
      ['email-attachment', Buffer.from('a,b\n1,2\n'), 'rows.csv', 'text/csv'],
      ['email-attachment', ZIP, 'rows.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['email-attachment', PNG, 'logo.png', 'image/png'],
      ['email-attachment', Buffer.from('<?xml version="1.0"?>'), 'sales.twb', undefined],
      ['email-attachment', Buffer.from([0, 1, 2, 3]), 'binary.csv', undefined],
    ];
    for (const [purpose, bytes, name, type] of cases) {
      const reply = await upload(purpose, bytes, name);
      if (type) expect(reply.body.data?.type, `${purpose} ${name}`).toBe(type);
      else expect(reply.status, `${purpose} ${name}`).toBe(400);
    }
  });

  it('refuses an oversize file with 413 while streaming, leaving nothing on disk or in the database', async () => {
    const before = await dbSnapshot(t, ['uploaded_files']);
    const disk = filesOnDisk();
    const preview = await upload('template-preview', Buffer.concat([PNG, Buffer.alloc(5 * MIB)]), 'huge.png');
    expect(preview.status).toBe(413);
    expect(preview.body).toMatchObject({ result: 'PAYLOAD_TOO_LARGE', resultMessage: 'The file is larger than 5 MiB.' });
    expect(preview.body.data.errors).toEqual([{ field: 'file', message: 'The file is larger than 5 MiB.' }]);
    const attachment = await upload('email-attachment', Buffer.concat([PDF, Buffer.alloc(10 * MIB)]), 'huge.pdf');
    expect(attachment.status).toBe(413);
    expect(attachment.body.resultMessage).toBe('The file is larger than 10 MiB.');
    expect(await dbSnapshot(t, ['uploaded_files'])).toEqual(before);
    expect(filesOnDisk()).toEqual(disk);

    // The same 6 MiB is within the dashboard file limit.
    expect((await upload('template-dashboard', Buffer.concat([PDF, Buffer.alloc(6 * MIB)]), 'big.pdf')).status).toBe(200);
  });

  it('answers 400 for an unknown or missing purpose and a malformed upload', async () => {
    const before = await dbSnapshot(t, ['uploaded_files']);
    const disk = filesOnDisk();
    const unknown = await upload('avatar', PNG, 'a.png');
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors[0].field).toBe('purpose');
    const bodies: Part[][] = [
      [['file', PNG, 'a.png']],
      [
        ['file', PNG, 'a.png'],
        ['purpose', 'template-preview'],
      ],
      [['purpose', 'template-preview']],
      [
        ['purpose', 'template-preview'],
        ['file', PNG, 'a.png'],
        ['file', PNG, 'b.png'],
      ],
      [
        ['purpose', 'template-preview'],
        ['name', 'x'],
        ['file', PNG, 'a.png'],
      ],
      [
        ['purpose', 'template-preview'],
        ['file', Buffer.alloc(0), 'empty.png'],
      ],
    ];
    for (const parts of bodies) {
      const reply = await t.call('POST', '/api/files', { token: admin, ...(await multipart(parts)) });
      expect(reply.status, JSON.stringify(parts.map((part) => part[0]))).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
    }
    expect((await t.call('POST', '/api/files', { token: admin, body: { purpose: 'template-preview' } })).status).toBe(400);
    expect(await dbSnapshot(t, ['uploaded_files'])).toEqual(before);
    expect(filesOnDisk()).toEqual(disk);
  });

  it('keeps the 1 MiB limit on JSON bodies elsewhere', async () => {
    const reply = await t.call('POST', '/api/domains', { token: admin, body: { domain: 'x.com', description: 'x'.repeat(2 * MIB) } });
    expect(reply.status).toBe(413);
  });

  it('lets any signed-in rank upload and read, but nobody signed out', async () => {
    const user = accounts.user.token;
    const uploaded = await upload('template-preview', PNG, 'user.png', user);
    expect(uploaded.status).toBe(200);
    expect((await download(`/api/files/${uploaded.body.data.fileId}`, { authorization: `Bearer ${user}` })).statusCode).toBe(200);
    const before = await dbSnapshot(t, ['uploaded_files']);
    expect(
      (
        await t.call(
          'POST',
          '/api/files',
          await multipart([
            ['purpose', 'template-preview'],
            ['file', PNG, 'anon.png'],
          ]),
        )
      ).status,
    ).toBe(401);
    expect((await download(`/api/files/${uploaded.body.data.fileId}`)).statusCode).toBe(401);
    expect(await dbSnapshot(t, ['uploaded_files'])).toEqual(before);
  });

  it('answers 404 for an unknown file and 400 for a malformed id', async () => {
    const unknown = await download(`/api/files/${randomUUID()}`, { authorization: `Bearer ${admin}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().result).toBe('NOT_FOUND');
    expect((await download('/api/files/1', { authorization: `Bearer ${admin}` })).statusCode).toBe(400);
  });

  it('serves a file by its link token alone, only that file, only for an hour', async () => {
    const first = (await upload('template-preview', PNG, 'one.png')).body.data;
    const second = (await upload('template-preview', JPEG, 'two.jpg')).body.data;
    expect((await download(first.url)).statusCode).toBe(200);
    const token = new URL(first.url, 'http://x').searchParams.get('token');
    const crossed = await download(`/api/files/${second.fileId}?token=${token}`);
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().result).toBe('TOKEN_UNAUTHORIZED');
    expect((await download(`/api/files/${first.fileId}?token=${token}x`)).statusCode).toBe(401);
    // An access token is not a link token.
    expect((await download(`/api/files/${first.fileId}?token=${admin}`)).statusCode).toBe(401);
    t.clock.advance(61 * 60_000);
    try {
      expect((await download(first.url)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });
});
