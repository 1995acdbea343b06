import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSelectableTemplate } from '../../src/shared';
import { dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);
const PDF = Buffer.from('%PDF-1.7\n');
const TABLES = ['templates', 'template_previews', 'uploaded_files'] as const;

/** Uploads through POST /api/files as the browser does, answering the file id. */
async function upload(purpose: string, bytes: Buffer, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const encoded = new Response(form);
  const reply = await t.call('POST', '/api/files', {
    token: admin,
    body: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.data.fileId;
}

const create = (body: unknown, token = admin) => t.call('POST', '/api/templates', { token, body });
const list = (params: Record<string, unknown>, token = admin) =>
  t.call('GET', `/api/templates?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token });
const names = (reply: { body: { data: { list: { name: string }[] } } }) => reply.body.data.list.map((row) => row.name);

describe('dashboard templates', () => {
  it('creates, reads, updates and deletes a template with its dashboard file and ordered previews', async () => {
    const [first, second] = [await upload('template-preview', PNG, 'first.png'), await upload('template-preview', PNG, 'second.png')];
    const dashboard = await upload('template-dashboard', PDF, 'layout.pdf');
    const created = await create({ name: ' Media overview ', dataType: 'media', description: 'Spend and reach', fileId: dashboard, previews: [{ fileId: first }, { fileId: second }] });
    expect(created.status).toBe(200);
    const template = created.body.data;
    expect(template).toMatchObject({ name: 'Media overview', dataType: 'MEDIA', dataTypeName: 'Media', description: 'Spend and reach', status: 'Y', fileId: dashboard });
    expect(template.file).toMatchObject({ fileId: dashboard, originalName: 'layout.pdf', type: 'application/pdf' });
    expect(template.previews.map((preview: { fileId: string }) => preview.fileId)).toEqual([first, second]);
    expect(template.previews[0]).toMatchObject({ originalName: 'first.png', type: 'image/png' });
    // The preview links work in an <img>, without the Bearer header.
    expect((await t.app.inject({ method: 'GET', url: template.previews[1].url })).statusCode).toBe(200);

    const shown = await t.call('GET', `/api/templates/${template.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ name: 'Media overview', createdAt: template.createdAt });

    // A read record can be sent back as it is; the previews' extra keys are ignored.
    const { name, dataType, description, fileId } = template;
    const updated = await t.call('PUT', `/api/templates/${template.id}`, { token: admin, body: { name, dataType, description, fileId, status: 'N', previews: [template.previews[1]] } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ status: 'N' });
    expect(updated.body.data.previews.map((preview: { fileId: string }) => preview.fileId)).toEqual([second]);
    const cleared = await t.call('PUT', `/api/templates/${template.id}`, { token: admin, body: { name, dataType, fileId: null, previews: [] } });
    expect(cleared.body.data).toMatchObject({ fileId: null, file: null, previews: [], status: 'Y', description: null });

    const deleted = await t.call('DELETE', `/api/templates/${template.id}`, { token: admin });
    expect(deleted.body.data.name).toBe('Media overview');
    expect((await t.call('GET', `/api/templates/${template.id}`, { token: admin })).status).toBe(404);
    expect(await t.db.selectFrom('template_previews').selectAll().where('template_id', '=', template.id).execute()).toEqual([]);
    // The uploaded files stay in the store.
    expect(await t.db.selectFrom('uploaded_files').select('id').where('id', 'in', [first, second, dashboard]).execute()).toHaveLength(3);
    expect((await t.call('PUT', `/api/templates/${template.id}`, { token: admin, body: { name, dataType } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/templates/${template.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses bad input with field messages and a duplicate name with 409, saving nothing', async () => {
    const preview = await upload('template-preview', PNG, 'p.png');
    const dashboard = await upload('template-dashboard', PDF, 'd.pdf');
    await create({ name: 'Taken', dataType: 'CRM' });
    const before = await dbSnapshot(t, TABLES);
    const refusals: [unknown, string][] = [
      [{ name: 'A', dataType: 'NOPE' }, 'dataType'],
      [{ name: 'A', dataType: 'CRM', previews: [{ fileId: randomUUID() }] }, 'previews'],
      [{ name: 'A', dataType: 'CRM', previews: [{ fileId: dashboard }] }, 'previews'],
      [{ name: 'A', dataType: 'CRM', fileId: preview }, 'fileId'],
      [{ name: 'A', dataType: 'CRM', fileId: randomUUID() }, 'fileId'],
      [{ name: 'A', dataType: 'CRM', previews: [{ fileId: preview }, { fileId: preview }] }, 'previews'],
      [{ name: 'A', dataType: 'CRM', previews: [{ fileId: 'not-an-id' }] }, 'previews.0.fileId'],
      [{ name: '  ', dataType: 'CRM' }, 'name'],
      [{ name: 'A', dataType: 'CRM', status: 'X' }, 'status'],
      [{ name: 'A' }, 'dataType'],
    ];
    for (const [body, field] of refusals) {
      const reply = await create(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
      expect(
        reply.body.data.errors.map((error: { field: string }) => error.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await create({ name: 'A', dataType: 'CRM', extra: 1 })).status).toBe(400);
    const duplicate = await create({ name: 'Taken', dataType: 'MEDIA' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data.errors).toEqual([{ field: 'name', message: 'A template named Taken already exists.' }]);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });

  it('pages, sorts, filters and searches on the server', async () => {
    for (let i = 0; i < 12; i++) {
      await create({ name: `List ${String(i).padStart(2, '0')}`, dataType: i % 2 ? 'CRM' : 'RETAIL', status: i % 3 === 0 ? 'N' : 'Y', description: i === 5 ? 'Quarterly roll-up' : null });
    }
    const first = await list({ sort: ['name', 'DESC'], range: [0, 4], filter: { q: 'list' } });
    expect(first.body.data).toMatchObject({ totalCount: 12, totalPage: 3, currentPage: 1 });
    expect(names(first)).toEqual(['List 11', 'List 10', 'List 09', 'List 08', 'List 07']);
    expect(names(await list({ sort: ['name', 'DESC'], range: [10, 14], filter: { q: 'list' } }))).toEqual(['List 01', 'List 00']);
    expect((await list({ filter: { dataType: 'RETAIL', status: 'N' } })).body.data.totalCount).toBe(2);
    expect(names(await list({ filter: { q: 'quarterly' } }))).toEqual(['List 05']);
    expect((await list({ filter: { name: 'ist 1' } })).body.data.totalCount).toBe(2);
    const byType = await list({ sort: ['dataType', 'ASC'], range: [0, 99], filter: { q: 'List' } });
    expect(byType.body.data.list.map((row: { dataType: string }) => row.dataType)).toEqual([...Array(6).fill('CRM'), ...Array(6).fill('RETAIL')]);
    for (const search of ['sort=["data_type_code","ASC"]', 'filter={"description":"x"}', 'range=[3,1]']) {
      expect((await t.call('GET', `/api/templates?${search}`, { token: admin })).status, search).toBe(400);
    }
  });

  it('refuses writes from ranks 2–5 with 403 and changes nothing', async () => {
    const { body } = await create({ name: 'Guarded', dataType: 'MEDIA' });
    const before = await dbSnapshot(t, TABLES);
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      const token = accounts[authority].token;
      expect((await create({ name: 'Sneaky', dataType: 'MEDIA' }, token)).status).toBe(403);
      expect((await create({ name: '' }, token)).status).toBe(403);
      expect((await t.call('PUT', `/api/templates/${body.data.id}`, { token, body: { name: 'Renamed', dataType: 'MEDIA' } })).status).toBe(403);
      expect((await t.call('DELETE', `/api/templates/${body.data.id}`, { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/templates')).status).toBe(401);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });

  it('lets every signed-in rank read the active templates only', async () => {
    const preview = await upload('template-preview', PNG, 'active.png');
    const active = (await create({ name: 'Reader active', dataType: 'SOCIAL', previews: [{ fileId: preview }] })).body.data;
    const inactive = (await create({ name: 'Reader inactive', dataType: 'SOCIAL', status: 'N' })).body.data;
    expect(names(await list({ filter: { dataType: 'SOCIAL' } }))).toEqual(['Reader inactive', 'Reader active']);
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      const token = accounts[authority].token;
      const offered = await list({ filter: { status: 'Y', dataType: 'SOCIAL' } }, token);
      expect(offered.status).toBe(200);
      expect(names(offered)).toEqual(['Reader active']);
      expect(names(await list({ filter: { dataType: 'SOCIAL' } }, token))).toEqual(['Reader active']);
      expect((await list({ filter: { status: 'N' } }, token)).body.data.totalCount).toBe(0);
      expect((await t.call('GET', `/api/templates/${active.id}`, { token })).body.data.previews[0].fileId).toBe(preview);
      expect((await t.call('GET', `/api/templates/${inactive.id}`, { token })).status).toBe(404);
    }
    expect([active, inactive].map(isSelectableTemplate)).toEqual([true, false]);
  });
});
