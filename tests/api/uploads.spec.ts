import { existsSync, readFileSync, readdirSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isSqlite } from '../../server/db/database';
import type { FastifyRequest } from 'fastify';
import { issueLink } from '../../server/links';
import { STAGED_TABLE } from '../../server/modules/uploads/staging';
import { MAX_LISTED_PROBLEMS } from '../../src/shared';
import { dbSnapshot, type RankAccounts, signedInAccount, type TestApp, withRankAccounts } from './harness';
import { commit, createDataset, datasetRows, multipartBody, postFile, preview } from './uploads-support';

let t: TestApp;
let accounts: RankAccounts;
let uploader: { id: number; token: string };
const TABLES = ['datasets', 'dataset_rows', 'upload_histories'] as const;
const HEADER = 'date,campaign_id,channel,impressions';

withRankAccounts((suite) => ({ t, accounts } = suite));
beforeAll(async () => {
  uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
});

/**
 * Where an upload's checked rows wait: its staging file on this instance (SQLite), or, on a shared
 * PostgreSQL, the copy in the file store (here the local store) that any instance may commit from.
 */
async function stagingFileOf(uploadId: number): Promise<string> {
  const { staging_key: key } = await t.db.selectFrom('upload_histories').select('staging_key').where('id', '=', uploadId).executeTakeFirstOrThrow();
  if (isSqlite(t.db)) expect(key).toBeNull();
  else stagingKeys.set(uploadId, key ?? stagingKeys.get(uploadId)!);
  return isSqlite(t.db) ? join(t.config.dataDir, 'uploads', '.staging', `${uploadId}.db`) : (await t.app.ctx.files.localCopy(stagingKeys.get(uploadId)!)).path;
}
const stagingKeys = new Map<number, string>();

const problemsOf = (upload: { preview?: { problems: { row: number; column: string; reason: string }[] } | null }) =>
  upload.preview!.problems.map(({ row, column, reason }) => `${row}:${column}:${reason}`);

