import { beforeAll, describe, expect, it } from 'vitest';
import { DATASET_COLUMN_TYPES, type DatasetColumnType } from '../../src/shared';
import { signedInAccount, type TestApp, withRankAccounts } from './harness';
import { commit, createDataset, datasetRows, preview } from './uploads-support';

let t: TestApp;
let uploader: { id: number; token: string };

withRankAccounts((suite) => ({ t } = suite));
beforeAll(async () => {
  uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
});

const infer = async (fileName: string, content: string) => {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return t.call('POST', '/api/datasets/infer', { token: uploader.token, body, headers: { 'content-type': encoded.headers.get('content-type')! } });
};

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const rowsOf = (datasetId: number, params: Record<string, unknown>) =>
  t.call(
    'GET',
    `/api/explorer/dataset-${datasetId}/rows?${Object.entries(params)
      .map(([key, value]) => `${key}=${q(value)}`)
      .join('&')}`,
    { token: uploader.token },
  );

describe('"Start from a file" proposes NUMBER, DATE and VARCHAR columns and says why', () => {
  it('a budget column is NUMBER, a month or day column DATE, codes with a leading zero and words are text', async () => {
    const csv = ['month,day,budget,store,note,empty', '2026-01,2026-01-01,"1,200.50",007,spring,', '2026-02,2026-01-02,900,012,12%,', '2026/03,03/02/2026,-5,100,"",'].join('\n');
    const reply = await infer('Budgets.csv', `${csv}\n`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.schemaInfo.map((column: { colName: string; colType: string }) => `${column.colName}:${column.colType}`)).toEqual([
      'month:DATE',
      'day:DATE',
      'budget:NUMBER',
      'store:VARCHAR',
      'note:VARCHAR',
      'empty:VARCHAR',
    ]);
    expect(reply.body.data.reasons).toEqual([
      { reason: 'DATES', count: 3, example: '2026-01' },
      { reason: 'DATES', count: 3, example: '2026-01-01' },
      { reason: 'NUMBERS', count: 3, example: '1,200.50' },
      { reason: 'LEADING_ZERO', count: 3, example: '007' },
      { reason: 'TEXT', count: 2, example: 'spring' },
      { reason: 'EMPTY', count: 0, example: null },
    ]);
  });
});

describe('uploads check NUMBER values', () => {
  const SCHEMA = [
    { colName: 'month', colType: 'DATE' as const, required: true, key: true },
    { colName: 'budget', colType: 'NUMBER' as const, required: false, key: false },
  ];

  it('reports a value that is not a number as an upload problem in words, and writes nothing', async () => {
    const id = await createDataset(t, uploader.token, SCHEMA, 'Budgets with problems');
    const upload = await preview(t, uploader.token, id, 'bad.csv', 'month,budget\n2026-01,"1,200"\n2026-02,₩900\n2026-03,12%\n2026-04,1.2.3\n2026-05,=1+2\n');
    expect(upload).toMatchObject({ status: 'FAIL', problemCount: 4 });
    expect(upload.preview!.problems.map(({ row, column, reason }) => `${row}:${column}:${reason}`)).toEqual([
      '3:budget:BAD_NUMBER',
      '4:budget:BAD_NUMBER',
      '5:budget:BAD_NUMBER',
      '6:budget:BAD_NUMBER',
    ]);
    expect(upload.preview!.problems[0].message).toBe('₩900 is not a number (use digits such as 1200.50 or 1,200.50, without a currency or % sign).');
    expect(await datasetRows(t, id)).toEqual([]);
  });

  it('stores numbers as plain decimals and months as their first day, on append and on replace', async () => {
    const id = await createDataset(t, uploader.token, SCHEMA, 'Budgets stored');
    await commit(t, uploader.token, (await preview(t, uploader.token, id, 'jan.csv', 'month,budget\n2026-01,"1,200.50"\n2026-02,+7\n2026-03,\n')).id);
    expect((await datasetRows(t, id)).map((row) => row.values)).toEqual([
      ['2026-01-01', '1200.50'],
      ['2026-02-01', '7'],
      ['2026-03-01', null],
    ]);
    const replacement = await preview(t, uploader.token, id, 'again.csv', 'month,budget\n2026-04,1e3\n2026-05,x\n');
    expect(replacement.preview!.problems.map(({ row, reason }) => `${row}:${reason}`)).toEqual(['3:BAD_NUMBER']);
    await commit(t, uploader.token, (await preview(t, uploader.token, id, 'again.csv', 'month,budget\n2026-04,1e3\n')).id, 'REPLACE');
    expect((await datasetRows(t, id)).map((row) => row.values)).toEqual([['2026-04-01', '1e3']]);
  });
});

