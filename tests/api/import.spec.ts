import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AUTHORITIES, AUTHORITY_RANKS, PROPERTY_KINDS, csvLine, type ActivityEntry, type ImportResult, type PropertyKind } from '../../src/shared';
import { codesEn } from '../../src/i18n/codes.en';
import { codesKo } from '../../src/i18n/codes.ko';
import { IMPORT_MAX_CHARS, IMPORT_MAX_ROWS, IMPORT_MAX_XLSX_BYTES } from '../../src/shared/import';
import { declarations } from '../../server/http/resource-declarations';
import { inputFields, numberFields } from '../../server/http/input-fields';
import { resourceLabelsEn, resourceLabelsKo } from '../../server/http/resource-labels';
import type { Database } from '../../server/db/schema';
import { dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

/** Every declaration whose records may be brought in from a table. */
const importable = declarations.filter((declaration) => declaration.importable);

/** This run's mark in codes, which are upper case and at most 20 characters. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

type Cells = Record<string, string>;
/**
 * How to write good rows of each such resource, rows its create refuses with the field the problem
 * sits under, and (where its create refuses a taken value) the field a duplicate is refused on. A
 * declaration made importable without a sample here fails the first test.
 */
const SAMPLES: Record<string, { tables: (keyof Database)[]; good(n: number): Cells; bad: { cells: Cells; field: string }[]; unique?: string }> = {
  domains: {
    tables: ['domains'],
    good: (n) => ({ domain: `import-${n}-${Date.now()}.example.com`, description: `Imported ${n}`, activeFlag: 'Y' }),
    bad: [
      { cells: { domain: 'not a domain', description: '', activeFlag: 'Y' }, field: 'domain' },
      { cells: { domain: `long-${Date.now()}.example.com`, description: 'x'.repeat(201), activeFlag: 'Y' }, field: 'description' },
      { cells: { domain: `flag-${Date.now()}.example.com`, description: '', activeFlag: 'maybe' }, field: 'activeFlag' },
    ],
    unique: 'domain',
  },
  holidays: {
    tables: ['holidays'],
    good: (n) => ({ date: `2034-03-${String((n % 28) + 1).padStart(2, '0')}`, name: `Imported holiday ${n} ${Date.now()}`, country: 'KR', description: '', activeFlag: 'Y' }),
    bad: [
      { cells: { date: '2034-03-01', name: '', country: 'KR', description: '', activeFlag: 'Y' }, field: 'name' },
      { cells: { date: '2034-03-01', name: 'x'.repeat(101), country: 'KR', description: '', activeFlag: 'Y' }, field: 'name' },
      { cells: { date: 'March 1st', name: 'Bad date', country: 'KR', description: '', activeFlag: 'Y' }, field: 'date' },
      { cells: { date: '2034-03-01', name: 'Unknown country', country: 'ZZ', description: '', activeFlag: 'Y' }, field: 'country' },
    ],
  },
  // Each row names its kind; the samples are companies, whose codes stand alone.
  properties: {
    tables: ['regions', 'countries', 'companies', 'advertisers', 'data_types'],
    good: (n) => ({ kind: 'companies', code: `IMP-${n}-${RUN}`, name: `Imported company ${n}` }),
    bad: [
      { cells: { kind: 'planets', code: `KIND-${RUN}`, name: 'Unknown kind' }, field: 'kind' },
      { cells: { kind: 'companies', code: `NONAME-${RUN}`, name: '' }, field: 'name' },
      { cells: { kind: 'companies', code: `LONG-${RUN}`, name: 'x'.repeat(101) }, field: 'name' },
      { cells: { kind: 'companies', code: 'C'.repeat(21), name: 'Code too long' }, field: 'code' },
      { cells: { kind: 'companies', code: '', name: 'No code' }, field: 'code' },
    ],
    unique: 'code',
  },
};

const below = (rank: number) => AUTHORITIES.find((authority) => AUTHORITY_RANKS[authority].rank === rank + 1);
/** A table with a header of the rows' fields (or the headers given), a line per row. */
const tableOf = (rows: Cells[], headers?: string[]) => {
  const fields = Object.keys(rows[0]!);
  return [csvLine(headers ?? fields), ...rows.map((row) => csvLine(fields.map((field) => row[field])))].join('');
};

/**
 * An XLSX file (base64) of the rows as a spreadsheet holds them: a number field's digits as a number
 * cell, a YYYY-MM-DD text as a date cell, an empty cell left empty, the rest as text.
 */
async function xlsxOf(rows: Cells[], numbers: Set<string>, headers?: string[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  const fields = Object.keys(rows[0]!);
  sheet.addRow(headers ?? fields);
  for (const row of rows)
    sheet.addRow(
      fields.map((field) => {
        const value = row[field]!;
        if (value === '') return null;
        if (numbers.has(field) && /^\d+$/.test(value)) return Number(value);
        const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
        return date ? new Date(Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!)) : value;
      }),
    );
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

let counter = 0;
async function entries(resource: string, recordId: number | string): Promise<ActivityEntry[]> {
  const reply = await t.call('GET', `/api/activity?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ resource, recordId: String(recordId) }))}`, { token: admin });
  expect(reply.status).toBe(200);
  return reply.body.data.list;
}

describe('import', () => {
  it('is declared by at least two resources, each with a sample here', () => {
    expect(importable.length).toBeGreaterThanOrEqual(2);
    expect(importable.map(({ name }) => name).filter((name) => !SAMPLES[name])).toEqual([]);
  });

  describe.each(importable.map((declaration) => [declaration.name, declaration] as const))('%s', (name, declaration) => {
    const api = `/api${declaration.path}`;
    const sample = SAMPLES[name]!;
    const body = (declaration.schemas.create ?? declaration.schemas.input)!;
    const post = (table: string | { xlsx: string }, commit?: boolean, token = admin) => {
      const source = typeof table === 'string' ? { csv: table } : table;
      return t.call<ImportResult>('POST', `${api}/import`, { token, body: commit === undefined ? source : { ...source, commit } });
    };
    const unchanged = () => dbSnapshot(t, [...sample.tables, 'activity_log']);
    const goods = (count: number) => Array.from({ length: count }, () => sample.good(++counter));

    it('gives a template naming the create’s fields, the required ones marked', async () => {
      const reply = await t.call('GET', `${api}/import-template`, { token: admin });
      expect(reply.status).toBe(200);
      const fields = inputFields(body);
      expect(reply.body.data.fields.map(({ field }: { field: string }) => field)).toEqual(fields);
      expect(reply.body.data.csv).toBe(csvLine(fields));
      const required = reply.body.data.fields.filter((field: { required: boolean }) => field.required).map(({ field }: { field: string }) => field);
      expect(required.length).toBeGreaterThan(0);
      for (const field of required) expect(body.safeParse({ ...sample.good(0), [field]: undefined }).success).toBe(false);
    });

    it('previews good and bad rows with each problem under its cell, and writes nothing', async () => {
      const before = await unchanged();
      const rows = [...goods(2), ...sample.bad.map(({ cells }) => cells)];
      const reply = await post(tableOf(rows));
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const result = reply.body.data;
      expect(result.created).toEqual([]);
      expect(result.problems).toEqual([]);
      expect(result.columns.map(({ field }) => field)).toEqual(Object.keys(rows[0]!));
      expect(result.rows.map(({ row }) => row)).toEqual(rows.map((_, index) => index + 2));
      expect(result.rows[0]!.problems).toEqual([]);
      expect(result.rows[1]!.problems).toEqual([]);
      expect(result.rows[0]!.values).toMatchObject(Object.fromEntries(Object.entries(rows[0]!).map(([field, value]) => [field, value === '' ? null : value])));
      sample.bad.forEach(({ field }, index) => {
        const problems = result.rows[index + 2]!.problems;
        expect(problems.length, JSON.stringify(problems)).toBeGreaterThan(0);
        expect(problems.map((problem) => problem.field)).toEqual(problems.map(() => field));
      });
      expect(reply.body.resultMessage).toContain(String(sample.bad.length));
      expect(await unchanged()).toEqual(before);
    });

    it('matches columns by English or Korean label, in any order, and reads a pasted tab-separated table', async () => {
      const row = sample.good(++counter);
      const fields = Object.keys(row).reverse();
      const labels = (language: typeof resourceLabelsEn) => fields.map((field) => (language.messages[name]!.fields as Record<string, string>)[field]!);
      for (const headers of [labels(resourceLabelsEn), labels(resourceLabelsKo).map((label) => ` ${label} `), fields.map((field) => field.toUpperCase())]) {
        const csv = csvLine(headers) + csvLine(fields.map((field) => row[field]));
        const reply = await post(csv);
        expect(reply.status).toBe(200);
        expect(reply.body.data.columns.map(({ field }) => field)).toEqual(fields);
        expect(reply.body.data.rows[0]!.problems).toEqual([]);
      }
      const pasted = `${fields.join('\t')}\n${fields.map((field) => row[field]).join('\t')}\n`;
      const reply = await post(pasted);
      expect(reply.body.data.columns.map(({ field }) => field)).toEqual(fields);
      expect(reply.body.data.rows[0]!.problems).toEqual([]);
    });

    it('reads an XLSX file as it reads a CSV: headers by label, number and date cells, each problem under its cell; commits it', async () => {
      const numbers = numberFields(body);
      const rows = [...goods(2), ...sample.bad.map(({ cells }) => cells)];
      const labels = Object.keys(rows[0]!).map((field) => (resourceLabelsEn.messages[name]!.fields as Record<string, string>)[field]!);
      const before = await unchanged();
      const preview = await post({ xlsx: await xlsxOf(rows, numbers, labels) });
      const asCsv = await post(tableOf(rows));
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data.problems).toEqual([]);
      expect(preview.body.data.columns.map(({ field }) => field)).toEqual(Object.keys(rows[0]!));
      // Cell for cell what the same table as CSV reads, problems included (the bad rows' own are compared by field).
      expect(preview.body.data.rows.map(({ values }) => values)).toEqual(asCsv.body.data.rows.map(({ values }) => values));
      expect(preview.body.data.rows.map(({ problems }) => problems.map(({ field }) => field))).toEqual(asCsv.body.data.rows.map(({ problems }) => problems.map(({ field }) => field)));
      expect(await unchanged()).toEqual(before);

      const good = goods(2);
      const reply = await post({ xlsx: await xlsxOf(good, numbers) }, true);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data.created).toHaveLength(2);
      for (const [index, id] of reply.body.data.created.entries()) {
        const record = await t.call('GET', `${api}/${id}`, { token: admin });
        expect(record.body.data).toMatchObject(body.parse(Object.fromEntries(Object.entries(good[index]!).filter(([, value]) => value !== ''))) as Record<string, unknown>);
        expect((await entries(name, id)).filter((entry) => entry.action === 'create')).toHaveLength(1);
      }
    });

    it('refuses a damaged, a non-XLSX and an oversized XLSX file in words (English and Korean), committing nothing', async () => {
      const before = await unchanged();
      const whole = Buffer.from(await xlsxOf(goods(2), numberFields(body)), 'base64');
      const files = {
        // The zip's directory sits at its end: cut off, the file is no archive.
        cut: whole.subarray(0, Math.floor(whole.length / 2)),
        notZip: Buffer.from('domain,description\nexample.com,x\n'),
        oversized: Buffer.concat([whole, Buffer.alloc(IMPORT_MAX_XLSX_BYTES)]),
      };
      for (const [what, bytes] of Object.entries(files)) {
        const xlsx = bytes.toString('base64');
        const preview = await post({ xlsx });
        expect(preview.status, what).toBe(200);
        expect(preview.body.data.rows, what).toEqual([]);
        expect(preview.body.data.problems, what).toHaveLength(1);
        for (const [language, words] of [
          ['en', /XLSX/],
          ['ko', /XLSX 파일/],
        ] as const) {
          const reply = await t.call('POST', `${api}/import`, { token: admin, body: { xlsx, commit: true }, headers: { 'accept-language': language } });
          expect(reply.status, what).toBe(400);
          expect(reply.body.resultMessage, what).toMatch(words);
          expect(reply.body.resultMessage, what).not.toContain('{"key"');
        }
      }
      expect((await t.call('POST', `${api}/import`, { token: admin, body: { xlsx: 'not base64!' } })).status).toBe(400);
      expect((await t.call('POST', `${api}/import`, { token: admin, body: { xlsx: 'UEsDBA==', csv: 'a' } })).status).toBe(400);
      expect(await unchanged()).toEqual(before);
    });

    it('commits good rows: each record created, with its create’s activity entry', async () => {
      const rows = goods(3);
      const reply = await post(tableOf(rows), true);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data.created).toHaveLength(3);
      expect(reply.body.resultMessage).toContain('3');
      for (const [index, id] of reply.body.data.created.entries()) {
        const record = await t.call('GET', `${api}/${id}`, { token: admin });
        expect(record.status).toBe(200);
        const expected = body.parse(Object.fromEntries(Object.entries(rows[index]!).filter(([, value]) => value !== ''))) as Record<string, unknown>;
        expect(record.body.data).toMatchObject(expected);
        const created = (await entries(name, id)).filter((entry) => entry.action === 'create');
        expect(created).toHaveLength(1);
      }
    });

    it('commits nothing when one row is bad, and answers 400 with the rows', async () => {
      for (const bad of sample.bad) {
        const before = await unchanged();
        const reply = await post(tableOf([...goods(2), bad.cells]), true);
        expect(reply.status).toBe(400);
        expect(reply.body.result).toBe('VALIDATION_ERROR');
        expect(reply.body.data.created).toEqual([]);
        expect(reply.body.data.rows[2]!.problems.map((problem) => problem.field)).toContain(bad.field);
        expect(await unchanged()).toEqual(before);
      }
    });

    it('refuses an unknown column and a table without rows, committing nothing', async () => {
      const before = await unchanged();
      const row = sample.good(++counter);
      const unknown = await post(tableOf([{ ...row, colour: 'blue' }]), true);
      expect(unknown.status).toBe(400);
      expect(unknown.body.resultMessage).toContain('colour');
      expect(unknown.body.data.columns.at(-1)).toEqual({ header: 'colour', field: null });
      const preview = await post(tableOf([{ ...row, colour: 'blue' }]));
      expect(preview.status).toBe(200);
      expect(preview.body.data.problems).toHaveLength(1);
      expect((await post(csvLine(Object.keys(row)), true)).status).toBe(400);
      expect((await post('', true)).status).toBe(400);
      expect(await unchanged()).toEqual(before);
    });

    it('takes the person’s field for each column in place of the header match: an odd header, a column left out', async () => {
      const before = await unchanged();
      const rows = goods(2).map((row) => ({ ...row, notes: 'not for import' }));
      const fields = Object.keys(rows[0]!).slice(0, -1);
      const headers = ['Site', ...fields.slice(1), 'Notes'];
      const withColumns = (columns: (string | null)[], commit?: boolean) =>
        t.call<ImportResult>('POST', `${api}/import`, { token: admin, body: { csv: tableOf(rows, headers), columns, ...(commit === undefined ? {} : { commit }) } });
      const refused = await post(tableOf(rows, headers), true);
      expect(refused.status).toBe(400);
      expect(refused.body.resultMessage).toContain('Site');
      expect(await unchanged()).toEqual(before);

      const chosen = [...fields, null];
      const preview = await withColumns(chosen);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data.problems).toEqual([]);
      expect(preview.body.data.columns).toEqual([...fields.map((field, index) => ({ header: headers[index], field })), { header: 'Notes', field: null, skipped: true }]);
      expect(preview.body.data.rows.map((row) => row.problems)).toEqual([[], []]);
      expect(preview.body.data.rows[0]!.values).not.toHaveProperty('notes');
      expect(await unchanged()).toEqual(before);

      const committed = await withColumns(chosen, true);
      expect(committed.status, JSON.stringify(committed.body)).toBe(200);
      expect(committed.body.data.created).toHaveLength(2);
      const record = await t.call('GET', `${api}/${committed.body.data.created[0]}`, { token: admin });
      expect(record.body.data).toMatchObject(body.parse(Object.fromEntries(Object.entries(rows[0]!).filter(([field, value]) => field !== 'notes' && value !== ''))) as Record<string, unknown>);
    });

    it('refuses a chosen field the create does not take, or a choice per column that misses one, in words (English and Korean), writing nothing', async () => {
      const before = await unchanged();
      const rows = goods(1);
      const fields = Object.keys(rows[0]!);
      for (const commit of [false, true]) {
        for (const [language, words] of [
          ['en', /colour.+not a field/],
          ['ko', /colour.+필드/],
        ] as const) {
          const reply = await t.call('POST', `${api}/import`, {
            token: admin,
            body: { csv: tableOf(rows), commit, columns: [...fields.slice(0, -1), 'colour'] },
            headers: { 'accept-language': language },
          });
          expect(reply.status).toBe(400);
          expect(reply.body.resultMessage).toMatch(words);
        }
        const short = await t.call('POST', `${api}/import`, { token: admin, body: { csv: tableOf(rows), commit, columns: fields.slice(1) } });
        expect(short.status).toBe(400);
        expect(short.body.resultMessage).toContain(String(fields.length));
      }
      expect((await t.call('POST', `${api}/import`, { token: admin, body: { csv: tableOf(rows), columns: [1, ...fields.slice(1)] } })).status).toBe(400);
      // One field chosen for two columns is the file's problem, as two headers naming it are.
      const twice = await t.call('POST', `${api}/import`, { token: admin, body: { csv: tableOf(rows), commit: true, columns: [fields[0], ...fields.slice(0, -1)] } });
      expect(twice.status).toBe(400);
      expect(twice.body.resultMessage).toContain(`both the field ${fields[0]}`);
      expect(await unchanged()).toEqual(before);
    });

    it.runIf(sample.unique)('refuses a duplicate within the file and one of an existing record', async () => {
      const field = sample.unique!;
      const [first, second] = goods(2);
      const twice = await post(tableOf([first!, { ...second!, [field]: first![field]! }]));
      expect(twice.body.data.rows[0]!.problems).toEqual([]);
      expect(twice.body.data.rows[1]!.problems.map((problem) => problem.field)).toEqual([field]);
      const existing = sample.good(++counter);
      expect((await t.call('POST', api, { token: admin, body: body.parse(Object.fromEntries(Object.entries(existing).filter(([, value]) => value !== ''))) })).status).toBe(200);
      const before = await unchanged();
      const taken = await post(tableOf([sample.good(++counter), existing]), true);
      expect(taken.status).toBe(400);
      expect(taken.body.data.rows[0]!.problems).toEqual([]);
      expect(taken.body.data.rows[1]!.problems.map((problem) => problem.field)).toEqual([field]);
      expect(await unchanged()).toEqual(before);
    });

    it('is refused to the rank below its create’s, in preview, commit and template', async () => {
      const authority = below(declaration.rank.write);
      if (!authority) return;
      const token = accounts[authority].token;
      const before = await unchanged();
      expect((await post(tableOf(goods(1)), undefined, token)).status).toBe(403);
      expect((await post(tableOf(goods(1)), true, token)).status).toBe(403);
      expect((await t.call('GET', `${api}/import-template`, { token })).status).toBe(403);
      expect(await unchanged()).toEqual(before);
    });

    it('refuses a body that is not a table’s text', async () => {
      expect((await t.call('POST', `${api}/import`, { token: admin, body: { csv: 1 } })).status).toBe(400);
      expect((await t.call('POST', `${api}/import`, { token: admin, body: { csv: 'a', other: true } })).status).toBe(400);
      expect((await t.call('POST', `${api}/import`, { token: admin, body: { csv: 'x'.repeat(IMPORT_MAX_CHARS + 1) } })).status).toBe(400);
    });
  });
});

