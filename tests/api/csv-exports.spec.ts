import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';
import { fillDataset } from './explorer-fixtures';
import { createDataset } from './uploads-support';

/**
 * Every CSV export the server writes, found in the OpenAPI document (a POST ending in /export that
 * answers a download link), writes a cell holding a semicolon quoted: a spreadsheet whose list
 * separator is `;` would otherwise split `x;=cmd|…` there and run its second part as a formula.
 */

/** A value a spreadsheet set to `;` as its list separator would split into a live formula. */
const SEPARATED = "x;=cmd|' /C calc'!A0";

let t: TestApp;
let token: string;
let exports: string[];
let datasetId: number;
withTestApp((app) => (t = app));
beforeAll(async () => {
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  exports = Object.entries<Record<string, unknown>>(document.paths)
    .filter(([path, operations]) => path.endsWith('/export') && operations.post)
    .map(([path]) => path);
  // One record holding the value in each export: a dataset (its title in the activity log, a cell in
  // its rows) and a system-log entry.
  datasetId = await createDataset(t, token, undefined, SEPARATED);
  await fillDataset(t.db, datasetId, [['2026-01-01', SEPARATED, 'search', '1']]);
  await t.db
    .insertInto('system_logs')
    .values({
      admin_id: null,
      email: SEPARATED,
      event_id: crypto.randomUUID(),
      end_point: '/api/separated',
      http_method: 'GET',
      http_status: 200,
      query_param: null,
      request_body: null,
      request_at: new Date().toISOString(),
      source_ip: '127.0.0.1',
    })
    .execute();
});

/** The cells of a CSV text as RFC 4180 reads them, each with whether it was written quoted. */
function cellsOf(csv: string): { text: string; quoted: boolean }[] {
  const cells: { text: string; quoted: boolean }[] = [];
  let text = '';
  let quoted = false;
  let inQuotes = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i];
    if (inQuotes && ch === '"' && csv[i + 1] === '"') {
      text += '"';
      i++;
    } else if (ch === '"') {
      inQuotes = !inQuotes;
      quoted = true;
    } else if (!inQuotes && (ch === ',' || ch === '\n')) {
      cells.push({ text: text.replace(/\r$/, ''), quoted });
      text = '';
      quoted = false;
    } else text += ch;
  }
  return cells;
}

/** Each export's path with its {id} and the body that selects the record holding the value. */
const asks: Record<string, () => { path: string; body: unknown }> = {
  '/api/system-logs/export': () => ({ path: '/api/system-logs/export', body: { filter: { endPoint: '/api/separated' } } }),
  '/api/explorer/{id}/export': () => ({ path: `/api/explorer/dataset-${datasetId}/export`, body: {} }),
  '/api/activity/export': () => ({ path: '/api/activity/export', body: { filter: { resource: 'datasets' } } }),
};

describe('CSV exports', () => {
  it('are found in the OpenAPI document, and the test knows a record for each', () => {
    expect(exports.sort()).toEqual(Object.keys(asks).sort());
  });

  it('quote a cell holding a semicolon, so no spreadsheet splits it into a formula', async () => {
    for (const documented of exports) {
      const { path, body } = asks[documented]();
      const ticket = await t.call('POST', path, { token, body });
      expect(ticket.status, path).toBe(200);
      const download = await t.app.inject({ method: 'GET', url: ticket.body.data.url });
      expect(download.statusCode, path).toBe(200);
      expect(download.headers['content-type'], path).toContain('text/csv');
      expect(download.body, path).toContain(SEPARATED);
      const cells = cellsOf(download.body);
      expect(cells.filter((cell) => cell.text.includes(SEPARATED)).length, path).toBeGreaterThan(0);
      for (const cell of cells) if (/[;\t]/.test(cell.text)) expect(cell.quoted, `${path}: ${cell.text}`).toBe(true);
    }
  });
});
