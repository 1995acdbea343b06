import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startSnowflakeStub, type SnowflakeStub } from '../fakes/snowflake-stub';
import { driver, proxyOptions } from '../../server/collect/jobs/posters/snowstage';
import { outboundFor } from '../../server/outbound/outbound-fetch';
import { inEnglish } from '../../src/i18n/serverMessage';

/**
 * The answer to a Snowflake PUT steers the driver's stage clients (S3, Azure,
 * GCS) and its local-folder stage. An internal service on 127.0.0.2 (refused by the policy) counts
 * the connections it gets; the stub (on 127.0.0.1, allowed) answers the PUT as an attacker would.
 */
type Env = Awaited<ReturnType<typeof startCollectApp>>;

let env: Env;
let platform: AdPlatform;
let snowflake: SnowflakeStub;
let internal: Server;
let internalPort: number;
let connections = 0;
const allowedStage = mkdtempSync(join(tmpdir(), 'snowstage-allowed-'));
const elsewhere = mkdtempSync(join(tmpdir(), 'snowstage-elsewhere-'));
let configId: number;

/** Runs the collect config with a Snowflake target only, answers its posting task. */
async function post() {
  await env.t.db.updateTable('post_configs').set({ in_use: 'N' }).execute();
  const created = await env.api(
    'POST',
    '/api/post-configs',
    localPostConfig({ targetMethod: 'SNOWSTAGE', targetLocation: '@media_stage', targetData: { account: 'acme', username: 'loader', accessUrl: snowflake.url }, targetSecret: 'sf-password' }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
  await env.tick();
  const task = (await env.api('GET', `/api/tasks/${queued.body.data.id}`)).body.data;
  return (await env.api('GET', `/api/tasks/${task.postingTasks[0].id}`)).body.data;
}

beforeAll(async () => {
  internal = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.2', resolve));
  internalPort = (internal.address() as AddressInfo).port;
  platform = await startAdPlatform(3);
  snowflake = await startSnowflakeStub('sf-password', allowedStage);
  env = await startCollectApp({}, { outboundAllow: ['127.0.0.1'], snowflakeLocalStageDir: allowedStage });
  const accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
  configId = (await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId }))).body.data.id;
});
afterEach(() => {
  snowflake.putAnswer = undefined;
  connections = 0;
});
afterAll(async () => {
  await env.t.close();
  await Promise.all([platform.close(), snowflake.close(), new Promise((resolve) => internal.close(resolve))]);
  rmSync(allowedStage, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

const cloud =
  (stageInfo: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  () => ({ stageInfo: { region: 'us-east-1', path: '', ...stageInfo }, ...extra });

describe('a PUT answered with a cloud stage at an internal address', () => {
  const stages: [string, () => Record<string, unknown>][] = [
    ['S3', cloud({ locationType: 'S3', location: 'bucket/path/', endPoint: `127.0.0.2:${0}`, creds: { AWS_KEY_ID: 'k', AWS_SECRET_KEY: 's', AWS_TOKEN: 't' } })],
    ['AZURE', cloud({ locationType: 'AZURE', location: 'container/path/', endPoint: `http://127.0.0.2:${0}/account`, storageAccount: 'account', creds: { AZURE_SAS_TOKEN: '?sig=x' } })],
    ['GCS', cloud({ locationType: 'GCS', location: 'bucket/path/', endPoint: `http://127.0.0.2:${0}`, creds: { GCS_ACCESS_TOKEN: 'token' } })],
  ];
  for (const [type, answer] of stages) {
    it(`${type}: the internal service hears nothing and the task fails with the reason`, async () => {
      snowflake.putAnswer = () => JSON.parse(JSON.stringify(answer()).replaceAll('127.0.0.2:0', `127.0.0.2:${internalPort}`));
      const task = await post();
      expect(task.status).toBe('ERROR');
      expect(task.errorText).toMatch(new RegExp(`^Snowflake: Refused: the ${type} stage Snowflake named is not called: 127\\.0\\.0\\.2 is a loopback address\\.`));
      expect(connections).toBe(0);
    });
  }
});

describe('a PUT answered with a local-folder stage', () => {
  it('outside the allowed folder: nothing is written there', async () => {
    snowflake.putAnswer = () => ({ stageInfo: { locationType: 'LOCAL_FS', location: join(elsewhere, 'deep'), path: '', region: null, creds: {} } });
    const task = await post();
    expect(task).toMatchObject({ status: 'ERROR', errorText: 'Snowflake: Refused: Snowflake named a local stage folder outside the allowed one; nothing was written.' });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('outside the allowed folder, its keys spelled with escapes: nothing is written there', async () => {
    snowflake.putAnswer = (file) =>
      JSON.stringify({
        success: true,
        data: {
          command: 'UPLOAD',
          src_locations: [file],
          autoCompress: false,
          sourceCompression: 'none',
          parallel: 1,
          overwrite: true,
          queryId: 'q',
          stageInfo: { locationType: 'LOCAL_FS', location: elsewhere, path: '', creds: {} },
        },
      })
        .replace('"stageInfo"', '"stage\\u0049nfo"')
        .replace('"command"', '"comm\\u0061nd"');
    const task = await post();
    expect(task).toMatchObject({ status: 'ERROR', errorText: 'Snowflake: Refused: Snowflake named a local stage folder outside the allowed one; nothing was written.' });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('naming another file of the server to upload: nothing is copied', async () => {
    const secretFile = join(elsewhere, 'secret.txt');
    writeFileSync(secretFile, 'server secret');
    snowflake.putAnswer = () => ({ src_locations: [secretFile] });
    const task = await post();
    expect(task).toMatchObject({ status: 'ERROR', errorText: 'Snowflake: Refused: Snowflake named other local files to upload than the posted file; nothing was sent.' });
    expect(existsSync(join(allowedStage, 'secret.txt'))).toBe(false);
    rmSync(secretFile);
  });

  it('turned into a download into a folder of the server: nothing is written', async () => {
    snowflake.putAnswer = () => ({ command: 'DOWNLOAD', localLocation: elsewhere, src_locations: ['x.csv'] });
    const task = await post();
    expect(task).toMatchObject({ status: 'ERROR', errorText: 'Snowflake: Refused: Snowflake answered with a file transfer this server did not ask for; nothing was read or written.' });
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

/** A loopback listener that counts the connections it is given. */
async function counter(host: string) {
  const counted = { connections: 0, port: 0, close: () => new Promise((resolve) => server.close(resolve)) };
  const server = createServer((socket) => {
    counted.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  counted.port = (server.address() as AddressInfo).port;
  return counted;
}

describe("an https Snowflake's stage clients (the driver's own S3, Azure and GCS code) connect only through the session's proxy", () => {
  // The stub speaks http, where the driver cannot reach a cloud stage at all; this runs the stage
  // clients as the driver builds them for a real (https) account, with the options the poster gives.
  const driverModule = createRequire(import.meta.url);
  const ConnectionConfig = driverModule('snowflake-sdk/dist/lib/connection/connection_config.js') as new (options: object) => object;
  const { RemoteStorageUtil } = driverModule('snowflake-sdk/dist/lib/file_transfer_agent/remote_storage_util.js') as {
    RemoteStorageUtil: new (config: object) => { getForStorageType(type: string): { createClient(stageInfo: object): unknown; getFileHeader(meta: object, name: string): Promise<unknown> } };
  };
  const stageInfo = (type: string, at: string) =>
    ({
      S3: { locationType: 'S3', location: 'bucket/path/', region: 'us-east-1', endPoint: at, creds: { AWS_KEY_ID: 'k', AWS_SECRET_KEY: 's', AWS_TOKEN: 't' } },
      AZURE: { locationType: 'AZURE', location: 'container/path/', region: 'eastus', endPoint: `https://${at}/account`, storageAccount: 'account', creds: { AZURE_SAS_TOKEN: '?sig=x' } },
      GCS: { locationType: 'GCS', location: 'bucket/path/', region: 'us-central1', endPoint: `https://${at}`, creds: { GCS_ACCESS_TOKEN: 'token' } },
    })[type]!;

  // NO_PROXY naming the internal address would let Azure's client bypass any proxy the driver
  // hands it, unless the driver is configured as the poster configures it (useEnvProxy off).
  const previousNoProxy = process.env.NO_PROXY;
  beforeAll(async () => {
    process.env.NO_PROXY = '127.0.0.2';
    await driver();
  });
  afterAll(() => {
    // The files after this one share the process: they see its NO_PROXY as it was.
    if (previousNoProxy === undefined) delete process.env.NO_PROXY;
    else process.env.NO_PROXY = previousNoProxy;
  });

  for (const type of ['S3', 'AZURE', 'GCS']) {
    it(`${type}: an internal endpoint is refused as the tunnel opens`, async () => {
      const refusals: string[] = [];
      const proxy = await outboundFor(['127.0.0.1']).connectProxy((error) => refusals.push(error.message));
      const allowed = await counter('127.0.0.1');
      try {
        const config = new ConnectionConfig({ account: 'acme', username: 'loader', password: 'p', accessUrl: 'https://acme.snowflakecomputing.com', ...proxyOptions(proxy) });
        const head = async (at: string) => {
          const util = new RemoteStorageUtil(config).getForStorageType(type);
          const info = stageInfo(type, at);
          await util.getFileHeader({ stageInfo: info, client: util.createClient(info) }, 'file.csv').catch(() => undefined);
        };
        await head(`127.0.0.2:${internalPort}`);
        // The refusal is a message key; it is read in English as an answer words it.
        expect(inEnglish(refusals[0])).toBe('Refused: 127.0.0.2 is a loopback address. The server calls only public addresses (OUTBOUND_ALLOW names exceptions).');
        expect(connections).toBe(0);
        // The tunnel itself works (once is enough: Azure's client retries a broken answer for seconds).
        if (type === 'S3') {
          await head(`127.0.0.1:${allowed.port}`);
          expect(allowed.connections).toBeGreaterThan(0);
        }
      } finally {
        await Promise.all([proxy.close(), allowed.close()]);
      }
    });
  }
});
