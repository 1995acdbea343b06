import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskAttempt, TaskDetail } from '../../src/shared';
import { up as nameConfigsInAlerts } from '../../server/db/migrations/024_alert_config_name';
import { ADMIN_EMAIL } from './harness';
import { startAdPlatform, type AdPlatform } from '../fakes/ad-platform';
import { collectConfig, localPostConfig, marketAccount, startCollectApp } from '../fakes/collect-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../fakes/smtp-peer';

/**
 * A run is recorded where every attempt of every task kind settles (task-store's settleTask): its
 * duration spans its attempts, each attempt keeps what the source answered and the URL it called
 * (dates filled, secrets masked), and its alert greets people by name and names the configuration.
 */
let platform: AdPlatform;
let smtp: SmtpPeer;
let env: Awaited<ReturnType<typeof startCollectApp>>;
let accountId: number;

const RETRY_MS = 60_000;
const SOURCE_TOKEN = 'tok-4f9a2c';

beforeAll(async () => {
  platform = await startAdPlatform(25);
  smtp = await startSmtpPeer();
  env = await startCollectApp({ maxAttempts: 3, retryBaseMs: RETRY_MS }, { smtpUrl: smtp.url });
  accountId = (await env.api('POST', '/api/market-accounts', marketAccount())).body.data.id;
  // The recipient who is a console user is greeted by that user's name.
  await env.t.db.updateTable('admins').set({ first_name: 'Mina', last_name: 'Park' }).where('email', '=', ADMIN_EMAIL).execute();
});
afterAll(async () => {
  await env.t.close();
  await platform.close();
  await smtp.close();
});

const detail = async (id: number): Promise<TaskDetail> => (await env.api('GET', `/api/tasks/${id}`)).body.data;

