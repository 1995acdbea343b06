import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerEnv } from '../../server/config';
import { startLocalS3, useS3rverCredentials } from '../fakes/s3-server';
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
      DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin#2024x', FILE_STORE: 's3://console-files/prod', AWS_ENDPOINT_URL: 'http://127.0.0.1:9',
    });
    const { code } = await server.exited;
    expect(code, server.output()).toBe(2);
    expect(server.output()).toMatch(/FILE_STORE s3:\/\/console-files\/prod: the bucket console-files at http:\/\/127\.0\.0\.1:9 cannot be reached: .*ECONNREFUSED/);
    expect(server.output()).not.toMatch(/Console ready/);
  });
});
