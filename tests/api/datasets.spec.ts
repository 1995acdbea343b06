import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { DatasetInput } from '../../src/shared';
import { dbSnapshot, type RankAccounts, signedInAccount, type TestApp, withRankAccounts } from './harness';
import { MEDIA_SCHEMA, commit, createDataset, datasetRows, preview } from './uploads-support';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
let uploader: { id: number; token: string };
const TABLES = ['datasets', 'dataset_columns', 'dataset_rows', 'upload_histories'] as const;

withRankAccounts((suite) => ({ t, accounts, admin } = suite));
beforeAll(async () => {
  uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
});

const body = (overrides: Record<string, unknown> = {}) => ({ title: 'Search spend', dataType: 'media', description: 'Weekly search', schemaInfo: MEDIA_SCHEMA, ...overrides });

describe('datasets', () => {
  it('creates, reads, lists, updates and deletes a dataset with its schema and audit fields', async () => {
    const created = await t.call('POST', '/api/datasets', { token: uploader.token, body: body() });
    expect(created.status).toBe(200);
    const dataset = created.body.data;
    expect(dataset).toMatchObject({ title: 'Search spend', dataType: 'MEDIA', dataTypeName: 'Media', rowCount: 0, schemaLocked: false, createdBy: 'user Tester', updatedBy: 'user Tester' });
    expect(dataset.schemaInfo).toEqual(MEDIA_SCHEMA);
    expect(dataset.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const listed = await t.call('GET', `/api/datasets?filter=${encodeURIComponent(JSON.stringify({ q: 'search' }))}&sort=${encodeURIComponent('["title","ASC"]')}`, { token: accounts.user.token });
    expect(listed.body.data.list.map((row: { title: string }) => row.title)).toEqual(['Search spend']);
    expect((await t.call('GET', `/api/datasets?filter=${encodeURIComponent('{"owner":1}')}`, { token: admin })).status).toBe(400);

    const schemaInfo = [...MEDIA_SCHEMA, { colName: 'spend', colType: 'VARCHAR', required: false, key: false }];
    const updated = await t.call('PUT', `/api/datasets/${dataset.id}`, { token: admin, body: body({ title: 'Search spend 2', schemaInfo }) });
    expect(updated.status).toBe(200);
    expect(updated.body.data.schemaInfo.map((column: { colName: string }) => column.colName)).toEqual(['date', 'campaign_id', 'channel', 'impressions', 'spend']);
    expect(updated.body.data.updatedBy).toBe('system-admin Tester');

    const deleted = await t.call('DELETE', `/api/datasets/${dataset.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect((await t.call('GET', `/api/datasets/${dataset.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    await createDataset(t, admin, MEDIA_SCHEMA, 'Taken title');
    const before = await dbSnapshot(t, TABLES);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ title: 'x'.repeat(101) }, 'title', 400],
      [{ title: '' }, 'title', 400],
      [{ dataType: 'NOPE' }, 'dataType', 400],
      [{ schemaInfo: [] }, 'schemaInfo', 400],
      [{ schemaInfo: [{ colName: 'date', colType: 'BOOLEAN' }] }, 'schemaInfo.0.colType', 400],
      [{ schemaInfo: [{ colName: '1st col', colType: 'VARCHAR' }] }, 'schemaInfo.0.colName', 400],
      [
        {
          schemaInfo: [
            { colName: 'a', colType: 'VARCHAR' },
            { colName: 'A', colType: 'DATE' },
          ],
        },
        'schemaInfo.1.colName',
        400,
      ],
      [{ schemaInfo: [{ colName: 'a', colType: 'VARCHAR', key: true, required: false }] }, 'schemaInfo.0.required', 400],
      [{ title: 'Taken title' }, 'title', 409],
    ];
    for (const [overrides, field, status] of cases) {
      const reply = await t.call('POST', '/api/datasets', { token: admin, body: body(overrides) });
      expect(reply.status, JSON.stringify(overrides)).toBe(status);
      expect(reply.body.data.errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });

  it('locks the schema once data exists, with a clear message, but still edits the title', async () => {
    const id = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, id, 'one.csv', 'date,campaign_id,channel,impressions\n2024-01-01,C1,search,10\n');
    expect((await commit(t, uploader.token, upload.id)).status).toBe('SUCCESS');
    const locked = await t.call('GET', `/api/datasets/${id}`, { token: admin });
    expect(locked.body.data).toMatchObject({ rowCount: 1, schemaLocked: true });

    // The answer carries the message key and the column (the browser words it); resultMessage is its English.
    const refusals: [DatasetInput['schemaInfo'], string, string, string][] = [
      [MEDIA_SCHEMA.slice(0, 2), 'columnNotRemovable', 'channel', 'Column channel cannot be removed: the dataset holds rows with its values.'],
      [
        [{ ...MEDIA_SCHEMA[0], colName: 'day' }, ...MEDIA_SCHEMA.slice(1)],
        'columnNotChangeable',
        'date',
        'Column date cannot be renamed, moved or changed while the dataset holds rows; add a new column instead.',
      ],
      [
        [...MEDIA_SCHEMA.slice(0, 3), { ...MEDIA_SCHEMA[3], colType: 'DATE' }],
        'columnNotChangeable',
        'impressions',
        'Column impressions cannot be renamed, moved or changed while the dataset holds rows; add a new column instead.',
      ],
      [
        [...MEDIA_SCHEMA, { colName: 'spend', colType: 'VARCHAR', required: true, key: false }],
        'newColumnOptional',
        'spend',
        'New column spend must be optional and not part of the key: the rows already stored have no value for it.',
      ],
    ];
    for (const [schemaInfo, key, name, message] of refusals) {
      const changed = await t.call('PUT', `/api/datasets/${id}`, { token: admin, body: body({ title: 'Locked set', schemaInfo }) });
      expect(changed.status).toBe(409);
      expect(changed.body.resultMessage).toBe(message);
      expect(changed.body.data.errors).toEqual([{ field: 'schemaInfo', message: key, params: { name } }]);
    }
    expect((await t.call('GET', `/api/datasets/${id}`, { token: admin })).body.data).toMatchObject({ title: locked.body.data.title, schemaInfo: MEDIA_SCHEMA });
    const retitled = await t.call('PUT', `/api/datasets/${id}`, { token: admin, body: body({ title: 'Locked set', schemaInfo: MEDIA_SCHEMA }) });
    expect(retitled.status).toBe(200);
    expect(retitled.body.data.title).toBe('Locked set');
  });

  it('adds an optional column to a dataset that holds rows; the stored rows read it as empty', async () => {
    const id = await createDataset(t, uploader.token);
    await commit(t, uploader.token, (await preview(t, uploader.token, id, 'one.csv', 'date,campaign_id,channel,impressions\n2024-01-01,C1,search,10\n')).id);
    const schemaInfo = [...MEDIA_SCHEMA, { colName: 'spend', colType: 'VARCHAR' as const, required: false, key: false }];
    const grown = await t.call('PUT', `/api/datasets/${id}`, { token: uploader.token, body: body({ title: `Grown ${id}`, schemaInfo }) });
    expect(grown.status).toBe(200);
    expect(grown.body.data).toMatchObject({ schemaInfo, rowCount: 1, schemaLocked: true });
    await commit(t, uploader.token, (await preview(t, uploader.token, id, 'two.csv', 'date,campaign_id,channel,impressions,spend\n2024-01-02,C1,search,20,3.50\n')).id);
    const rows = await datasetRows(t, id);
    expect(rows.map((row) => schemaInfo.map((_, index) => row.values[index] ?? null))).toEqual([
      ['2024-01-01', 'C1', 'search', '10', null],
      ['2024-01-02', 'C1', 'search', '20', '3.50'],
    ]);
  });

  it('lets only uploaders and user managers write datasets; every rank-5 user reads them', async () => {
    const id = await createDataset(t, admin);
    expect((await t.call('POST', '/api/datasets', { token: accounts.user.token, body: body({ title: 'Nope' }) })).status).toBe(403);
    expect((await t.call('PUT', `/api/datasets/${id}`, { token: accounts.user.token, body: body({ title: 'Nope' }) })).status).toBe(403);
    expect((await t.call('DELETE', `/api/datasets/${id}`, { token: accounts.user.token })).status).toBe(403);
    expect((await t.call('GET', `/api/datasets/${id}`, { token: accounts.user.token })).status).toBe(200);
    expect((await t.call('POST', '/api/datasets', { token: accounts['local-admin'].token, body: body({ title: 'By a local admin' }) })).status).toBe(200);
    expect((await t.call('GET', '/api/datasets')).status).toBe(401);
  });
});

describe('master info', () => {
  it('lists the seeded master schemas with typed headers, filtered by data type', async () => {
    const all = await t.call('GET', '/api/master-info', { token: accounts.user.token });
    expect(all.status).toBe(200);
    const media = all.body.data.find((info: { metric: string }) => info.metric === 'Media performance (daily)');
    expect(media).toMatchObject({ dataSource: 'MASTER', dataType: 'MEDIA' });
    expect(media.headers).toContainEqual({ field: 'impressions', type: 'NUMBER' });
    expect(media.headers).toContainEqual({ field: 'date', type: 'DATE' });
    expect(media.headers).toContainEqual({ field: 'campaign_name', type: 'STRING' });
    const crm = await t.call('GET', '/api/master-info?dataType=crm', { token: accounts.user.token });
    expect(crm.body.data.map((info: { dataType: string }) => info.dataType)).toEqual(['CRM']);
  });
});

describe('manual permissions', () => {
  it('lets a user manager grant and revoke UPLOADER, which takes effect on the next call', async () => {
    const person = await signedInAccount(t, 'grantee@example.com', 'user');
    const id = await createDataset(t, admin);
    const csv = 'date,campaign_id,channel,impressions\n2024-01-01,C1,search,10\n';
    expect((await preview(t, uploader.token, id, 'a.csv', csv)).status).toBe('READY');

    const refused = await t.call('GET', '/api/uploads', { token: person.token });
    expect(refused.status).toBe(403);
    expect(refused.body.resultMessage).toMatch(/UPLOADER/);

    const granted = await t.call('POST', '/api/manual-permissions', { token: accounts['global-admin'].token, body: { adminId: person.id, privType: 'UPLOADER' } });
    expect(granted.status).toBe(200);
    const listed = await t.call('GET', `/api/manual-permissions?filter=${encodeURIComponent('{"privType":"UPLOADER","q":"grantee"}')}`, { token: admin });
    expect(listed.body.data.list).toEqual([{ adminId: person.id, name: 'user Tester', email: 'grantee@example.com', privType: 'UPLOADER' }]);
    expect((await preview(t, person.token, id, 'b.csv', csv)).status).toBe('READY');

    expect((await t.call('DELETE', `/api/manual-permissions/${person.id}`, { token: admin })).status).toBe(200);
    const after = await t.call('GET', `/api/manual-permissions?filter=${encodeURIComponent('{"q":"grantee"}')}`, { token: admin });
    expect(after.body.data.list[0].privType).toBeNull();
    expect((await t.call('GET', '/api/uploads', { token: person.token })).status).toBe(403);
  });

  it("filters by privType in the API's words: UPLOADER the holders, NONE the others, anything else a 400", async () => {
    const listed = async (privType: string) => {
      const reply = await t.call('GET', `/api/manual-permissions?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ privType }))}`, { token: admin });
      expect(reply.status).toBe(200);
      return reply.body.data as { totalCount: number; list: { email: string; privType: string | null }[] };
    };
    const holders = await listed('UPLOADER');
    expect(holders.list.map((row) => row.email)).toContain('uploader@example.com');
    expect(holders.list.every((row) => row.privType === 'UPLOADER')).toBe(true);
    const others = await listed('NONE');
    expect(others.list.map((row) => row.email)).toContain(accounts.user.email);
    expect(others.list.every((row) => row.privType === null)).toBe(true);
    const everyone = await t.call('GET', '/api/manual-permissions', { token: admin });
    expect(holders.totalCount + others.totalCount).toBe(everyone.body.data.totalCount);

    // The column's own Y/N is not the API's word.
    for (const privType of ['ADMIN', 'Y']) {
      const refused = await t.call('GET', `/api/manual-permissions?filter=${encodeURIComponent(JSON.stringify({ privType }))}`, { token: admin });
      expect([refused.status, refused.body.data.errors]).toEqual([400, [{ field: 'filter.privType', message: 'privType must be one of UPLOADER, NONE.' }]]);
    }
  });

  it('is managed by ranks 1–4 only, within their scope', async () => {
    const person = await signedInAccount(t, 'far@example.com', 'user', { region_code: 'EMEA', office_code: 'DE' });
    expect((await t.call('GET', '/api/manual-permissions', { token: accounts.user.token })).status).toBe(403);
    expect((await t.call('POST', '/api/manual-permissions', { token: accounts.user.token, body: { adminId: person.id, privType: 'UPLOADER' } })).status).toBe(403);
    // A region-admin of APAC does not see an EMEA account.
    expect((await t.call('POST', '/api/manual-permissions', { token: accounts['region-admin'].token, body: { adminId: person.id, privType: 'UPLOADER' } })).status).toBe(404);
    expect((await t.call('POST', '/api/manual-permissions', { token: admin, body: { adminId: person.id, privType: 'ADMIN' } })).status).toBe(400);
  });
});

describe('a dataset proposed from a file', () => {
  const infer = (fileName: string, content: Buffer | string, token = uploader.token) => {
    const boundary = 'x-infer-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/datasets/infer', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  };

  it('proposes column names from the header and types from the values, storing nothing', async () => {
    const before = await dbSnapshot(t, ['datasets', 'dataset_columns', 'upload_histories']);
    const reply = await infer('Spring sales.csv', 'Day,Campaign ID,2nd channel,Day\n2024-03-01,C1,search,x\n03/02/2024,C2,,y\n');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({
      title: 'Spring sales',
      sampledRows: 2,
      schemaInfo: [
        { colName: 'Day', colType: 'DATE', required: false, key: false },
        { colName: 'Campaign_ID', colType: 'VARCHAR', required: false, key: false },
        { colName: 'column_2nd_channel', colType: 'VARCHAR', required: false, key: false },
        { colName: 'Day_2', colType: 'VARCHAR', required: false, key: false },
      ],
      reasons: [
        { reason: 'DATES', count: 2, example: '2024-03-01' },
        { reason: 'TEXT', count: 2, example: 'C1' },
        { reason: 'TEXT', count: 1, example: 'search' },
        { reason: 'TEXT', count: 2, example: 'x' },
      ],
    });
    expect(await dbSnapshot(t, ['datasets', 'dataset_columns', 'upload_histories'])).toEqual(before);
  });

  it('reads an XLSX the same way, and refuses what is not a table it can read', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data');
    sheet.addRow(['date', 'spend']);
    sheet.addRow([new Date(Date.UTC(2024, 0, 1)), 12.5]);
    const xlsx = await infer('q1.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(xlsx.json().data.schemaInfo.map((column: { colName: string; colType: string }) => [column.colName, column.colType])).toEqual([
      ['date', 'DATE'],
      ['spend', 'NUMBER'],
    ]);

    const refusals: [string, string | Buffer, string][] = [
      ['notes.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), 'notes.txt is not a CSV or XLSX file.'],
      ['blank.csv', '\n\n', 'The file is empty: it has no header row.'],
    ];
    for (const [name, content, message] of refusals) {
      const reply = await infer(name, content);
      expect(reply.statusCode, name).toBe(400);
      expect(reply.json().data.errors[0]).toEqual({ field: 'file', message });
    }
    expect((await infer('a.csv', 'a,b\n1,2\n', accounts.user.token)).statusCode).toBe(403);
  });
});