describe('manual upload: preview and commit', () => {
  it('previews headers, first rows and the count, commits, and lists the upload in the history with its file', async () => {
    const id = await createDataset(t, uploader.token);
    const csv = `${HEADER}\n2024-01-01,C1,search,100\n2024-01-02,C1,social,200\n2024-01-02,C2,,\n`;
    const upload = await preview(t, uploader.token, id, 'january.csv', csv);
    expect(upload).toMatchObject({ status: 'READY', fileName: 'january.csv', rowCount: 3, problemCount: 0 });
    expect(upload.preview).toEqual({
      headers: ['date', 'campaign_id', 'channel', 'impressions'],
      rows: [
        ['2024-01-01', 'C1', 'search', '100'],
        ['2024-01-02', 'C1', 'social', '200'],
        ['2024-01-02', 'C2', null, null],
      ],
      problemRows: [],
      uploadedCount: 3,
      problems: [],
      problemCount: 0,
    });
    expect(await datasetRows(t, id)).toEqual([]);
    // The checked rows wait in the upload's staging file until the commit, which removes it.
    const staged = new SqliteDatabase(await stagingFileOf(upload.id), { readonly: true, fileMustExist: true });
    expect(staged.prepare(`select row, row_key, row_values from ${STAGED_TABLE} order by row`).all()).toEqual([
      { row: 2, row_key: '2024-01-01\u001fC1', row_values: '["2024-01-01","C1","search","100"]' },
      { row: 3, row_key: '2024-01-02\u001fC1', row_values: '["2024-01-02","C1","social","200"]' },
      { row: 4, row_key: '2024-01-02\u001fC2', row_values: '["2024-01-02","C2",null,null]' },
    ]);
    staged.close();

    const done = await commit(t, uploader.token, upload.id);
    expect(done).toMatchObject({ status: 'SUCCESS', uploadedCount: 3, mode: 'APPEND', updatedBy: 'user Tester', reason: null });
    // Removed just after the commit's transaction ends.
    await vi.waitFor(async () => expect(existsSync(await stagingFileOf(upload.id))).toBe(false), { timeout: 10_000 });
    expect((await datasetRows(t, id)).map((row) => row.values)).toEqual([
      ['2024-01-01', 'C1', 'search', '100'],
      ['2024-01-02', 'C1', 'social', '200'],
      ['2024-01-02', 'C2', null, null],
    ]);

    const history = await t.call('GET', `/api/uploads?filter=${encodeURIComponent(JSON.stringify({ datasetId: id }))}`, { token: uploader.token });
    expect(history.body.data.list).toHaveLength(1);
    expect(history.body.data.list[0]).toMatchObject({ fileName: 'january.csv', status: 'SUCCESS', uploadedCount: 3, updatedBy: 'user Tester' });

    // The original comes back byte for byte, by Bearer header or by the signed link.
    const byHeader = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/file`, headers: { authorization: `Bearer ${uploader.token}` } });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.body).toBe(csv);
    expect(byHeader.headers['content-disposition']).toContain('january.csv');
    const byLink = await t.app.inject({ method: 'GET', url: history.body.data.list[0].fileUrl });
    expect(byLink.body).toBe(csv);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/file?token=forged` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/file`, headers: { authorization: `Bearer ${accounts.user.token}` } })).statusCode).toBe(403);

    const again = await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: uploader.token, body: { mode: 'APPEND' } });
    expect(again.status).toBe(409);
  });

  it('lists every row-level problem with row, column and reason, fails the upload and writes nothing', async () => {
    const id = await createDataset(t, uploader.token);
    const csv = [
      HEADER,
      '2024-01-01,C1,search,1',
      ',C2,search,2', // missing required date
      '2024-02-30,C3,search,3', // no such day
      '2024-01-01,C1,display,4', // same key as row 2
      '2024-01-05,C5,search,5,extra', // a cell past the header
      '2024-01-06,=HYPERLINK("http://x"),search,6', // formula injection
      '2024-01-07,C7,@SUM(A1),7',
      '2024-01-08,C8,search,-12', // a plain negative number is fine
    ].join('\n');
    const before = await dbSnapshot(t, ['dataset_rows']);
    const upload = await preview(t, uploader.token, id, 'bad.csv', csv);
    expect(upload.status).toBe('FAIL');
    expect(upload.reason).toBe('6 problems found in the file; fix them and upload it again.');
    expect(problemsOf(upload)).toEqual(['3:date:MISSING_REQUIRED', '4:date:BAD_DATE', '5:date, campaign_id:DUPLICATE_KEY', '6:#5:UNKNOWN_COLUMN', '7:campaign_id:FORMULA', '8:channel:FORMULA']);
    expect(upload.preview!.problems[2].message).toBe('Row 2 has the same key (date, campaign_id).');
    expect(upload.preview!.uploadedCount).toBe(8);
    const refused = await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: uploader.token, body: { mode: 'APPEND' } });
    expect(refused.status).toBe(409);
    expect(await dbSnapshot(t, ['dataset_rows'])).toEqual(before);
    expect(readdirSync(join(t.config.dataDir, 'uploads', '.staging'))).not.toContain(`${upload.id}.db`);
  });

  it('keeps the cells of later rows with problems, so the preview shows each problem in its row', async () => {
    const id = await createDataset(t, uploader.token);
    const good = Array.from({ length: 24 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')},G${i},search,${i}`);
    const csv = [HEADER, '2024-02-30,C0,search,0', ...good, '2024-02-31,C26,search,26', '2024-03-01,=1+1,search,27'].join('\n');
    const upload = await preview(t, uploader.token, id, 'late.csv', csv);
    expect(problemsOf(upload)).toEqual(['2:date:BAD_DATE', '27:date:BAD_DATE', '28:campaign_id:FORMULA']);
    // Row 2 is among the first rows already shown; rows 27 and 28 come with their cells.
    expect(upload.preview!.rows[0]).toEqual(['2024-02-30', 'C0', 'search', '0']);
    expect(upload.preview!.problemRows).toEqual([
      { row: 27, cells: ['2024-02-31', 'C26', 'search', '26'] },
      { row: 28, cells: ['2024-03-01', '=1+1', 'search', '27'] },
    ]);
  });

  it('lists the first problems by row, duplicates among them, and counts them all', async () => {
    const id = await createDataset(t, uploader.token);
    // Row 2 holds key K; rows 3–402 repeat it (400 duplicates, found after the file is read);
    // rows 403–1002 have bad dates (600 problems, found while reading). 1,000 problems in all.
    const lines = [HEADER, '2024-01-01,K,search,1'];
    for (let n = 0; n < 400; n += 1) lines.push(`2024-01-01,K,search,${n}`);
    for (let n = 0; n < 600; n += 1) lines.push(`2024-13-01,B${n},search,${n}`);
    const upload = await preview(t, uploader.token, id, 'many.csv', lines.join('\n'));
    expect(upload).toMatchObject({ status: 'FAIL', problemCount: 1000, reason: '1000 problems found in the file; fix them and upload it again.' });
    const listed = upload.preview!.problems;
    expect(listed).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(listed.map((problem) => problem.row)).toEqual(Array.from({ length: MAX_LISTED_PROBLEMS }, (_, n) => n + 3));
    expect(listed[0]).toMatchObject({ reason: 'DUPLICATE_KEY', message: 'Row 2 has the same key (date, campaign_id).' });
    expect(listed[399].reason).toBe('DUPLICATE_KEY');
    expect(listed[400]).toMatchObject({ row: 403, reason: 'BAD_DATE' });
  });

  it("fails a file that claims to be XLSX but cannot be read, with the reader's reason, keeping no staged rows", async () => {
    const id = await createDataset(t, uploader.token);
    // A ZIP signature and then nothing a workbook holds.
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]);
    const upload = await preview(t, uploader.token, id, 'broken.xlsx', broken);
    expect(upload.status).toBe('FAIL');
    expect(upload.reason).toMatch(/^The file could not be read as XLSX: ./);
    expect(readdirSync(join(t.config.dataDir, 'uploads', '.staging'))).not.toContain(`${upload.id}.db`);
  });

  it('reports a header that does not match the schema', async () => {
    const id = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, id, 'header.csv', 'date,campaign,channel,impressions,cost\n2024-01-01,C1,search,1,2\n');
    expect(upload.status).toBe('FAIL');
    expect(problemsOf(upload)).toEqual(expect.arrayContaining(['1:campaign:UNKNOWN_COLUMN', '1:cost:UNKNOWN_COLUMN', '1:campaign_id:MISSING_COLUMN']));
  });

  it('parses a quoted CSV with embedded newlines, quotes and a BOM, in any column order', async () => {
    const id = await createDataset(t, uploader.token);
    const csv = '\uFEFFcampaign_id,date,channel,impressions\r\n"C1","2024-03-01","multi\nline ""quoted"", with comma",10\r\nC2,2024-03-02,plain,20\r\n';
    const upload = await preview(t, uploader.token, id, 'quoted.csv', csv);
    expect(upload.status).toBe('READY');
    expect(upload.preview!.headers).toEqual(['campaign_id', 'date', 'channel', 'impressions']);
    expect(upload.preview!.uploadedCount).toBe(2);
    await commit(t, uploader.token, upload.id);
    expect((await datasetRows(t, id))[0].values).toEqual(['2024-03-01', 'C1', 'multi\nline "quoted", with comma', '10']);
  });

  it('normalises dates in several formats to YYYY-MM-DD, in CSV and in XLSX date cells', async () => {
    const id = await createDataset(t, uploader.token);
    const csv = `${HEADER}\n2024-01-05,A,x,1\n2024/01/06,B,x,1\n01/07/2024,C,x,1\n1/8/2024,D,x,1\n20240109,E,x,1\n2024-01-10T00:00:00Z,F,x,1\n`;
    await commit(t, uploader.token, (await preview(t, uploader.token, id, 'dates.csv', csv)).id);
    expect((await datasetRows(t, id)).map((row) => row.values[0])).toEqual(['2024-01-05', '2024-01-06', '2024-01-07', '2024-01-08', '2024-01-09', '2024-01-10']);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data');
    sheet.addRow(['date', 'campaign_id', 'channel', 'impressions']);
    sheet.addRow([new Date(Date.UTC(2024, 4, 31)), 'X1', 'search', 5]);
    sheet.addRow(['2024/06/01', 'X2', 'social', 6]);
    sheet.getColumn(1).numFmt = 'yyyy-mm-dd';
    const xlsxId = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, xlsxId, 'sheet.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(upload.status).toBe('READY');
    await commit(t, uploader.token, upload.id);
    expect((await datasetRows(t, xlsxId)).map((row) => row.values)).toEqual([
      ['2024-05-31', 'X1', 'search', '5'],
      ['2024-06-01', 'X2', 'social', '6'],
    ]);
  });

  it('takes an XLSX formula cell as its stored result, and refuses one with no result or a formula-like result', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data');
    sheet.addRow(['date', 'campaign_id', 'channel', 'impressions']);
    sheet.addRow(['2024-01-01', { formula: 'CONCAT("a","b")', result: 'ab' }, 'search', { formula: 'C2+C3', result: 30 }]);
    sheet.addRow(['2024-01-02', 'K2', 'search', { formula: 'D2*2' }]);
    sheet.addRow(['2024-01-03', { formula: 'A1', result: '=HYPERLINK("http://x")' }, 'search', 3]);
    const id = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, id, 'formula.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(problemsOf(upload)).toEqual(['3:impressions:FORMULA', '4:campaign_id:FORMULA']);

    const clean = new ExcelJS.Workbook();
    const totals = clean.addWorksheet('data');
    totals.addRow(['date', 'campaign_id', 'channel', 'impressions']);
    totals.addRow(['2024-01-01', { formula: 'CONCAT("a","b")', result: 'ab' }, 'search', { formula: 'C2+C3', result: 30 }]);
    const accepted = await preview(t, uploader.token, id, 'totals.xlsx', Buffer.from(await clean.xlsx.writeBuffer()));
    expect(accepted.status).toBe('READY');
    await commit(t, uploader.token, accepted.id);
    expect((await datasetRows(t, id)).map((row) => row.values)).toEqual([['2024-01-01', 'ab', 'search', '30']]);
  });

  it('never hands back a file its check refused, CSV or XLSX with a formula cell, by header or by a link signed before', async () => {
    const id = await createDataset(t, uploader.token);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data');
    sheet.addRow(['date', 'campaign_id', 'channel', 'impressions']);
    sheet.addRow(['2024-01-01', { formula: 'WEBSERVICE("http://x")' }, 'search', 1]);
    const files: [string, string | Buffer][] = [
      ['formula.csv', `${HEADER}\n2024-01-01,=HYPERLINK("http://x"),search,1\n`],
      ['formula.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())],
    ];
    for (const [name, content] of files) {
      const upload = await preview(t, uploader.token, id, name, content);
      expect([upload.status, problemsOf(upload), upload.fileUrl]).toEqual(['FAIL', ['2:campaign_id:FORMULA'], null]);
      const history = await t.call('GET', `/api/uploads?filter=${encodeURIComponent(JSON.stringify({ datasetId: id }))}`, { token: uploader.token });
      expect(history.body.data.list.find((row: { id: number }) => row.id === upload.id).fileUrl).toBeNull();
      const byHeader = await t.app.inject({ method: 'GET', url: `/api/uploads/${upload.id}/file`, headers: { authorization: `Bearer ${accounts['system-admin'].token}` } });
      // A link genuinely signed for the uploader's session, as the history would have handed one out.
      const { sid } = await t.app.ctx.tokens.verifyAccessToken(uploader.token);
      const asUploader = { admin: { id: uploader.id, sessionId: sid }, server: t.app } as unknown as FastifyRequest;
      const byLink = await t.app.inject({ method: 'GET', url: await issueLink(asUploader, 'upload-original', String(upload.id)) });
      for (const reply of [byHeader, byLink]) {
        expect(reply.statusCode, name).toBe(409);
        expect(reply.json().resultMessage).toBe('This file was refused by its check, so it is not handed back; fix your copy and upload it again.');
        expect(reply.body).not.toContain('HYPERLINK');
      }
    }
  });

  it('appends with key replacement, or replaces the whole data set', async () => {
    const id = await createDataset(t, uploader.token);
    const first = await commit(t, uploader.token, (await preview(t, uploader.token, id, 'a.csv', `${HEADER}\n2024-01-01,C1,search,1\n2024-01-02,C1,search,2\n`)).id);
    const second = await commit(t, uploader.token, (await preview(t, uploader.token, id, 'b.csv', `${HEADER}\n2024-01-02,C1,search,20\n2024-01-03,C1,search,3\n`)).id);
    const rows = await datasetRows(t, id);
    expect(rows.map((row) => [row.values[0], row.values[3], row.upload])).toEqual([
      ['2024-01-01', '1', first.id],
      ['2024-01-02', '20', second.id],
      ['2024-01-03', '3', second.id],
    ]);
    expect((await t.call('GET', `/api/datasets/${id}`, { token: uploader.token })).body.data.rowCount).toBe(3);
    expect(first).toMatchObject({ mode: 'APPEND', addedCount: 2, replacedCount: 0, removedCount: 0 });
    expect(second).toMatchObject({ mode: 'APPEND', addedCount: 1, replacedCount: 1, removedCount: 0 });

    const replaced = await commit(t, uploader.token, (await preview(t, uploader.token, id, 'c.csv', `${HEADER}\n2025-01-01,Z,search,9\n`)).id, 'REPLACE');
    expect(replaced).toMatchObject({ status: 'SUCCESS', mode: 'REPLACE', uploadedCount: 1, addedCount: 1, replacedCount: 0, removedCount: 3 });
    // The history lists what each commit did, newest first.
    const history = (await t.call('GET', `/api/uploads?${new URLSearchParams({ filter: JSON.stringify({ datasetId: id }), sort: JSON.stringify(['id', 'DESC']) })}`, { token: uploader.token })).body
      .data.list;
    expect(history.map((row: { mode: string; addedCount: number; replacedCount: number; removedCount: number }) => [row.mode, row.addedCount, row.replacedCount, row.removedCount])).toEqual([
      ['REPLACE', 1, 0, 3],
      ['APPEND', 1, 1, 0],
      ['APPEND', 2, 0, 0],
    ]);
    expect((await datasetRows(t, id)).map((row) => row.values)).toEqual([['2025-01-01', 'Z', 'search', '9']]);
    expect((await t.call('GET', `/api/datasets/${id}`, { token: uploader.token })).body.data.rowCount).toBe(1);
  });

  it('rolls a failed commit back whole: a REPLACE that fails midway keeps the earlier rows, and the upload is FAIL', async () => {
    const id = await createDataset(t, uploader.token);
    await commit(t, uploader.token, (await preview(t, uploader.token, id, 'keep.csv', `${HEADER}\n2024-01-01,KEEP,search,1\n`)).id);
    const lines = Array.from({ length: 50_000 }, (_, n) => `2024-01-02,C${n},search,${n}`);
    const upload = await preview(t, uploader.token, id, 'broken.csv', `${HEADER}\n${lines.join('\n')}\n`);
    // A staged row without values, which dataset_rows refuses, fails the third chunk of 20,000
    // rows: after the REPLACE has deleted the earlier row and two chunks were written.
    const staging = new SqliteDatabase(await stagingFileOf(upload.id));
    staging.exec(`create table loose as select * from ${STAGED_TABLE}; drop table ${STAGED_TABLE}; alter table loose rename to ${STAGED_TABLE}`);
    staging.prepare(`update ${STAGED_TABLE} set row_values = null where row = 45000`).run();
    staging.close();
    const failed = await commit(t, uploader.token, upload.id, 'REPLACE');
    expect(failed.status).toBe('FAIL');
    expect(failed.reason).toMatch(/^Writing the rows failed, so none were kept/);
    expect((await datasetRows(t, id)).map((row) => row.values[1])).toEqual(['KEEP']);
    expect((await t.call('GET', `/api/datasets/${id}`, { token: uploader.token })).body.data.rowCount).toBe(1);
  });

  it('appends keyless rows without replacing any', async () => {
    const id = await createDataset(t, uploader.token, [{ colName: 'note', colType: 'VARCHAR', required: true, key: false }]);
    for (const name of ['1.csv', '2.csv']) await commit(t, uploader.token, (await preview(t, uploader.token, id, name, 'note\nsame\nsame\n')).id);
    expect(await datasetRows(t, id)).toHaveLength(4);
  });
});

