import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectConfigInput } from '../../src/shared';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';

/** "Test source" with no mapping: every field of the first page, its samples and inferred type; bad pages refused in words. */
let platform: AdPlatform;
let env: Awaited<ReturnType<typeof startCollectApp>>;
let accountId: number;

const testSource = (overrides: Partial<CollectConfigInput>) =>
  env.api('POST', '/api/collect-configs/test-source', { ...collectConfig(platform.url, { marketAccountId: accountId, fields: [], ...overrides }), periodFrom: '2026-02-03' });
const sourceError = (reply: { body: { data?: { errors?: { field: string; message: string }[] } } }) => reply.body.data?.errors?.find((error) => error.field === 'sourceLocation')?.message ?? '';
const stored = async () => ({
  tasks: Number(
    (
      await env.t.db
        .selectFrom('collect_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  rows: Number(
    (
      await env.t.db
        .selectFrom('master_rows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  configs: Number(
    (
      await env.t.db
        .selectFrom('collect_configs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

beforeAll(async () => {
  platform = await startAdPlatform(25);
  env = await startCollectApp();
  accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
});
afterAll(async () => {
  await env.t.close();
  await platform.close();
});

describe('field discovery', () => {
  it('lists every field of a paged JSON report with no mapping, as dotted paths with samples and types', async () => {
    const reply = await testSource({});
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const preview = reply.body.data;
    expect(preview).toMatchObject({ rowsRead: 10, truncated: false, rows: [], errors: [], mappingProblem: null, responseMeta: { status: 200, pages: 1, rows: 10 } });
    expect(preview.fields).toEqual([
      { path: 'date', mapPath: 'date', type: 'date', samples: ['2026-02-03'], present: 10 },
      { path: 'campaign.id', mapPath: 'campaign.id', type: 'string', samples: ['C1', 'C2', 'C3'], present: 10 },
      { path: 'campaign.name', mapPath: 'campaign.name', type: 'string', samples: ['Campaign 1', 'Campaign 2', 'Campaign 3'], present: 10 },
      { path: 'metrics.impressions', mapPath: 'metrics.impressions', type: 'number', samples: ['1001', '1002', '1003'], present: 10 },
      // Sent as text ("11"), still numbers: a NUMBER master field reads them.
      { path: 'metrics.clicks', mapPath: 'metrics.clicks', type: 'number', samples: ['11', '12', '13'], present: 10 },
    ]);
    // The page was asked for with the period and the account secret, like a run.
    expect(platform.requests.at(-1)!.url.searchParams.get('day')).toBe('2026-02-03');
    expect(platform.requests.at(-1)!.headers['x-api-key']).toBe('platform-secret-1');
  });

  it('flattens nested objects and arrays (items[].id, mapped as items.0.id), booleans and nulls', async () => {
    const reply = await testSource({ sourceLocation: `${platform.url}/nested` });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const byPath = Object.fromEntries(reply.body.data.fields.map((field: { path: string }) => [field.path, field]));
    expect(Object.keys(byPath)).toEqual(['date', 'campaign.id', 'campaign.name', 'metrics.impressions', 'metrics.clicks', 'active', 'note', 'tags[]', 'ads[].id', 'ads[].spend']);
    expect(byPath.active).toEqual({ path: 'active', mapPath: 'active', type: 'boolean', samples: ['true', 'false'], present: 3 });
    expect(byPath.note).toEqual({ path: 'note', mapPath: 'note', type: 'string', samples: ['n1', 'n2'], present: 2 });
    expect(byPath['tags[]']).toEqual({ path: 'tags[]', mapPath: 'tags.0', type: 'string', samples: ['brand', 't0', 't1'], present: 2 });
    expect(byPath['ads[].id']).toMatchObject({ mapPath: 'ads.0.id', type: 'string', samples: ['A0-1', 'A0-2', 'A1-1'], present: 3 });
    expect(byPath['ads[].spend']).toMatchObject({ mapPath: 'ads.0.spend', type: 'number', samples: ['1.5', '2', '2.5'], present: 3 });

    // A discovered path, mapped as "Add to mapping" maps it, reads the first element.
    const mapped = await testSource({
      sourceLocation: `${platform.url}/nested`,
      fields: [
        { field: 'ads.0.spend', code: 'spend', type: 'NUMBER' },
        { field: 'tags.0', code: 'tag' },
      ],
    });
    expect(mapped.body.data.rows).toEqual([
      { spend: 1.5, tag: 'brand' },
      { spend: 2.5, tag: 'brand' },
      { spend: 3.5, tag: null },
    ]);
  });

  it('lists the columns of a CSV source, and says which mapped column is missing without hiding the others', async () => {
    const csv = { sourceLocation: `${platform.url}/report.csv`, sourceMethod: { responseFormat: 'CSV' as const, pagination: { type: 'NONE' as const } } };
    const reply = await testSource(csv);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.rowsRead).toBe(25);
    expect(reply.body.data.fields).toEqual([
      { path: 'date', mapPath: 'date', type: 'date', samples: ['2026-02-03'], present: 25 },
      { path: 'campaign_id', mapPath: 'campaign_id', type: 'string', samples: ['C1', 'C2', 'C3'], present: 25 },
      { path: 'impressions', mapPath: 'impressions', type: 'number', samples: ['1001', '1002', '1003'], present: 25 },
      { path: 'clicks', mapPath: 'clicks', type: 'number', samples: ['11', '12', '13'], present: 25 },
    ]);
    const wrong = await testSource({ ...csv, fields: [{ field: 'spend', code: 'spend', type: 'NUMBER' }] });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toMatchObject({ mappingProblem: 'The source lacks mapped columns: spend.', rows: [] });
    expect(wrong.body.data.fields).toHaveLength(4);
    const right = await testSource({ ...csv, fields: [{ field: 'clicks', code: 'clicks', type: 'NUMBER' }] });
    expect(right.body.data.rows.slice(0, 2)).toEqual([{ clicks: 11 }, { clicks: 12 }]);
  });

  it('lists the columns of a CSV file in the inbox', async () => {
    mkdirSync(join(env.t.config.dataDir, 'inbox', 'discover'), { recursive: true });
    writeFileSync(join(env.t.config.dataDir, 'inbox', 'discover', 'spend.csv'), 'day,"Campaign name",spend,ok\n2026-02-03,"Spring, sale","1,200.50",TRUE\n2026-02-03,Brand,30,false\n');
    const reply = await testSource({ sourceType: 'FILE', sourceLocation: 'discover/*.csv', marketAccountId: null, keyName: null, sourceMethod: { responseFormat: 'CSV' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.fields).toEqual([
      { path: 'day', mapPath: 'day', type: 'date', samples: ['2026-02-03'], present: 2 },
      { path: 'Campaign name', mapPath: 'Campaign name', type: 'string', samples: ['Spring, sale', 'Brand'], present: 2 },
      { path: 'spend', mapPath: 'spend', type: 'number', samples: ['1,200.50', '30'], present: 2 },
      { path: 'ok', mapPath: 'ok', type: 'boolean', samples: ['TRUE', 'false'], present: 2 },
    ]);
    expect(reply.body.data.responseMeta.files).toEqual(['inbox/discover/spend.csv']);
  });

  it('answers an empty rows array as no fields, not as a failure', async () => {
    const reply = await testSource({ sourceLocation: `${platform.url}/no-rows` });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ rowsRead: 0, fields: [], rows: [] });
  });
});

describe('pages that cannot be discovered: a message in words, nothing stored', () => {
  it('refuses an HTML page, an empty page and 10 MB of JSON', async () => {
    const before = await stored();
    const html = await testSource({ sourceLocation: `${platform.url}/html` });
    expect(html.status).toBe(400);
    expect(sourceError(html)).toBe(
      'Page 1 of the source is an HTML page, not JSON (content type text/html; charset=utf-8): the URL probably leads to a web page, a sign-in page or an error page rather than to the report.',
    );
    expect(JSON.stringify(html.body)).not.toContain('Sign in');

    const empty = await testSource({ sourceLocation: `${platform.url}/empty` });
    expect(empty.status).toBe(400);
    expect(sourceError(empty)).toBe('Page 1 of the source is empty: the source answered no content, so there are no fields to list. Check the URL and the period.');

    // Made and sent slowly on a busy machine: a longer timeout, so the size is what stops it.
    const huge = await testSource({ sourceLocation: `${platform.url}/huge`, sourceMethod: { ...collectConfig(platform.url).sourceMethod, timeoutMs: 30_000 } });
    expect(huge.status).toBe(400);
    expect(sourceError(huge)).toBe('Page 1 of the source is larger than 5 MB; Test source reads at most 5 MB of JSON. Choose a shorter period or a smaller page size.');
    expect(huge.body.data.responseMeta).toBeUndefined();

    expect(await stored()).toEqual(before);
  });

  it('still applies the outbound policy: a refused address is not called', async () => {
    const reply = await testSource({ sourceLocation: 'http://169.254.169.254/latest/meta-data/', marketAccountId: null, keyName: null });
    expect(reply.status).toBe(400);
    expect(sourceError(reply)).toContain('Refused: 169.254.169.254 is a link-local or cloud-metadata address.');
  });

  it('still refuses a mapping row that is half filled in', async () => {
    const reply = await testSource({ fields: [{ field: 'date', code: '' }] });
    expect(reply.status).toBe(400);
    expect(reply.body.data.errors[0]).toEqual({ field: 'fields.0.code', message: 'masterFieldRequired' });
  });
});
