/**
 * A commit writes rows only under the columns its file was checked
 * against, and every entry point that reads an uploaded file (the upload's check, the dataset
 * proposal) reads it bounded, on a thread, leaving no temporary file behind.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitRows } from '../../server/modules/uploads/commit';
import { stagingPath } from '../../server/modules/uploads/staging';
import { FILE_READ_LIMITS, type DatasetColumn } from '../../src/shared';
import { serverEn } from '../../src/i18n/server.en';
import { sentence } from '../../src/i18n/serverMessage';
import { signedInAccount, type TestApp, withRankAccounts } from './harness';
import { commit, createDataset, datasetRows, postFile, preview, settled } from './uploads-support';
import { billionLaughsSheet, inlineRow, sharedStringsBomb, sheetBomb, sheetXml, textPart, workbook } from './xlsx-bombs';

let t: TestApp;
let uploader: { id: number; token: string };
withRankAccounts((suite) => ({ t } = suite));

/**
 * The server's temporary folder, its own: the reading threads start after this is set (they take
 * the environment with them), and exceljs would write a sheet it cannot read yet there.
 */
const serverTmp = mkdtempSync(join(tmpdir(), 'upload-bounds-tmp-'));
const previousTmp = process.env.TMPDIR;
beforeAll(async () => {
  uploader = await signedInAccount(t, 'bounds-uploader@example.com', 'user', { uploader_flag: 'Y' });
  process.env.TMPDIR = serverTmp;
});
afterAll(() => {
  // Assigning undefined would set the text "undefined", and the files after this one share the process.
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(serverTmp, { recursive: true, force: true });
});
/** What was left in the server's temporary folder (tsx keeps its compile cache there). */
const leftInTmp = () => readdirSync(serverTmp).filter((name) => !name.startsWith('tsx-'));

const DAY_NAME: DatasetColumn[] = [
  { colName: 'day', colType: 'DATE', required: true, key: true },
  { colName: 'name', colType: 'VARCHAR', required: false, key: false },
];
const NAME_DAY: DatasetColumn[] = [
  { colName: 'name', colType: 'VARCHAR', required: true, key: true },
  { colName: 'day', colType: 'DATE', required: false, key: false },
];
const putSchema = (id: number, schemaInfo: DatasetColumn[]) =>
  t.call('PUT', `/api/datasets/${id}`, { token: uploader.token, body: { title: `Schema ${id}`, dataType: 'MEDIA', description: 'Daily media', schemaInfo } });

describe('a commit writes rows under the columns its file was checked against', () => {
  it('refuses with 409 once the columns changed after the check, and commits again once they are back', async () => {
    const id = await createDataset(t, uploader.token, DAY_NAME);
    const upload = await preview(t, uploader.token, id, 'days.csv', 'day,name\n2024-01-01,Alice\n2024-01-02,Bob\n');
    expect(upload.status).toBe('READY');
    expect((await putSchema(id, NAME_DAY)).status).toBe(200);

    const refused = await t.call('POST', `/api/uploads/${upload.id}/commit`, { token: uploader.token, body: { mode: 'APPEND' } });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMessage).toBe(serverEn['uploads.schemaChanged']);
    expect(await datasetRows(t, id)).toEqual([]);
    expect((await settled(t, uploader.token, upload.id)).status).toBe('READY');

    expect((await putSchema(id, DAY_NAME)).status).toBe(200);
    expect((await commit(t, uploader.token, upload.id)).status).toBe('SUCCESS');
    expect((await datasetRows(t, id)).map((row) => row.values)).toEqual([
      ['2024-01-01', 'Alice'],
      ['2024-01-02', 'Bob'],
    ]);
  });

  it("refuses inside the commit's transaction too: columns changed after the answer keep every row out", async () => {
    const id = await createDataset(t, uploader.token, DAY_NAME);
    const upload = await preview(t, uploader.token, id, 'race.csv', 'day,name\n2024-01-01,Alice\n');
    const row = await t.db.selectFrom('upload_histories').selectAll().where('id', '=', upload.id).executeTakeFirstOrThrow();
    // The state a schema change racing the commit's claim leaves: COMMITTING, the columns reordered.
    await t.db.updateTable('upload_histories').set({ status: 'COMMITTING' }).where('id', '=', upload.id).execute();
    await t.db.updateTable('dataset_columns').set({ col_name: 'swap' }).where('dataset_id', '=', id).where('col_name', '=', 'day').execute();
    await t.db.updateTable('dataset_columns').set({ col_name: 'day' }).where('dataset_id', '=', id).where('col_name', '=', 'name').execute();
    await t.db.updateTable('dataset_columns').set({ col_name: 'name' }).where('dataset_id', '=', id).where('col_name', '=', 'swap').execute();
    const staged = row.staging_key ? await t.app.ctx.files.localCopy(row.staging_key) : undefined;
    try {
      const job = { uploadId: upload.id, datasetId: id, mode: 'APPEND' as const, adminId: uploader.id, now: () => new Date().toISOString(), onRows: () => undefined, activity: [] };
      const stagingFile = staged?.path ?? stagingPath(t.config.dataDir, upload.id);
      await expect(commitRows(t.db, { ...job, schemaFingerprint: row.schema_fingerprint, stagingFile })).rejects.toThrow(sentence('uploads.schemaChanged'));
      // An upload checked before the fingerprint was kept is never written either.
      await expect(commitRows(t.db, { ...job, schemaFingerprint: null, stagingFile })).rejects.toThrow(sentence('uploads.schemaChanged'));
    } finally {
      await staged?.release();
    }
    expect(await datasetRows(t, id)).toEqual([]);
  });
});