describe('an XLSX import', () => {
  it('numbers each row as the sheet does: a blank row is skipped, not counted out', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Domains');
    sheet.getRow(1).values = ['Domain', 'Active'];
    sheet.getRow(2).values = [`gap-a-${RUN.toLowerCase()}.example.com`, 'Y'];
    // Rows 3 and 4 left blank.
    sheet.getRow(5).values = ['not a domain', 'Y'];
    const xlsx = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const reply = await t.call<ImportResult>('POST', '/api/domains/import', { token: admin, body: { xlsx } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.rows.map(({ row, problems }) => [row, problems.map(({ field }) => field)])).toEqual([
      [2, []],
      [5, ['domain']],
    ]);
  });
});

describe('holidays on one day', () => {
  const post = (csv: string, commit?: boolean) => t.call<ImportResult>('POST', '/api/holidays/import', { token: admin, body: commit === undefined ? { csv } : { csv, commit } });
  const fieldsOf = (result: ImportResult) => result.rows.map((row) => row.problems.map(({ field }) => field));

  it('takes two holidays of different names on one day in one country, by import and one at a time', async () => {
    const names = [`Coinciding A ${RUN}`, `Coinciding B ${RUN}`, `Coinciding C ${RUN}`];
    const reply = await post(['date,name,country', `2035-05-05,${names[0]},KR`, `2035-05-05,${names[1]},KR`].join('\n'), true);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await t.call('POST', '/api/holidays', { token: admin, body: { date: '2035-05-05', name: names[2], country: 'KR' } })).status).toBe(200);
  });

  it('refuses the same name (any case) on the same day in the same country, in the file, against a stored one, and one at a time; committing nothing', async () => {
    const name = `Twice ${RUN}`;
    expect((await t.call('POST', '/api/holidays', { token: admin, body: { date: '2035-06-06', name, country: 'KR' } })).status).toBe(200);
    const before = await dbSnapshot(t, ['holidays', 'activity_log']);
    const single = await t.call('POST', '/api/holidays', { token: admin, body: { date: '2035-06-06', name: name.toUpperCase(), country: 'kr' } });
    expect(single.status).toBe(409);
    expect(single.body.data.errors.map(({ field }: { field: string }) => field)).toEqual(['name']);
    const csv = [
      'date,name,country',
      // Stored already.
      `2035-06-06,${name.toLowerCase()},KR`,
      // Free: another day, another country, no country; then the no-country one again.
      `2035-06-07,${name},KR`,
      `2035-06-06,${name},US`,
      `2035-06-06,${name},`,
      `2035-06-06,${name},`,
    ].join('\n');
    const reply = await post(csv, true);
    expect(reply.status).toBe(400);
    expect(fieldsOf(reply.body.data)).toEqual([['name'], [], [], [], ['name']]);
    expect(await dbSnapshot(t, ['holidays', 'activity_log'])).toEqual(before);
  });
});

