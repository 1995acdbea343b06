import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readServerEnv } from '../../server/config';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startLocalS3, useS3rverCredentials, type LocalS3 } from '../fakes/s3-server';
import { spawnServer, type ChildServer } from './ops-child';
import { fileStoreSuite } from './file-store-suite';

useS3rverCredentials();

fileStoreSuite('S3', 'console-files', async () => {
  const s3 = await startLocalS3(['console-files']);
  const client = new S3Client({ endpoint: s3.url, forcePathStyle: true });
  return {
    setting: (bucket, prefix) => ({ url: `s3://${bucket}${prefix ? `/${prefix}` : ''}`, endpoint: s3.url }),
    async objectNames(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
    stop: () => s3.stop(),
    async close() {
      client.destroy();
      await s3.close();
    },
  };
});

describe('FILE_STORE at start-up', () => {
  let server: ChildServer | undefined;
  let dataDir: string | undefined;
  afterEach(() => {
    server?.child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('names FILE_STORE when it is neither s3:// nor gs://', () => {
    expect(() => readServerEnv({ FILE_STORE: 'ftp://files.example.com/console' })).toThrow(/FILE_STORE: FILE_STORE must be s3:\/\/bucket\[\/prefix\] or gs:\/\/bucket\[\/prefix\]/);
    expect(() => readServerEnv({ FILE_STORE: 's3://' })).toThrow(/FILE_STORE/);
    expect(readServerEnv({ FILE_STORE: 's3://console-files/prod' }).FILE_STORE).toBe('s3://console-files/prod');
  });

  it('an unreachable bucket stops the server with exit code 2 and a message naming FILE_STORE and the bucket', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'console-ops-'));
    server = spawnServer('server/main.ts', {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'Admin#2024x',
      FILE_STORE: 's3://console-files/prod',
      AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    });
    const { code } = await server.exited;
    expect(code, server.output()).toBe(2);
    expect(server.output()).toMatch(/FILE_STORE s3:\/\/console-files\/prod: the bucket console-files at http:\/\/127\.0\.0\.1:9 cannot be reached: .*ECONNREFUSED/);
    expect(server.output()).not.toMatch(/Console ready/);
  });
});

describe('the LOCAL post target with FILE_STORE', () => {
  let s3: LocalS3;
  let platform: AdPlatform;
  let env: Awaited<ReturnType<typeof startCollectApp>>;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startLocalS3(['console-files']);
    client = new S3Client({ endpoint: s3.url, forcePathStyle: true });
    platform = await startAdPlatform(12);
    env = await startCollectApp({}, { fileStore: { url: 's3://console-files/prod', endpoint: s3.url } });
  });
  afterAll(async () => {
    await env?.t.close();
    client?.destroy();
    await Promise.all([platform?.close(), s3?.close()]);
  });

  it('posts the CSV and its backup copy into the bucket under posted/ and backup/, and tests the bucket', async () => {
    const accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
    const configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId }))).body.data.id;
    const posting = await env.api('POST', '/api/post-configs', localPostConfig({ backupFlag: 'Y', backupLocation: 'media-copies' }));
    expect(posting.status, JSON.stringify(posting.body)).toBe(200);
    const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
    await env.tick();
    const task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
    const post = (await env.api('GET', `/api/tasks/${task.postingTasks[0].id}`)).body.data;
    expect(post, JSON.stringify(post)).toMatchObject({ status: 'SUCCESS', rowsPosted: 12 });

    const day = new Date(env.t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const name = `feeds/media/MEDIA-${configId}-${day}.csv`;
    expect(post.targetLocation).toBe(`s3://console-files/prod/posted/${name}`);
    const posted = await client.send(new GetObjectCommand({ Bucket: 'console-files', Key: `prod/posted/${name}` }));
    const csv = await posted.Body!.transformToString();
    expect(csv.split('\r\n')[0]).toBe('report_date,campaign_id,clicks');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(13);
    const backup = await client.send(new GetObjectCommand({ Bucket: 'console-files', Key: `prod/backup/media-copies/MEDIA-${configId}-${day}.csv` }));
    expect(await backup.Body!.transformToString()).toBe(csv);
    expect(existsSync(join(env.t.config.dataDir, 'posted'))).toBe(false);

    const check = (await env.api('POST', `/api/post-configs/${posting.body.data.id}/test-connection`)).body.data;
    expect(check).toEqual({ ok: true, message: `The bucket console-files at ${s3.url} is reachable; files go to s3://console-files/prod/posted/feeds/media/.` });
  });
});