describe('uploaded files are read bounded, on a thread, leaving no temporary file', () => {
  const infer = (fileName: string, content: Buffer) => {
    const boundary = 'x-bounds-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/datasets/infer',
      headers: { authorization: `Bearer ${uploader.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };
  const upload = async (fileName: string, content: Buffer) => {
    const id = await createDataset(t, uploader.token, DAY_NAME);
    const reply = await postFile(t, uploader.token, id, fileName, content);
    expect(reply.status).toBe(200);
    return settled(t, uploader.token, reply.body.data.id);
  };
  const mib = (bytes: number) => bytes / 1024 / 1024;

  // A workbook without shared strings whose sheet comes first: exceljs wrote its sheet to TMPDIR and never removed it.
  const sheetFirst = workbook(textPart('sheet', sheetXml(inlineRow(1, ['day', 'name']) + inlineRow(2, ['2024-01-01', 'Alice']))), { sheetFirst: true });

  it('reads a workbook whose sheet precedes its relationships, at both entry points, leaving TMPDIR empty', async () => {
    const proposal = await infer('plain.xlsx', sheetFirst);
    expect(proposal.statusCode).toBe(200);
    expect(proposal.json().data.schemaInfo.map((column: DatasetColumn) => [column.colName, column.colType])).toEqual([
      ['day', 'DATE'],
      ['name', 'VARCHAR'],
    ]);
    const checked = await upload('plain.xlsx', sheetFirst);
    expect(checked.status).toBe('READY');
    expect(checked.preview!.rows).toEqual([['2024-01-01', 'Alice']]);
    expect(leftInTmp()).toEqual([]);
  });

  it('refuses a 1.4 MB workbook of 600 MiB of shared strings at once, off the main thread, at both entry points', async () => {
    const bomb = workbook(textPart('sheet', sheetXml(inlineRow(1, ['day']))), { sharedStrings: sharedStringsBomb(600) });
    expect(mib(bomb.length)).toBeLessThan(2);
    await infer('warm.xlsx', sheetFirst); // the proposal's thread is started before memory is measured
    const rss = process.memoryUsage().rss;
    const started = Date.now();
    const reply = await infer('bomb.xlsx', bomb);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data.errors[0].message).toBe(
      `bomb.xlsx could not be read as XLSX: xl/sharedStrings.xml expands to 600 MiB, over the ${mib(FILE_READ_LIMITS.sharedStringsMaxBytes)} MiB an upload may; save the sheet as CSV.`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(mib(process.memoryUsage().rss - rss)).toBeLessThan(100);

    const failed = await upload('bomb.xlsx', bomb);
    expect(failed.status).toBe('FAIL');
    expect(failed.reason).toContain(`over the ${mib(FILE_READ_LIMITS.sharedStringsMaxBytes)} MiB an upload may`);
    expect(leftInTmp()).toEqual([]);
  });

  it('refuses a 400 MiB sheet that precedes its shared strings without writing it anywhere', async () => {
    const bomb = workbook(sheetBomb(['name'], ['Alice'], 400), { sheetFirst: true, sharedStrings: textPart('xl/sharedStrings.xml', '<sst/>') });
    expect(mib(bomb.length)).toBeLessThan(2);
    const reply = await infer('sheet-bomb.xlsx', bomb);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data.errors[0].message).toMatch(
      new RegExp(`^sheet-bomb.xlsx could not be read as XLSX: xl/worksheets/sheet1.xml expands \\d+ times its packed size, over the ${FILE_READ_LIMITS.xlsxMaxRatio} times`),
    );
    const failed = await upload('sheet-bomb.xlsx', bomb);
    expect(failed.status).toBe('FAIL');
    expect(failed.reason).toContain(`over the ${FILE_READ_LIMITS.xlsxMaxRatio} times an upload may`);
    expect(leftInTmp()).toEqual([]);
    expect(readdirSync(join(t.config.dataDir, 'uploads', '.staging'))).not.toContain(`${failed.id}.db`);
  });

  it('refuses a billion-laughs workbook with a sentence: 400 for the proposal, FAIL for the upload', async () => {
    const bomb = workbook(billionLaughsSheet());
    const reply = await infer('laughs.xlsx', bomb);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data.errors[0].message).toBe('laughs.xlsx could not be read as XLSX: xl/worksheets/sheet1.xml declares a DTD (<!DOCTYPE), which no spreadsheet has; such files are refused.');
    const failed = await upload('laughs.xlsx', bomb);
    expect(failed.status).toBe('FAIL');
    expect(failed.reason).toBe('The file could not be read as XLSX: xl/worksheets/sheet1.xml declares a DTD (<!DOCTYPE), which no spreadsheet has; such files are refused.');
  });

  it('refuses a CSV row of more cells than a sheet has columns, at both entry points', async () => {
    const wide = Buffer.from(`day,name\n${','.repeat(200_000)}\n`);
    const reply = await infer('wide.csv', wide);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().data.errors[0].message).toMatch(/^wide\.csv could not be read as CSV: line 2 has more than 16384 cells/);
    const failed = await upload('wide.csv', wide);
    expect(failed.status).toBe('FAIL');
    expect(failed.reason).toMatch(/^The file could not be read as CSV: line 2 has more than 16384 cells/);
  });
});
