import { beforeAll, describe, expect, it } from 'vitest';
import { type RankAccounts, signedInAccount, type TestApp, withRankAccounts } from './harness';
import { fillDataset, masterTable } from './explorer-fixtures';
import { MEDIA_SCHEMA, createDataset } from './uploads-support';
import { exportFileName } from '../../src/shared';

let t: TestApp;
let accounts: RankAccounts;
let uploader: { id: number; token: string };
let datasetId: number;
let masterId: number;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const rowsOf = (table: string, params: Record<string, unknown> = {}, token = accounts['system-admin'].token) =>
  t.call(
    'GET',
    `/api/explorer/${table}/rows?${Object.entries(params)
      .map(([key, value]) => `${key}=${q(value)}`)
      .join('&')}`,
    { token },
  );
const cells = (reply: { body: { data: { list: { cells: unknown[] }[] } } }) => reply.body.data.list.map((row) => row.cells);

withRankAccounts((suite) => ({ t, accounts } = suite));
beforeAll(async () => {
  uploader = await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' });
  // 25 rows: days 2026-01-01 … 01-25, campaigns c01 … c25, channel search/social alternating; one formula-like value.
  datasetId = await createDataset(t, accounts['system-admin'].token, MEDIA_SCHEMA, 'Search spend');
  const rows = Array.from({ length: 25 }, (_, index) => [
    `2026-01-${String(index + 1).padStart(2, '0')}`,
    `c${String(index + 1).padStart(2, '0')}`,
    index % 2 ? 'social' : 'Search',
    String(index * 10),
  ]);
  rows[3][2] = '=HYPERLINK("http://evil.example")';
  await fillDataset(t.db, datasetId, rows);
  masterId = await masterTable(
    t.db,
    'Media daily',
    'MEDIA',
    [
      ['campaign', 'STRING'],
      ['clicks', 'NUMBER'],
    ],
    [
      { campaign: 'b', clicks: 9 },
      { campaign: 'a', clicks: 100 },
      { campaign: 'c', clicks: 20 },
      { campaign: 'd', clicks: null },
    ],
  );
  // A second config of the same metric and data type adds to the same master table.
  await masterTable(
    t.db,
    'Media daily',
    'MEDIA',
    [
      ['campaign', 'STRING'],
      ['clicks', 'NUMBER'],
    ],
    [{ campaign: 'e', clicks: 5 }],
  );
});

