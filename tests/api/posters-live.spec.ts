import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { tableauPoster } from '../../server/collect/jobs/posters/tableau';
import { snowstagePoster } from '../../server/collect/jobs/posters/snowstage';
import { outboundFor } from '../../server/outbound/outbound-fetch';
import { localFileStore } from '../../server/files/local-store';

/**
 * Against a real Tableau site and Snowflake stage, only when their credentials are in the
 * environment (never in CI by default): test connection, then post a two-row file.
 */
const env = process.env;
const outbound = outboundFor([]);
const content = Buffer.from('report_date,clicks\r\n2026-01-01,1\r\n');
const folder = mkdtempSync(join(tmpdir(), 'live-check-'));
const file = {
  name: 'console-live-check.csv',
  path: join(folder, 'console-live-check.csv'),
  rows: 1,
  bytes: content.length,
  crc: crc32(content),
  remove: async () => rmSync(folder, { recursive: true, force: true }),
};
writeFileSync(file.path, content);
// Tableau and Snowflake never write to the console's own store.
const files = localFileStore(folder);

describe('live targets', () => {
  afterAll(() => file.remove());

  it.skipIf(!env.LIVE_TABLEAU_URL)('Tableau: signs in and publishes', async () => {
    const target = {
      method: 'TABLEAU' as const,
      location: env.LIVE_TABLEAU_DATASOURCE ?? 'console-live-check',
      secret: env.LIVE_TABLEAU_TOKEN_SECRET ?? null,
      files,
      outbound,
      data: {
        serverUrl: env.LIVE_TABLEAU_URL!,
        tokenName: env.LIVE_TABLEAU_TOKEN_NAME ?? '',
        site: env.LIVE_TABLEAU_SITE ?? '',
        projectId: env.LIVE_TABLEAU_PROJECT_ID ?? '',
        apiVersion: env.LIVE_TABLEAU_API_VERSION ?? '3.21',
      },
    };
    expect(await tableauPoster.testConnection(target)).toMatchObject({ ok: true });
    expect((await tableauPoster.post(target, file)).location).toContain('#datasource/');
  });

  it.skipIf(!env.LIVE_SNOWFLAKE_ACCOUNT)(
    'Snowflake: connects and PUTs to the stage',
    async () => {
      const target = {
        method: 'SNOWSTAGE' as const,
        location: env.LIVE_SNOWFLAKE_STAGE ?? '@~/console-live-check',
        secret: env.LIVE_SNOWFLAKE_PASSWORD ?? null,
        files,
        outbound,
        data: {
          account: env.LIVE_SNOWFLAKE_ACCOUNT!,
          username: env.LIVE_SNOWFLAKE_USER ?? '',
          warehouse: env.LIVE_SNOWFLAKE_WAREHOUSE ?? '',
          database: env.LIVE_SNOWFLAKE_DATABASE ?? '',
          schema: env.LIVE_SNOWFLAKE_SCHEMA ?? '',
        },
      };
      expect(await snowstagePoster.testConnection(target)).toMatchObject({ ok: true });
      expect((await snowstagePoster.post(target, file)).location).toContain(file.name);
    },
    120_000,
  );
});
