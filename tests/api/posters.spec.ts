import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startFakeGcs, type FakeGcs } from '../fakes/gcs-server';
import { startTableauStub, TABLEAU_API } from '../fakes/tableau-stub';
import type { FakeServer } from '../fakes/http-server';
import { startSnowflakeStub, type SnowflakeStub } from '../fakes/snowflake-stub';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { writeTdsx } from '../../server/collect/jobs/posters/tableau';
import { WorkFile } from '../../server/collect/jobs/work-file';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let platform: AdPlatform;
let gcs: FakeGcs;
let tableau: FakeServer;
let snowflake: SnowflakeStub;
const stageFolder = mkdtempSync(join(tmpdir(), 'snowstage-'));
let env: Awaited<ReturnType<typeof startCollectApp>>;
let configId: number;

const yesterday = () => new Date(env.t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
const expectedCsvFor = (day: string) => ['report_date,campaign_id,clicks', ...Array.from({ length: 12 }, (_, i) => `${day},C${i + 1},${11 + i}`)].join('\r\n') + '\r\n';
const expectedCsv = () => expectedCsvFor(yesterday());

/** Makes `postConfig` the only post config in use, runs the collect config and answers its posting task. */
async function postThrough(postConfig: ReturnType<typeof localPostConfig>) {
  await env.t.db.updateTable('post_configs').set({ in_use: 'N' }).execute();
  const created = await env.api('POST', '/api/post-configs', postConfig);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
  await env.tick();
  const task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
  expect(task.status).toBe('SUCCESS');
  return { postConfigId: created.body.data.id as number, post: (await env.api('GET', `/api/tasks/${task.postingTasks[0].id}`)).body.data };
}

beforeAll(async () => {
  platform = await startAdPlatform(12);
  gcs = await startFakeGcs(['media-bucket']);
  tableau = await startTableauStub('pat-secret');
  snowflake = await startSnowflakeStub('sf-password', stageFolder);
  env = await startCollectApp({}, { snowflakeLocalStageDir: stageFolder });
  const accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
  configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, alertRecipients: ['ops@example.com'] }))).body.data.id;
});
afterAll(async () => {
  await env.t.close();
  await Promise.all([platform.close(), gcs.close(), tableau.close(), snowflake.close()]);
  rmSync(stageFolder, { recursive: true, force: true });
});

describe('GCS through its JSON API', () => {
  const gcsConfig = (location = 'media-bucket/feeds/daily') =>
    localPostConfig({ targetMethod: 'GCS', targetLocation: location, targetData: { apiEndpoint: gcs.url, projectId: 'console-test' }, targetSecret: '{"type":"service_account"}' });

  it('uploads the CSV object that the fake GCS server receives', async () => {
    const { post } = await postThrough(gcsConfig());
    const name = `feeds/daily/MEDIA-${configId}-${yesterday()}.csv`;
    expect(post).toMatchObject({ status: 'SUCCESS', rowsPosted: 12, targetLocation: `gs://media-bucket/${name}` });
    expect(gcs.objects.get(`media-bucket/${name}`)?.toString('utf8')).toBe(expectedCsv());
  });

  it('tests the connection: a known bucket, then a missing one', async () => {
    const ok = await env.api('POST', '/api/post-configs', gcsConfig());
    expect((await env.api('POST', `/api/post-configs/${ok.body.data.id}/test-connection`)).body.data).toEqual({ ok: true, message: 'The bucket media-bucket is reachable.' });
    const missing = await env.api('POST', '/api/post-configs', gcsConfig('other-bucket'));
    const check = (await env.api('POST', `/api/post-configs/${missing.body.data.id}/test-connection`)).body.data;
    expect(check.ok).toBe(false);
    expect(check.message).toContain('does not exist');
  });

  it('a missing bucket fails the posting task with TARGET_ERROR', async () => {
    await env.t.db.updateTable('post_configs').set({ in_use: 'N' }).execute();
    await env.api('POST', '/api/post-configs', gcsConfig('other-bucket'));
    const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
    await env.tick();
    const task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
    expect(task.status).toBe('SUCCESS'); // mastering succeeded
    expect(task.postingTasks[0]).toMatchObject({ status: 'ERROR', errorId: 'TARGET_ERROR' });
  });
});