describe('data explorer', () => {
  it('lists master tables by metric and data type and each dataset as schema and table name', async () => {
    const reply = await t.call('GET', `/api/explorer?sort=${q(['tableName', 'ASC'])}`, { token: accounts['system-admin'].token });
    expect(reply.status).toBe(200);
    expect(reply.body.data.list).toEqual([
      { id: `master-${masterId}`, schema: 'master', tableName: 'Media daily', dataType: 'MEDIA', rowCount: 5 },
      { id: `dataset-${datasetId}`, schema: 'dataset', tableName: 'Search spend', dataType: 'MEDIA', rowCount: 25 },
    ]);
    const datasetsOnly = await t.call('GET', `/api/explorer?filter=${q({ schema: 'dataset' })}`, { token: accounts['system-admin'].token });
    expect(datasetsOnly.body.data.list.map((table: { id: string }) => table.id)).toEqual([`dataset-${datasetId}`]);
    const searched = await t.call('GET', `/api/explorer?filter=${q({ q: 'media d' })}`, { token: accounts['system-admin'].token });
    expect(searched.body.data.totalCount).toBe(1);
    expect((await t.call('GET', `/api/explorer?filter=${q({ owner: 1 })}`, { token: accounts['system-admin'].token })).status).toBe(400);
  });

  it('answers a table with its columns (name, type)', async () => {
    const dataset = await t.call('GET', `/api/explorer/dataset-${datasetId}`, { token: uploader.token });
    expect(dataset.body.data.columns).toEqual([
      { name: 'date', type: 'DATE' },
      { name: 'campaign_id', type: 'VARCHAR' },
      { name: 'channel', type: 'VARCHAR' },
      { name: 'impressions', type: 'VARCHAR' },
    ]);
    const master = await t.call('GET', `/api/explorer/master-${masterId}`, { token: accounts['global-admin'].token });
    expect(master.body.data).toMatchObject({ schema: 'master', tableName: 'Media daily', rowCount: 5 });
    expect(master.body.data.columns.map((column: { name: string; type: string }) => `${column.name}:${column.type}`)).toEqual([
      'advertiser_code:STRING',
      'period_from:DATE',
      'period_to:DATE',
      'campaign:STRING',
      'clicks:NUMBER',
    ]);
    // The second config of the metric is part of the first's table, not a table of its own.
    expect((await t.call('GET', `/api/explorer/master-${masterId + 1}`, { token: accounts['system-admin'].token })).status).toBe(404);
    const missing = await t.call('GET', '/api/explorer/dataset-9999', { token: accounts['system-admin'].token });
    expect(missing.status).toBe(404);
    expect(missing.body.resultMessage).toBe('No such table.');
    expect((await t.call('GET', '/api/explorer/users-1', { token: accounts['system-admin'].token })).status).toBe(400);
  });

  it('pages rows in stored order, with the total', async () => {
    const first = await rowsOf(`dataset-${datasetId}`, { range: [0, 9] });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ totalCount: 25, totalPage: 3, currentPage: 1 });
    expect(cells(first)[0]).toEqual(['2026-01-01', 'c01', 'Search', '0']);
    const last = await rowsOf(`dataset-${datasetId}`, { range: [20, 29] });
    expect(cells(last).map((row) => row[1])).toEqual(['c21', 'c22', 'c23', 'c24', 'c25']);
    expect(last.body.data.list[0].id).toBe(21);
  });

  it('sorts by a column, text as text and NUMBER as numbers, on the server', async () => {
    const byCampaign = await rowsOf(`dataset-${datasetId}`, { sort: ['campaign_id', 'DESC'], range: [0, 2] });
    expect(cells(byCampaign).map((row) => row[1])).toEqual(['c25', 'c24', 'c23']);
    const byClicks = await rowsOf(`master-${masterId}`, { sort: ['clicks', 'DESC'], filter: { clicks: undefined }, range: [0, 9] });
    const clicks = cells(byClicks)
      .map((row) => row[4])
      .filter((value) => value !== null);
    expect(clicks).toEqual([100, 20, 9, 5]);
    expect(cells(byClicks)[0].slice(0, 3)).toEqual(['ADV', '2026-01-01', '2026-01-01']);
  });

  it('filters with values typed per column', async () => {
    const social = await rowsOf(`dataset-${datasetId}`, { filter: { channel: 'SOC' }, range: [0, 99] });
    expect(social.body.data.totalCount).toBe(11); // 12 odd rows, one of them the formula
    const day = await rowsOf(`dataset-${datasetId}`, { filter: { date: '2026-01-07', channel: 'search' } });
    expect(cells(day)).toEqual([['2026-01-07', 'c07', 'Search', '60']]);
    const number = await rowsOf(`master-${masterId}`, { filter: { clicks: '20' } });
    expect(cells(number).map((row) => row[3])).toEqual(['c']);
    // A LIKE wildcard is a character to find, not a pattern.
    expect((await rowsOf(`dataset-${datasetId}`, { filter: { channel: '%' } })).body.data.totalCount).toBe(0);

    const wrongNumber = await rowsOf(`master-${masterId}`, { filter: { clicks: 'many' } });
    expect(wrongNumber.status).toBe(400);
    expect(wrongNumber.body.data.errors).toEqual([{ field: 'filter.clicks', message: 'clicks is a number column: filter it by a number such as 120.' }]);
    const wrongDay = await rowsOf(`dataset-${datasetId}`, { filter: { date: '2026-02-30' } });
    expect(wrongDay.body.data.errors[0].field).toBe('filter.date');
  });

  it('refuses an unknown column with a 400 naming it', async () => {
    const filter = await rowsOf(`dataset-${datasetId}`, { filter: { spend: '1' } });
    expect(filter.status).toBe(400);
    expect(filter.body.data.errors).toEqual([{ field: 'filter.spend', message: 'spend is not a column of Search spend; filter by one of date, campaign_id, channel, impressions.' }]);
    const sort = await rowsOf(`master-${masterId}`, { sort: ['row_data', 'ASC'] });
    expect(sort.status).toBe(400);
    expect(sort.body.data.errors[0]).toMatchObject({ field: 'sort' });
    expect(sort.body.data.errors[0].message).toContain('row_data is not a column of Media daily');
    expect((await t.call('GET', `/api/explorer/master-${masterId}/rows?filter=${encodeURIComponent('{"__proto__":"x"}')}`, { token: accounts['system-admin'].token })).status).toBe(400);
  });

  it('shows each table only to those allowed to read its data', async () => {
    const ids = async (token: string) => (await t.call('GET', '/api/explorer', { token })).body.data.list.map((table: { id: string }) => table.id);
    expect(await ids(accounts['system-admin'].token)).toHaveLength(2);
    expect(await ids(accounts['global-admin'].token)).toHaveLength(2);
    // User managers read datasets (as they read upload history) but not master rows.
    expect(await ids(accounts['local-admin'].token)).toEqual([`dataset-${datasetId}`]);
    expect(await ids(uploader.token)).toEqual([`dataset-${datasetId}`]);
    expect(await ids(accounts.user.token)).toEqual([]);

    const masterRefused = await rowsOf(`master-${masterId}`, {}, accounts['region-admin'].token);
    expect(masterRefused.status).toBe(403);
    expect(masterRefused.body.resultMessage).toBe('Only collect-data administrators can read master rows.');
    expect((await rowsOf(`dataset-${datasetId}`, {}, accounts.user.token)).status).toBe(403);
    expect((await t.call('GET', `/api/explorer/dataset-${datasetId}`, { token: accounts.user.token })).status).toBe(403);
    expect((await t.call('POST', `/api/explorer/dataset-${datasetId}/export`, { token: accounts.user.token, body: {} })).status).toBe(403);

    // Revoking UPLOADER closes the dataset at once.
    await t.db.updateTable('admins').set({ uploader_flag: 'N' }).where('id', '=', uploader.id).execute();
    expect((await rowsOf(`dataset-${datasetId}`, {}, uploader.token)).status).toBe(403);
    await t.db.updateTable('admins').set({ uploader_flag: 'Y' }).where('id', '=', uploader.id).execute();
  });

  it('exports the filtered, sorted rows as formula-safe CSV through a signed link', async () => {
    const asked = await t.call('POST', `/api/explorer/dataset-${datasetId}/export`, {
      token: uploader.token,
      headers: { 'x-time-zone': 'Asia/Seoul' },
      body: { sort: JSON.stringify(['campaign_id', 'ASC']), filter: JSON.stringify({ channel: 'search' }) },
    });
    expect(asked.status).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: asked.body.data.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    // Named after the dataset and the minute on the asker's clock, not its id.
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${exportFileName('Search spend', t.clock.now(), 'Asia/Seoul')}"; filename*=UTF-8''${encodeURIComponent(exportFileName('Search spend', t.clock.now(), 'Asia/Seoul'))}`,
    );
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('date,campaign_id,channel,impressions');
    expect(lines).toHaveLength(1 + 13);
    expect(lines[1]).toBe('2026-01-01,c01,Search,0');
    expect(download.body).not.toContain('=HYPERLINK');

    const all = await t.call('POST', `/api/explorer/dataset-${datasetId}/export`, { token: uploader.token, body: {} });
    const everything = (await t.app.inject({ method: 'GET', url: all.body.data.url })).body;
    expect(everything).toContain(`2026-01-04,c04,"'=HYPERLINK(""http://evil.example"")",30`);

    const bad = await t.call('POST', `/api/explorer/dataset-${datasetId}/export`, { token: uploader.token, body: { filter: JSON.stringify({ nope: 1 }) } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].field).toBe('filter.nope');

    // The link checks the right again: once UPLOADER is revoked, it no longer downloads.
    await t.db.updateTable('admins').set({ uploader_flag: 'N' }).where('id', '=', uploader.id).execute();
    expect((await t.app.inject({ method: 'GET', url: all.body.data.url })).statusCode).toBe(403);
    await t.db.updateTable('admins').set({ uploader_flag: 'Y' }).where('id', '=', uploader.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/explorer/export?token=forged' })).statusCode).not.toBe(200);
  });
});