describe('an import of the most rows', () => {
  // Allowed Domains: each row's create checks the domain is not taken, as every importable create checks something.
  const api = '/api/domains';
  const rows = (mark: string) => Array.from({ length: IMPORT_MAX_ROWS }, (_, index) => ({ domain: `max-${index}-${mark}.example.com`, description: `Row ${index}`, activeFlag: 'Y' }));
  const post = (csv: string, commit?: boolean) => t.call<ImportResult>('POST', `${api}/import`, { token: admin, body: commit === undefined ? { csv } : { csv, commit } });
  const seconds = (since: number) => (performance.now() - since) / 1000;

  it(`previews and commits ${IMPORT_MAX_ROWS.toLocaleString('en')} rows in one transaction, each within seconds; one failing row commits none`, { timeout: 120_000 }, async () => {
    expect(IMPORT_MAX_ROWS).toBeGreaterThanOrEqual(10_000);
    const mark = RUN.toLowerCase();
    const table = tableOf(rows(mark));
    let start = performance.now();
    const preview = await post(table);
    const previewSeconds = seconds(start);
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(preview.body.data.rows.filter((row) => row.problems.length > 0)).toEqual([]);

    // The last row is bad: nothing of the others is kept.
    const before = await dbSnapshot(t, ['domains', 'activity_log']);
    const bad = rows(`${mark}-bad`);
    bad[IMPORT_MAX_ROWS - 1]!.domain = 'not a domain';
    const refused = await post(tableOf(bad), true);
    expect(refused.status).toBe(400);
    expect(refused.body.data.rows[IMPORT_MAX_ROWS - 1]!.problems.map(({ field }) => field)).toEqual(['domain']);
    expect(await dbSnapshot(t, ['domains', 'activity_log'])).toEqual(before);

    start = performance.now();
    const commit = await post(table, true);
    const commitSeconds = seconds(start);
    expect(commit.status).toBe(200);
    expect(commit.body.data.created).toHaveLength(IMPORT_MAX_ROWS);
    const stored = await t.db
      .selectFrom('domains')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('domain', 'like', `max-%-${mark}.example.com`)
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(IMPORT_MAX_ROWS);
    console.info(`import of ${IMPORT_MAX_ROWS} rows: preview ${previewSeconds.toFixed(1)} s, commit ${commitSeconds.toFixed(1)} s`);
    // Within seconds on the test database, with room for a loaded machine.
    expect(previewSeconds).toBeLessThan(30);
    expect(commitSeconds).toBeLessThan(30);
  });

  it('refuses one row more than the most, in the server’s words naming the most', async () => {
    const reply = await post(tableOf([...rows('over'), { domain: 'one-more.example.com', description: '', activeFlag: 'Y' }]), true);
    expect(reply.status).toBe(400);
    expect(reply.body.resultMessage).toContain(String(IMPORT_MAX_ROWS));
  });
});