describe('Tableau through its REST API', () => {
  const tableauConfig = (secret: string) =>
    localPostConfig({
      targetMethod: 'TABLEAU',
      targetLocation: 'Media daily',
      targetData: { serverUrl: tableau.url, tokenName: 'console', site: 'marketing', projectId: 'proj-7', apiVersion: '3.21' },
      targetSecret: secret,
    });

  it('signs in with the personal access token, publishes a .tdsx with the CSV and signs out', async () => {
    tableau.requests.length = 0;
    const { post } = await postThrough(tableauConfig('pat-secret'));
    expect(post).toMatchObject({ status: 'SUCCESS', rowsPosted: 12, responseMeta: { datasourceId: 'ds-1' } });
    expect(tableau.requests.map((request) => `${request.method} ${request.url.pathname}${request.url.search}`)).toEqual([
      `POST ${TABLEAU_API}/auth/signin`,
      `POST ${TABLEAU_API}/sites/site-1/datasources?overwrite=true`,
      `POST ${TABLEAU_API}/auth/signout`,
    ]);
    expect(JSON.parse(tableau.requests[0].body.toString('utf8'))).toEqual({
      credentials: { personalAccessTokenName: 'console', personalAccessTokenSecret: 'pat-secret', site: { contentUrl: 'marketing' } },
    });
    const publish = tableau.requests[1];
    expect(publish.headers['x-tableau-auth']).toBe('session-token');
    expect(publish.headers['content-type']).toMatch(/^multipart\/mixed; boundary=/);
    const body = publish.body.toString('latin1');
    expect(body).toContain('Content-Disposition: name="request_payload"');
    expect(body).toContain('<tsRequest><datasource name="Media daily"><project id="proj-7" /></datasource></tsRequest>');
    expect(body).toContain('Content-Disposition: name="tableau_datasource"; filename="Media daily.tdsx"');
    expect(body).toContain('PK\u0003\u0004'); // a zip
    expect(body).toContain('Data/Media daily.csv');
    expect(body).toContain(expectedCsv());
    expect(tableau.requests[2].headers['x-tableau-auth']).toBe('session-token');
  });

  it('a refused token fails the posting task with TARGET_AUTH and mails the post alert', async () => {
    const { post, postConfigId } = await postThrough(tableauConfig('wrong-secret'));
    expect(post).toMatchObject({ status: 'ERROR', errorId: 'TARGET_AUTH', errorText: 'Tableau refused the sign-in (HTTP 401).', rowsPosted: 0 });
    const mail = await env.t.lastMail('ops@example.com');
    expect(mail?.template_type).toBe('alert');
    expect(mail?.subject + mail!.body_text).toContain('TARGET_AUTH');
    const check = (await env.api('POST', `/api/post-configs/${postConfigId}/test-connection`)).body.data;
    expect(check).toEqual({ ok: false, message: 'Tableau refused the sign-in (HTTP 401).' });
  });
});

describe('the .tdsx Tableau receives', () => {
  it.skipIf(!existsSync('/usr/bin/unzip'))('is a zip that unzip reads back, with the data source and the CSV', async () => {
    const path = join(stageFolder, 'check.tdsx');
    const csv = Buffer.from(expectedCsvFor('2026-01-01'));
    const csvPath = join(stageFolder, 'check.csv');
    writeFileSync(csvPath, csv);
    const out = await WorkFile.create(path);
    await writeTdsx(out, 'Media daily', { path: csvPath, bytes: csv.length, crc: crc32(csv) });
    await out.close();
    expect(execFileSync('/usr/bin/unzip', ['-t', path]).toString()).toContain('No errors detected');
    expect(execFileSync('/usr/bin/unzip', ['-p', path, 'Data/Media daily.csv']).toString()).toBe(expectedCsvFor('2026-01-01'));
    expect(execFileSync('/usr/bin/unzip', ['-p', path, 'Media daily.tds']).toString()).toContain("<connection class='textscan' directory='Data' filename='Media daily.csv'");
  });
});