describe('manual upload: refused files', () => {
  it('refuses wrong kinds, empty files, long names and unknown data sets at once, storing nothing', async () => {
    const id = await createDataset(t, uploader.token);
    const before = await dbSnapshot(t, TABLES);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])]);
    const cases: [string, Buffer | string, number, RegExp][] = [
      ['data.txt', `${HEADER}\n`, 400, /not a CSV or XLSX file/],
      ['image.csv', png, 400, /not a CSV or XLSX file/],
      ['sheet.xlsx', `${HEADER}\n`, 400, /not a CSV or XLSX file/],
      ['empty.csv', '', 400, /The file is empty/],
      [`${'n'.repeat(201)}.csv`, `${HEADER}\n`, 400, /longer than 200 characters/],
    ];
    for (const [name, content, status, message] of cases) {
      const reply = await postFile(t, uploader.token, id, name, content);
      expect(reply.status, name).toBe(status);
      expect(reply.body.resultMessage, name).toMatch(message);
      expect((reply.body.data as unknown as { errors: { field: string }[] }).errors[0].field).toBe('file');
    }
    expect((await postFile(t, uploader.token, 999_999, 'a.csv', `${HEADER}\n`)).status).toBe(404);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
    expect(readdirSync(join(t.config.dataDir, 'uploads', '.incoming'))).toEqual([]);
  });

  it('keeps one reading thread between uploads, refused or read', async () => {
    // The thread starts when an upload arrives and serves the next ones; no upload adds another.
    const threads = () => Number(readFileSync('/proc/self/status', 'utf8').match(/^Threads:\s+(\d+)/m)![1]);
    const id = await createDataset(t, uploader.token);
    const refuse = async () => expect((await postFile(t, uploader.token, 999_999, 'a.csv', `${HEADER}\n`)).status).toBe(404);
    const read = async (n: number) => expect((await preview(t, uploader.token, id, `${n}.csv`, `${HEADER}\n2024-01-01,C${n},search,1\n`)).status).toBe('READY');
    await refuse();
    await read(0);
    await vi.waitFor(
      async () => {
        const before = threads();
        for (let n = 1; n <= 3; n += 1) {
          await refuse();
          await read(n);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(threads()).toBeLessThanOrEqual(before);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it('fails a file with only a header, or only a BOM and blank lines, with a clear reason', async () => {
    const id = await createDataset(t, uploader.token);
    expect(await preview(t, uploader.token, id, 'header.csv', `${HEADER}\n`)).toMatchObject({ status: 'FAIL', reason: 'The file has a header but no data rows.' });
    expect(await preview(t, uploader.token, id, 'blank.csv', '\uFEFF\n\n')).toMatchObject({ status: 'FAIL', reason: 'The file is empty: it has no header row.' });
  });

  it('refuses a 200 MB file with 413 while it streams, keeping nothing', async () => {
    const id = await createDataset(t, uploader.token);
    const before = await dbSnapshot(t, TABLES);
    const { body: empty, contentType } = await multipartBody(id, 'huge.csv', Buffer.alloc(0));
    const boundary = `--${contentType.split('boundary=')[1]}`;
    const split = empty.indexOf(`\r\n${boundary}--`);
    const [prefix, suffix] = [empty.subarray(0, split), empty.subarray(split)];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const chunk = Buffer.alloc(1024 * 1024, '2024-01-01,C1,search,100000000\n');
    const total = 200 * 1000 * 1000;
    // Sent chunked, without a Content-Length: the server must count the bytes as they arrive.
    const { status, message, sent } = await new Promise<{ status: number; message: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = httpRequest({ port, method: 'POST', path: '/api/uploads', headers: { authorization: `Bearer ${uploader.token}`, 'content-type': contentType } }, (response) => {
        answered = true;
        let text = '';
        response.on('data', (data) => (text += data));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode!, message: JSON.parse(text).resultMessage, sent });
        });
      });
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        if (!answered) request.end(suffix);
      };
      request.write(prefix);
      pump();
    });
    expect(status).toBe(413);
    expect(message).toBe('The file is larger than 150 MiB; split it into smaller files.');
    expect(sent).toBeLessThan(total);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
    expect(readdirSync(join(t.config.dataDir, 'uploads', '.incoming'))).toEqual([]);

    // A declared size over the limit is refused before the body is read.
    const declared = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        { port, method: 'POST', path: '/api/uploads', headers: { authorization: `Bearer ${uploader.token}`, 'content-type': contentType, 'content-length': total } },
        (response) => {
          request.destroy();
          resolve(response.statusCode!);
        },
      );
      request.on('error', reject);
      request.write(prefix);
    });
    expect(declared).toBe(413);
    // Refused bodies are not read, so the server closes those connections.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await new Promise((resolve) => t.app.server.getConnections((_error, count) => resolve(count)))).toBe(0);
  });

  it('answers 400 to a cut-off multipart body', async () => {
    const id = await createDataset(t, uploader.token);
    const { body, contentType } = await multipartBody(id, 'cut.csv', Buffer.from(`${HEADER}\n`));
    const reply = await t.call('POST', '/api/uploads', { token: uploader.token, body: body.subarray(0, body.length - 20), headers: { 'content-type': contentType } });
    expect(reply.status).toBe(400);
  });
});