describe('import of project properties', () => {
  const post = (csv: string, commit?: boolean) => t.call<ImportResult>('POST', '/api/properties/import', { token: admin, body: commit === undefined ? { csv } : { csv, commit } });
  const fieldsOf = (result: ImportResult, index: number) => result.rows[index]!.problems.map((problem) => problem.field);
  const codesOf = async (kind: string) => {
    const reply = await t.call('GET', `/api/properties?range=[0,999]&filter=${encodeURIComponent(JSON.stringify({ kind }))}`, { token: admin });
    return (reply.body.data.list as { code: string; name: string; no: number; regionCode: string | null }[]).filter(({ code }) => code.endsWith(`-${RUN}`));
  };

  it('takes several kinds in one file: a region, then countries of it, the sort no. read as a number', async () => {
    const csv = [
      'Kind,Code,Name,Sort no.,Region',
      `regions,r-${RUN},Imported region,7,`,
      `countries,c1-${RUN},First country,12,R-${RUN}`,
      // The same code in another kind is no duplicate: codes are unique within their kind.
      `countries,r-${RUN},Second country, 3 ,R-${RUN}`,
    ].join('\n');
    const preview = await post(csv);
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows.map((row) => row.problems)).toEqual([[], [], []]);
    const reply = await post(csv, true);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.created).toEqual([expect.stringMatching(/^regions:\d+$/), expect.stringMatching(/^countries:\d+$/), expect.stringMatching(/^countries:\d+$/)]);
    expect((await codesOf('regions')).map(({ code, name, no, regionCode }) => ({ code, name, no, regionCode }))).toEqual([{ code: `R-${RUN}`, name: 'Imported region', no: 7, regionCode: null }]);
    expect((await codesOf('countries')).map(({ code, no, regionCode }) => ({ code, no, regionCode }))).toEqual(
      expect.arrayContaining([
        { code: `C1-${RUN}`, no: 12, regionCode: `R-${RUN}` },
        { code: `R-${RUN}`, no: 3, regionCode: `R-${RUN}` },
      ]),
    );
  });

  it('puts each problem under its cell: a duplicate code (any case) in the file or stored in that kind, an unknown region, a sort no. that is no number', async () => {
    expect((await t.call('POST', '/api/properties', { token: admin, body: { kind: 'advertisers', code: `TAKEN-${RUN}`, name: 'Stored' } })).status).toBe(200);
    const before = await dbSnapshot(t, ['regions', 'countries', 'companies', 'advertisers', 'data_types', 'activity_log']);
    const csv = [
      'kind,code,name,no,regionCode',
      `advertisers,twice-${RUN},First,,`,
      `advertisers,TWICE-${RUN},Second,,`,
      `advertisers,taken-${RUN},Taken,,`,
      // Stored as an advertiser's code, free among companies.
      `companies,taken-${RUN},Free here,,`,
      `countries,nowhere-${RUN},No region,,ZZZ-${RUN}`,
      `advertisers,order-${RUN},Ordered,first,`,
      `moons,moon-${RUN},A moon,,`,
    ].join('\n');
    const reply = await post(csv, true);
    expect(reply.status).toBe(400);
    const result = reply.body.data;
    expect([0, 1, 2, 3, 4, 5, 6].map((index) => fieldsOf(result, index))).toEqual([[], ['code'], ['code'], [], ['regionCode'], ['no'], ['kind']]);
    expect(result.created).toEqual([]);
    expect(await dbSnapshot(t, ['regions', 'countries', 'companies', 'advertisers', 'data_types', 'activity_log'])).toEqual(before);
  });

  it('takes a kind as the template names it or by its label in English or Korean, any case', async () => {
    const template = await t.call('GET', '/api/properties/import-template', { token: admin });
    const choices: string[] = template.body.data.fields.find(({ field }: { field: string }) => field === 'kind').choices;
    // Every form of each kind's words in its code set: "Country", "Countries", "국가".
    const cells = choices.flatMap((kind) =>
      [kind, kind.toUpperCase(), ...[codesEn, codesKo].flatMap((codes) => codes.propertyKind[kind as PropertyKind].split('||||').map((form) => form.trim()))].map((cell) => [cell, kind] as const),
    );
    expect(cells.map(([cell]) => cell)).toEqual(expect.arrayContaining(['countries', 'Countries', 'Country', '국가']));
    // A country names its region: the file's first row makes one.
    const rows = cells.map(([cell, kind], index) => `${cell},LBL${index}-${RUN},Label ${index},${kind === 'countries' ? `LBLR-${RUN}` : ''}`);
    const reply = await post(['kind,code,name,regionCode', `regions,LBLR-${RUN},Label region,`, ...rows].join('\n'), true);
    expect(reply.status, JSON.stringify(reply.body.data?.rows?.filter((row: { problems: unknown[] }) => row.problems.length))).toBe(200);
    expect(reply.body.data.created.slice(1).map((id) => String(id).split(':')[0])).toEqual(cells.map(([, kind]) => kind));
    // A word that is no kind's is still refused under its cell.
    const refused = await post(`kind,code,name\nCountry of origin,NOPE-${RUN},Nope`);
    expect(refused.body.data.rows[0]!.problems.map(({ field }) => field)).toEqual(['kind']);
  });

  it('gives a template whose required columns are the kind, the code and the name', async () => {
    const reply = await t.call('GET', '/api/properties/import-template', { token: admin });
    expect(reply.body.data.fields).toEqual([
      { field: 'kind', required: true, choices: [...PROPERTY_KINDS] },
      { field: 'code', required: true },
      { field: 'name', required: true },
      { field: 'no', required: false },
      { field: 'regionCode', required: false },
    ]);
  });
});