/** Mail as sent over SMTP, its quoted-printable soft line breaks and escapes undone. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('a run failing on every attempt', () => {
  let task: TaskDetail;
  let configId: number;

  beforeAll(async () => {
    const created = await env.api(
      'POST',
      '/api/collect-configs',
      collectConfig(platform.url, {
        marketAccountId: accountId,
        metricName: 'Naver daily',
        sourceLocation: `${platform.url}/broken?since={{from}}&until={{to}}&access_token=${SOURCE_TOKEN}`,
        configData: { day: '{{from}}', echo: 'platform-secret-1' },
        alertRecipients: [ADMIN_EMAIL, 'ops-desk@example.com'],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    configId = created.body.data.id;
    smtp.received.length = 0;
    const queued = await env.api('POST', `/api/collect-configs/${configId}/run`);
    await env.tick(); // attempt 1: 500, retried a minute later
    env.t.clock.advance(RETRY_MS + 1000);
    await env.tick(); // attempt 2: 500, retried two minutes later
    env.t.clock.advance(2 * RETRY_MS + 1000);
    await env.tick(); // attempt 3: 500, the run ends in ERROR
    task = await detail(queued.body.data.id);
  });

  it('lasts from its first attempt to its end, not just its last attempt', () => {
    expect(task).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_HTTP_ERROR', attempt: 3 });
    const duration = Date.parse(task.finishedAt!) - Date.parse(task.startedAt!);
    expect(duration).toBeGreaterThanOrEqual(3 * RETRY_MS);
    expect(task.startedAt).toBe(task.attempts![0].startedAt);
    expect(task.finishedAt).toBe(task.attempts![2].finishedAt);
  });

  it("records each attempt's HTTP status, response size and time, and keeps the last answer as the response metadata", () => {
    const attempts = task.attempts!;
    expect(attempts.map((attempt) => [attempt.attempt, attempt.outcome, attempt.status, attempt.errorId])).toEqual([
      [1, 'RETRY', 500, 'SOURCE_HTTP_ERROR'],
      [2, 'RETRY', 500, 'SOURCE_HTTP_ERROR'],
      [3, 'ERROR', 500, 'SOURCE_HTTP_ERROR'],
    ]);
    const body = Buffer.byteLength(JSON.stringify({ error: 'internal' }));
    for (const attempt of attempts) {
      expect(attempt.bytes).toBe(body);
      expect(attempt.durationMs).toBe(Date.parse(attempt.finishedAt) - Date.parse(attempt.startedAt));
    }
    // Attempts start a retry apart, one after the other.
    expect(Date.parse(attempts[1].startedAt) - Date.parse(attempts[0].finishedAt)).toBeGreaterThanOrEqual(RETRY_MS);
    expect(Date.parse(attempts[2].startedAt) - Date.parse(attempts[1].finishedAt)).toBeGreaterThanOrEqual(2 * RETRY_MS);
    expect(task.responseMeta).toMatchObject({ status: 500, bytes: body, pages: 1, url: attempts[2].url });
    expect(task.responseMeta).not.toHaveProperty('attempts');
  });

  it('logs and records the URL as called: the period filled in, the secrets masked', () => {
    const day = task.periodFrom;
    const expected = `${platform.url}/broken?since=${day}&until=${task.periodTo}&access_token=[REDACTED]&day=${day}&echo=[REDACTED]&page=1&size=10`;
    for (const attempt of task.attempts!) expect(attempt.url).toBe(expected);
    const logged = task.logs.map((line) => line.message).join('\n');
    expect(logged).toContain(`Collecting API ${platform.url}/broken?since=${day}&until=${task.periodTo}&access_token=[REDACTED]&day=${day}&echo=[REDACTED] for `);
    const everything = JSON.stringify(task);
    for (const secret of ['{{from}}', '{{to}}', SOURCE_TOKEN, 'platform-secret-1']) expect(everything).not.toContain(secret);
  });

  it('mails the recipients by name and names the configuration', async () => {
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 10_000 });
    const toPerson = decoded(smtp.received.find((mail) => mail.to[0] === ADMIN_EMAIL)!.raw);
    expect(toPerson).toContain('Hello Mina Park,');
    expect(toPerson).not.toContain(`Hello ${ADMIN_EMAIL}`);
    expect(toPerson).toContain(`Task ${task.id} of the collect configuration "Naver daily" stopped at`);
    expect(toPerson).not.toMatch(/collect configuration \d/);
    // An address that is no console user has no name to greet.
    expect(decoded(smtp.received.find((mail) => mail.to[0] === 'ops-desk@example.com')!.raw)).toContain('Hello ops-desk@example.com,');
  });

  it('starts a new run, timed from its own first attempt, when retried from the screen', async () => {
    await env.api('PUT', `/api/collect-configs/${configId}`, collectConfig(platform.url, { marketAccountId: accountId, metricName: 'Naver daily', alertRecipients: [] }));
    env.t.clock.advance(10 * RETRY_MS);
    expect((await env.api('POST', `/api/tasks/${task.id}/retry`)).status).toBe(200);
    await env.tick();
    const retried = await detail(task.id);
    expect(retried).toMatchObject({ status: 'SUCCESS', attempt: 1 });
    expect(retried.attempts!.map((attempt) => [attempt.attempt, attempt.outcome, attempt.status])).toEqual([[1, 'SUCCESS', 200]]);
    expect(retried.startedAt).toBe(retried.attempts![0].startedAt);
    expect(Date.parse(retried.startedAt!)).toBeGreaterThan(Date.parse(task.finishedAt!));
  });
});

describe('every task kind records its attempts', () => {
  it('a successful collect run and its posting task', async () => {
    await env.api('POST', '/api/post-configs', localPostConfig());
    const created = await env.api('POST', '/api/collect-configs', collectConfig(platform.url, { marketAccountId: accountId, alertRecipients: [] }));
    const queued = await env.api('POST', `/api/collect-configs/${created.body.data.id}/run`);
    await env.tick();
    const collect = await detail(queued.body.data.id);
    expect(collect).toMatchObject({ status: 'SUCCESS', rowsFetched: 25 });
    const [only] = collect.attempts as TaskAttempt[];
    expect(only).toMatchObject({ attempt: 1, outcome: 'SUCCESS', status: 200, pages: 3, rows: 25 });
    expect(only.url).toBe(`${platform.url}/report?day=${collect.periodFrom}&page=3&size=10`);
    expect(collect.attempts).toHaveLength(1);

    const posting = await detail(collect.postingTasks[0].id);
    expect(posting).toMatchObject({ status: 'SUCCESS', taskKind: 'POST', rowsPosted: 25 });
    expect(posting.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'SUCCESS', rows: 25, bytes: posting.responseMeta!.bytes })]);
  });
});

describe('migration 024', () => {
  it('names the configuration in the seeded catch-all alerts nobody edited, and leaves edited ones', async () => {
    const numbered = 'Task {{taskId}} of collect configuration {{configId}} stopped at {{occurredAt}} with error {{errorId}}.\n\n{{detail}}';
    const edited = 'Our own words for {{configId}}';
    await env.t.db.updateTable('alert_mails').set({ content: numbered }).where('error_id', '=', '*').where('procedure', '=', 'collect').execute();
    await env.t.db.updateTable('alert_mails').set({ content: edited }).where('error_id', '=', '*').where('procedure', '=', 'post').execute();
    await nameConfigsInAlerts(env.t.db);
    const rows = await env.t.db.selectFrom('alert_mails').select(['procedure', 'content']).where('error_id', '=', '*').orderBy('procedure').execute();
    expect(rows).toEqual([
      { procedure: 'collect', content: 'Task {{taskId}} of the collect configuration "{{configName}}" stopped at {{occurredAt}} with error {{errorId}}.\n\n{{detail}}' },
      { procedure: 'post', content: edited },
    ]);
  });
});