/**
 * Every dataset column type, uploaded through the real upload and read back by the explorer:
 * values whose typed order differs from their text order, that order, and a filter value with the
 * rows it matches. A Record over the types, so a new type without its case fails the typecheck.
 */
const BY_TYPE: Record<DatasetColumnType, { values: string[]; ascending: string[]; filter: string; matches: string[] }> = {
  NUMBER: {
    values: ['100', '9', '1,000', '10', '-5', '2.5', '10.0'],
    ascending: ['-5', '2.5', '9', '10', '10.0', '100', '1000'],
    filter: '10',
    matches: ['10', '10.0'],
  },
  DATE: {
    values: ['2026-10-01', '2026-9-01', '02/01/2026', '2026-01'],
    ascending: ['2026-01-01', '2026-02-01', '2026-09-01', '2026-10-01'],
    filter: '2026-02-01',
    matches: ['2026-02-01'],
  },
  VARCHAR: {
    values: ['b9', 'B10', 'a100', 'c'],
    ascending: ['B10', 'a100', 'b9', 'c'],
    filter: 'b',
    matches: ['b9', 'B10'],
  },
};

describe('the Data Explorer sorts and filters each column type as its type', () => {
  it.each(DATASET_COLUMN_TYPES)('%s', async (type) => {
    const { values, ascending, filter, matches } = BY_TYPE[type];
    const id = await createDataset(
      t,
      uploader.token,
      [
        { colName: 'row_no', colType: 'VARCHAR', required: true, key: true },
        { colName: 'value', colType: type, required: true, key: false },
      ],
      `Sorted ${type}`,
    );
    const csv = `row_no,value\n${values.map((value, index) => `r${index},"${value}"`).join('\n')}\n`;
    const upload = await preview(t, uploader.token, id, `${type}.csv`, csv);
    expect(upload.problemCount).toBe(0);
    await commit(t, uploader.token, upload.id);
    const sorted = async (direction: 'ASC' | 'DESC') => (await rowsOf(id, { sort: ['value', direction], range: [0, 99] })).body.data.list.map((row: { cells: string[] }) => row.cells[1]);
    // VARCHAR sorts by the engine's text order; ties of a typed order fall back to the stored order.
    if (type === 'VARCHAR') expect([...(await sorted('ASC'))].sort()).toEqual([...ascending].sort());
    else expect(await sorted('ASC')).toEqual(ascending);
    if (type !== 'VARCHAR') expect(await sorted('DESC')).toEqual(type === 'NUMBER' ? ['1000', '100', '10.0', '10', '9', '2.5', '-5'] : [...ascending].reverse());
    const filtered = await rowsOf(id, { filter: { value: filter }, range: [0, 99] });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.list.map((row: { cells: string[] }) => row.cells[1]).sort()).toEqual([...matches].sort());
    expect(filtered.body.data.totalCount).toBe(matches.length);
  });

  it('9 < 10 < 100 on a NUMBER column, where text would put 100 before 9, and a NUMBER filter takes only a number', async () => {
    const id = await createDataset(
      t,
      uploader.token,
      [
        { colName: 'campaign', colType: 'VARCHAR', required: true, key: true },
        { colName: 'spend', colType: 'NUMBER', required: false, key: false },
      ],
      'Spend by campaign',
    );
    await commit(t, uploader.token, (await preview(t, uploader.token, id, 'spend.csv', 'campaign,spend\na,100\nb,9\nc,10\n')).id);
    const table = await t.call('GET', `/api/explorer/dataset-${id}`, { token: uploader.token });
    expect(table.body.data.columns).toEqual([
      { name: 'campaign', type: 'VARCHAR' },
      { name: 'spend', type: 'NUMBER' },
    ]);
    const ascending = await rowsOf(id, { sort: ['spend', 'ASC'] });
    expect(ascending.body.data.list.map((row: { cells: string[] }) => row.cells)).toEqual([
      ['b', '9'],
      ['c', '10'],
      ['a', '100'],
    ]);
    const wrong = await rowsOf(id, { filter: { spend: 'ten' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors).toEqual([{ field: 'filter.spend', message: 'spend is a number column: filter it by a number such as 120.' }]);
  });
});