describe('Snowflake stage through snowflake-sdk', () => {
  const stageConfig = (password: string) =>
    localPostConfig({
      targetMethod: 'SNOWSTAGE',
      targetLocation: '@media_stage/daily',
      targetData: { account: 'acme', username: 'loader', database: 'MARKETING', accessUrl: snowflake.url },
      targetSecret: password,
    });

  it('logs in and PUTs the CSV to the stage (the stub answers with a local-folder stage the driver copies into)', async () => {
    snowflake.statements.length = 0;
    const { post } = await postThrough(stageConfig('sf-password'));
    const name = `MEDIA-${configId}-${yesterday()}.csv`;
    expect(post).toMatchObject({ status: 'SUCCESS', rowsPosted: 12, targetLocation: `@media_stage/daily/${name}` });
    expect(snowflake.statements).toHaveLength(1);
    expect(snowflake.statements[0]).toMatch(new RegExp(`^PUT 'file://.+/${name}' @media_stage/daily AUTO_COMPRESS=FALSE OVERWRITE=TRUE$`));
    expect(readFileSync(join(stageFolder, name), 'utf8')).toBe(expectedCsv());
  });

  it('a refused password is TARGET_AUTH; test connection says why', async () => {
    const { post, postConfigId } = await postThrough(stageConfig('wrong'));
    expect(post).toMatchObject({ status: 'ERROR', errorId: 'TARGET_AUTH', errorText: 'Snowflake refused the sign-in: Incorrect username or password was specified.' });
    expect((await env.api('POST', `/api/post-configs/${postConfigId}/test-connection`)).body.data.ok).toBe(false);
  });
});

describe('LOCAL test connection', () => {
  it('creates and checks the folder', async () => {
    const created = await env.api('POST', '/api/post-configs', localPostConfig({ targetLocation: 'checks/here' }));
    const check = (await env.api('POST', `/api/post-configs/${created.body.data.id}/test-connection`)).body.data;
    expect(check.ok).toBe(true);
  });
});

describe("a target's secret never reaches what a run records", () => {
  // Every line and failure of a run passes through one mask (scheduler.ts, redactText); these put
  // the secret where a poster writes it back: the location it posts to and reports.
  const visible = async (post: { id: number }) => JSON.stringify((await env.api('GET', `/api/tasks/${post.id}`)).body.data);

  it('LOCAL: the posting lines and the stored location show the marker, not the secret', async () => {
    const { post } = await postThrough(localPostConfig({ targetLocation: 'feeds/drop-key-31337', targetSecret: 'drop-key-31337' }));
    expect(post.status).toBe('SUCCESS');
    const text = await visible(post);
    expect(text).not.toContain('drop-key-31337');
    expect(post.targetLocation).toContain('feeds/[REDACTED]/');
    expect(post.logs.map((line: { message: string }) => line.message)).toEqual(expect.arrayContaining([expect.stringContaining('to LOCAL feeds/[REDACTED] as ')]));
  });

  it('TABLEAU refused: the failure text, log and alert mail carry no secret or credentials in a URL', async () => {
    const { post } = await postThrough(
      localPostConfig({
        targetMethod: 'TABLEAU',
        targetLocation: 'Media wrong-secret-77',
        targetData: { serverUrl: tableau.url, tokenName: 'console', site: 'marketing', projectId: 'proj-7', apiVersion: '3.21' },
        targetSecret: 'wrong-secret-77',
      }),
    );
    expect(post).toMatchObject({ status: 'ERROR', errorId: 'TARGET_AUTH' });
    expect(await visible(post)).not.toContain('wrong-secret-77');
    const mail = await env.t.lastMail('ops@example.com');
    expect(mail!.subject + mail!.body_text).not.toContain('wrong-secret-77');
  });
});
