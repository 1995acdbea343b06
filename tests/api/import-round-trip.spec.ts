import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/shared';
import { declarations } from '../../server/http/resource-declarations';
import { inputFields } from '../../server/http/input-fields';
import { type TestApp, withRankAccounts } from './harness';

/*
 * An export of a list imports back unchanged, for every importable resource, as CSV and as XLSX, in
 * English and in Korean: records are made, the list exported as it shows them (codes as words with
 * their code column, times in the reader's zone), the records deleted, the file imported as it was
 * downloaded, and the list then holds the same values of every field a create takes.
 */

let t: TestApp;
let admin: string;
withRankAccounts((suite) => ({ t, admin } = suite));

const importable = declarations.filter((declaration) => declaration.importable);

type Cells = Record<string, string>;
/** Rows to make of each importable resource (a filter that finds only them, by `marker`), some flags off. */
const SAMPLES: Record<string, { rows(marker: string): Cells[]; filter(marker: string): Record<string, string> }> = {
  domains: {
    rows: (marker) => [1, 2, 3].map((n) => ({ domain: `${marker}-${n}.example.com`, description: `Round trip ${n}, with a comma`, activeFlag: n === 2 ? 'N' : 'Y' })),
    filter: (marker) => ({ q: marker }),
  },
  holidays: {
    rows: (marker) => [1, 2, 3].map((n) => ({ date: `2036-0${n}-1${n}`, name: `${marker} day ${n}`, country: 'KR', description: n === 3 ? '' : `Note ${n}`, activeFlag: n === 1 ? 'N' : 'Y' })),
    filter: (marker) => ({ q: marker }),
  },
  properties: {
    rows: (marker) => [1, 2, 3].map((n) => ({ kind: 'companies', code: `${marker}-${n}`.toUpperCase(), name: `Round trip company ${n}` })),
    filter: (marker) => ({ kind: 'companies', q: marker.toUpperCase() }),
  },
};

const LANGUAGES = { en: 'en-US,en;q=0.9', ko: 'ko-KR,ko;q=0.9' } as const;
let runs = 0;

async function listed(path: string, filter: Record<string, string>, fields: string[]): Promise<Cells[]> {
  const reply = await t.call('GET', `/api${path}?range=[0,99]&filter=${encodeURIComponent(JSON.stringify(filter))}`, { token: admin });
  expect(reply.status).toBe(200);
  const rows = (reply.body.data.list as Record<string, unknown>[]).map((row) => Object.fromEntries(fields.map((field) => [field, String(row[field] ?? '')])));
  return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('an export imports back unchanged', () => {
  it('covers every importable resource', () => {
    expect(importable.length).toBeGreaterThanOrEqual(3);
    for (const declaration of importable) expect(SAMPLES[declaration.name], declaration.name).toBeDefined();
  });

  describe.each(importable.map((declaration) => ({ name: declaration.name, declaration })))('$name', ({ declaration }) => {
    it.each([
      { format: 'csv', language: 'en' },
      { format: 'xlsx', language: 'ko' },
      { format: 'xlsx', language: 'en' },
      { format: 'csv', language: 'ko' },
    ] as const)('as $format in $language', async ({ format, language }) => {
      const sample = SAMPLES[declaration.name]!;
      const marker = `trip${++runs}x${Date.now().toString(36).slice(-4)}`;
      const fields = inputFields(declaration.schemas.input!).filter((field) => field in sample.rows(marker)[0]!);
      const rows = sample.rows(marker);
      const made = await t.call('POST', `/api${declaration.path}/import`, {
        token: admin,
        body: { csv: [csvLine(Object.keys(rows[0]!)), ...rows.map((row) => csvLine(Object.values(row)))].join(''), commit: true },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const before = await listed(declaration.path, sample.filter(marker), fields);
      expect(before).toHaveLength(rows.length);

      const exported = await t.app.inject({
        method: 'GET',
        url: `/api${declaration.path}/export`,
        query: { format, filter: JSON.stringify(sample.filter(marker)) },
        headers: { authorization: `Bearer ${admin}`, 'accept-language': LANGUAGES[language], 'x-time-zone': 'Asia/Seoul' },
      });
      expect(exported.statusCode).toBe(200);
      for (const id of made.body.data.created as (number | string)[]) expect((await t.call('DELETE', `/api${declaration.path}/${id}`, { token: admin })).status).toBe(200);
      expect(await listed(declaration.path, sample.filter(marker), fields)).toEqual([]);

      // The file as downloaded: CSV as its text, XLSX as its bytes.
      const body = format === 'csv' ? { csv: exported.body } : { xlsx: exported.rawPayload.toString('base64') };
      const preview = await t.call('POST', `/api${declaration.path}/import`, { token: admin, body });
      expect(preview.status).toBe(200);
      // Nothing the list shows is an unknown column; what a create does not take is named as left out.
      expect(preview.body.data.problems).toEqual([]);
      expect(preview.body.data.columns.filter((column: { field: string | null }) => column.field === null)).toEqual([]);
      const back = await t.call('POST', `/api${declaration.path}/import`, { token: admin, body: { ...body, commit: true } });
      expect(back.status, JSON.stringify(back.body.data?.rows?.flatMap((row: { problems: unknown[] }) => row.problems))).toBe(200);
      expect(await listed(declaration.path, sample.filter(marker), fields)).toEqual(before);
    });
  });

  it('reads a field from its code column, leaving its words beside it out', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Domains');
    sheet.addRow(['Domain', 'Active', 'Active (code)', 'Updated (Asia/Seoul)']);
    // The words say one thing and the code another: the code is what an importer reads.
    sheet.addRow(['code-column.example.com', 'Active', 'N', '2026-01-01 09:00']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const preview = await t.call('POST', '/api/domains/import', { token: admin, body: { xlsx } });
    expect(preview.status).toBe(200);
    expect(preview.body.data.columns).toEqual([
      { header: 'Domain', field: 'domain' },
      { header: 'Active', field: 'activeFlag', skipped: true },
      { header: 'Active (code)', field: 'activeFlag' },
      { header: 'Updated (Asia/Seoul)', field: 'updatedAt', skipped: true },
    ]);
    expect(preview.body.data.rows[0].values).toEqual({ domain: 'code-column.example.com', activeFlag: 'N' });
    expect(preview.body.data.rows[0].problems).toEqual([]);
  });
});
