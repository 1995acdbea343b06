import type { CollectConfigInput, MarketAccountInput, PostConfigInput } from '../../src/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from '../api/harness';
import type { AppConfig } from '../../server/config';

export const marketAccount = (overrides: Partial<MarketAccountInput> = {}): MarketAccountInput => ({
  platform: 'fakeads',
  accountId: 'act-1',
  name: 'Fake Ads KR',
  advertiser: 'ACME',
  country: 'KR',
  secret: 'platform-secret-1',
  allowedHosts: ['127.0.0.1'],
  activeFlag: 'Y',
  ...overrides,
});

/** A config of the fake platform's paged JSON report, mapped to four master fields. */
export const collectConfig = (platformUrl: string, overrides: Partial<CollectConfigInput> = {}): CollectConfigInput => ({
  metricName: 'Fake daily report',
  advertiser: 'ACME',
  dataType: 'MEDIA',
  sourceType: 'API',
  sourceName: 'Fake Ads',
  sourceLocation: `${platformUrl}/report`,
  sourceMethod: {
    httpMethod: 'GET',
    headers: [{ name: 'Accept', value: 'application/json' }],
    responseFormat: 'JSON',
    rowsPath: 'data.rows',
    pagination: { type: 'PAGE', pageParam: 'page', sizeParam: 'size', pageSize: 10, maxPages: 100 },
    timeoutMs: 2000,
  },
  keyName: 'X-Api-Key',
  configData: { day: '{{from}}' },
  fields: [
    { field: 'date', code: 'report_date', type: 'DATE', fieldFlag: 'Y', masterFlag: 'Y' },
    { field: 'campaign.id', code: 'campaign_id', type: 'STRING', fieldFlag: 'Y', masterFlag: 'Y' },
    { field: 'metrics.impressions', code: 'impressions', type: 'NUMBER', fieldFlag: 'N', masterFlag: 'N' },
    { field: 'metrics.clicks', code: 'clicks', type: 'NUMBER', fieldFlag: 'N', masterFlag: 'N' },
  ],
  schedules: [],
  alertRecipients: ['ops@example.com'],
  inUse: 'Y',
  ...overrides,
});

export const localPostConfig = (overrides: Partial<PostConfigInput> = {}): PostConfigInput => ({
  dataType: 'MEDIA',
  targetType: 'dashboard feed',
  targetMethod: 'LOCAL',
  targetLocation: 'feeds/media',
  targetData: {},
  backupFlag: 'N',
  headers: [
    { code: 'report_date', type: 'DATE', inUse: 'Y', order: 1 },
    { code: 'campaign_id', type: 'STRING', inUse: 'Y', order: 2 },
    { code: 'clicks', type: 'NUMBER', inUse: 'Y', order: 3 },
    { code: 'impressions', type: 'NUMBER', inUse: 'N', order: 4 },
  ],
  inUse: 'Y',
  ...overrides,
});

/**
 * A test app whose scheduler does not poll (tests call tick()), retrying at once, signed in as the
 * seeded system admin. Its outbound calls may reach the local fakes on 127.0.0.1 (OUTBOUND_ALLOW).
 */
export async function startCollectApp(collect: Partial<AppConfig['collect']> = {}, overrides: Partial<AppConfig> = {}) {
  const t: TestApp = await startTestApp({
    collect: { schedulerEnabled: false, pollMs: 1000, leaseMs: 60_000, maxAttempts: 1, retryBaseMs: 0, suspendAfter: 3, ...collect },
    outboundAllow: ['127.0.0.1'],
    ...overrides,
  });
  const token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  const api = <T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => t.call<T>(method, url, { token, body });
  return { t, token, api, tick: () => t.app.collectScheduler.tick() };
}
