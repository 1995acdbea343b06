import { get } from 'node:http';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../server/db/database';
import { type RankAccounts, type TestApp, withRankAccounts } from './harness';
import { fillDataset, masterTable } from './explorer-fixtures';
import { MEDIA_SCHEMA, createDataset } from './uploads-support';

let t: TestApp;
let accounts: RankAccounts;
let datasetId: number;
let masterId: number;

/** More rows than the export reads in one batch (1,000), so a second and a last, partial batch are read too. */
const ROWS = 2_345;
const day = (index: number) => `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`;
/** Every 100th row carries what a spreadsheet would run as a formula. */
const channelOf = (index: number) => (index % 100 === 7 ? `=cmd|'/c calc'!A${index}` : index % 3 ? 'social' : 'search');

withRankAccounts((suite) => ({ t, accounts } = suite));
beforeAll(async () => {
  datasetId = await createDataset(t, accounts['system-admin'].token, MEDIA_SCHEMA, 'Large spend');
  await fillDataset(
    t.db,
    datasetId,
    Array.from({ length: ROWS }, (_, index) => [day(index), `c${String(index).padStart(5, '0')}`, channelOf(index), String((index * 7919) % 1000)]),
  );
  masterId = await masterTable(
    t.db,
    'Large metric',
    'MEDIA',
    [
      ['campaign', 'STRING'],
      ['clicks', 'NUMBER'],
    ],
    Array.from({ length: ROWS }, (_, index) => ({ campaign: index % 50 === 1 ? `+SUM(A${index})` : `m${index}`, clicks: (index * 31) % 997 })),
  );
});

async function exported(table: string, body: { sort?: string; filter?: string } = {}): Promise<string[]> {
  const asked = await t.call('POST', `/api/explorer/${table}/export`, { token: accounts['system-admin'].token, body });
  expect(asked.status).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: asked.body.data.url });
  expect(download.statusCode).toBe(200);
  return download.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

const neutralised = (text: string) => (/^\s*[=+\-@\t\r\0]/.test(text) ? `'${text}` : text);
const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

describe('the Data Explorer export of a table larger than one batch', () => {
  it('writes every dataset row once, in stored order, with formulas neutralised', async () => {
    const lines = await exported(`dataset-${datasetId}`);
    expect(lines[0]).toBe('date,campaign_id,channel,impressions');
    expect(lines.slice(1)).toEqual(
      Array.from({ length: ROWS }, (_, index) => [day(index), `c${String(index).padStart(5, '0')}`, quoted(neutralised(channelOf(index))), String((index * 7919) % 1000)].join(',')),
    );
  });

  it('writes them in the asked sort and filter, each row once', async () => {
    const lines = await exported(`dataset-${datasetId}`, { sort: JSON.stringify(['campaign_id', 'DESC']), filter: JSON.stringify({ channel: 'soc' }) });
    const expected = Array.from({ length: ROWS }, (_, index) => index)
      .filter((index) => channelOf(index) === 'social')
      .reverse()
      .map((index) => `c${String(index).padStart(5, '0')}`);
    expect(expected.length).toBeGreaterThan(1000);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(expected);
  });

  it('writes every master row once, sorted by a NUMBER field, ties in stored order, formulas neutralised', async () => {
    const lines = await exported(`master-${masterId}`, { sort: JSON.stringify(['clicks', 'ASC']) });
    expect(lines[0]).toBe('advertiser_code,period_from,period_to,campaign,clicks');
    const expected = Array.from({ length: ROWS }, (_, index) => index)
      .sort((a, b) => ((a * 31) % 997) - ((b * 31) % 997) || a - b)
      .map((index) => `ADV,2026-01-01,2026-01-01,${neutralised(index % 50 === 1 ? `+SUM(A${index})` : `m${index}`)},${(index * 31) % 997}`);
    expect(lines.slice(1)).toEqual(expected);
  });

  it('writes the same rows as XLSX when asked: text as text, formulas neutralised, numbers as numbers, in the asked sort', async () => {
    const asked = await t.call('POST', `/api/explorer/master-${masterId}/export`, {
      token: accounts['system-admin'].token,
      body: { format: 'xlsx', sort: JSON.stringify(['clicks', 'ASC']) },
    });
    expect(asked.status).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: asked.body.data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/spreadsheetml/);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="Large metric \d{4}-\d{2}-\d{2} \d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().slice(1) as unknown[][];
    expect(rows[0].slice(1)).toEqual(['advertiser_code', 'period_from', 'period_to', 'campaign', 'clicks']);
    const expected = Array.from({ length: ROWS }, (_, index) => index)
      .sort((a, b) => ((a * 31) % 997) - ((b * 31) % 997) || a - b)
      .map((index) => ['ADV', '2026-01-01', '2026-01-01', neutralised(index % 50 === 1 ? `+SUM(A${index})` : `m${index}`), (index * 31) % 997]);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual(expected);
    // No cell of the sheet is a formula.
    workbook.worksheets[0].eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('keeps the server writing while a download is read, and a download stopped early frees its read', async () => {
    const asked = await t.call('POST', `/api/explorer/dataset-${datasetId}/export`, { token: accounts['system-admin'].token, body: {} });
    const open = async () => (await t.app.inject({ method: 'GET', url: asked.body.data.url, payloadAsStream: true })).stream();
    const reading = await open();
    const chunks: Buffer[] = [];
    for await (const chunk of reading) {
      chunks.push(chunk as Buffer);
      if (chunks.length === 1) {
        // A write and a call (its system-log row) while the export's read is open.
        await t.db.updateTable('datasets').set({ description: 'Read while exported' }).where('id', '=', datasetId).execute();
        expect((await t.call('GET', `/api/explorer/dataset-${datasetId}`, { token: accounts['system-admin'].token })).status).toBe(200);
      }
    }
    expect(Buffer.concat(chunks).toString().trimEnd().split('\r\n')).toHaveLength(1 + ROWS);

    // Downloads cancelled by the browser after their first bytes, over a real socket: each ends its read.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const askedXlsx = await t.call('POST', `/api/explorer/dataset-${datasetId}/export`, { token: accounts['system-admin'].token, body: { format: 'xlsx' } });
    for (const url of [asked.body.data.url, askedXlsx.body.data.url, asked.body.data.url]) {
      await new Promise<void>((resolve, reject) => {
        const request = get(`${address}${url}`, { agent: false }, (reply) => reply.once('data', () => (request.destroy(), resolve())));
        request.on('error', reject);
      });
    }
    const pool = poolOf(t.db);
    if (pool) await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
    await t.db.updateTable('datasets').set({ description: 'Written after cancelled downloads' }).where('id', '=', datasetId).execute();
    expect(await exported(`dataset-${datasetId}`)).toHaveLength(1 + ROWS);
  });
});