describe('manual upload: permission', () => {
  it('answers 403 to preview, commit and history for users without UPLOADER', async () => {
    const id = await createDataset(t, uploader.token);
    const upload = await preview(t, uploader.token, id, 'ok.csv', `${HEADER}\n2024-01-01,C1,search,1\n`);
    const refused = await postFile(t, accounts.user.token, id, 'ok.csv', `${HEADER}\n2024-01-01,C1,search,1\n`);
    expect(refused.status).toBe(403);
    expect(refused.body.resultMessage).toMatch(/UPLOADER/);
    expect((await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: accounts.user.token, body: { mode: 'APPEND' } })).status).toBe(403);
    // A system-admin reads the history but only an uploader may upload.
    expect((await t.call('GET', `/api/uploads/${upload.id}`, { token: accounts['system-admin'].token })).status).toBe(200);
    expect((await postFile(t, accounts['system-admin'].token, id, 'ok.csv', `${HEADER}\n`)).status).toBe(403);
    expect((await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: uploader.token, body: { mode: 'MERGE' } })).status).toBe(400);
    expect((await t.call('GET', `/api/uploads/${upload.id}/progress`, { token: uploader.token })).body.data).toMatchObject({ running: false });
    expect((await t.call('GET', `/api/uploads/${upload.id}/progress`)).status).toBe(401);
  });
});
