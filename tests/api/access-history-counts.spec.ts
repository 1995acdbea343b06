import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessStats } from '../../src/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, insertAccount, signedInAccount, signUp, startTestApp, type TestApp, withRankAccounts } from './harness';
import { projectBody, seedTemplate, TABLEAU } from './projects-fixtures';
import { commit, createDataset, postFile, preview, settled } from './uploads-support';

/**
 * Every count the Access History screen shows comes from an event recorded where
 * it happened. Each count is moved through the real API and read back from /api/access-history/stats
 * (the tiles and the chart) and /api/access-history (the rows).
 */
let t: TestApp;
let admin: string;

withRankAccounts((suite) => ({ t, admin } = suite), { tableau: TABLEAU });

const PASSWORD = 'Passw0rd!';
const CSV_HEADER = 'date,campaign_id,channel,impressions';

/** The counts of one account (or of everyone, for the system admin's all-users scope) over the default range, which includes today. */
async function counts(adminId?: number) {
  const reply = await t.call<AccessStats>('GET', `/api/access-history/stats${adminId ? `?adminId=${adminId}` : ''}`, { token: admin });
  expect(reply.status).toBe(200);
  const { signInsPerDay, totalLoginCount, totalDashboardViews, totalProjectCreateCount, totalUploadCount } = reply.body.data;
  return {
    totalLoginCount,
    totalDashboardViews,
    totalProjectCreateCount,
    totalUploadCount,
    successful: signInsPerDay.reduce((sum, day) => sum + day.success, 0),
    failed: signInsPerDay.reduce((sum, day) => sum + day.failure, 0),
  };
}
type Counts = Awaited<ReturnType<typeof counts>>;

/** How each count moved while `act` ran (only the counts that moved). */
async function moved(act: () => Promise<unknown>, adminId?: number): Promise<Partial<Counts>> {
  const before = await counts(adminId);
  await act();
  const after = await counts(adminId);
  return Object.fromEntries(Object.entries(after).flatMap(([key, value]) => (value === before[key as keyof Counts] ? [] : [[key, value - before[key as keyof Counts]]])));
}

/** The account's rows as the list shows them, newest first: event, result and detail. */
async function rows(adminId: number) {
  const filter = encodeURIComponent(JSON.stringify({ adminId }));
  const reply = await t.call('GET', `/api/access-history?filter=${filter}&range=${encodeURIComponent('[0,99]')}`, { token: admin });
  expect(reply.status).toBe(200);
  return reply.body.data.list.map((row: { eventType: string; success: string; detail: string | null }) => [row.eventType, row.success, row.detail]);
}

const signIn = (email: string, password = PASSWORD) => t.call('POST', '/api/auth/signin', { body: { email, password } });

let person: { id: number; email: string; token: string };
beforeAll(async () => {
  person = await signedInAccount(t, 'counted@example.com', 'user', { creator_flag: 'Y', uploader_flag: 'Y' });
});

describe('every count the screen shows has a test here', () => {
  it('the stats answer holds exactly the counts below', async () => {
    const reply = await t.call<AccessStats>('GET', '/api/access-history/stats', { token: admin });
    const numeric = Object.entries(reply.body.data).flatMap(([key, value]) => (typeof value === 'number' ? [key] : []));
    expect(numeric.sort()).toEqual(['totalDashboardViews', 'totalLoginCount', 'totalProjectCreateCount', 'totalUploadCount']);
    expect(Object.keys(reply.body.data.signInsPerDay[0]).sort()).toEqual(['day', 'failure', 'success']);
  });
});

describe('Sign-ins and the successful part of the chart', () => {
  it('count a completed sign-in once, and nothing for a password step that was not followed by its code', async () => {
    expect(await moved(() => t.signIn(person.email, PASSWORD), person.id)).toEqual({ totalLoginCount: 1, successful: 1 });
    expect(await moved(() => signIn(person.email), person.id)).toEqual({});
    expect((await rows(person.id))[0]).toEqual(['SIGN_IN', 'Y', null]);
  });
});

describe('the failed part of the chart', () => {
  /** One refused sign-in: one failure in the chart and a failed row saying why; the Sign-ins count does not move. */
  async function expectOneFailure(adminId: number | undefined, attempt: () => Promise<{ status: number }>, status: number, detail: string) {
    let reply: { status: number } | undefined;
    expect(await moved(async () => (reply = await attempt()), adminId)).toEqual({ failed: 1 });
    expect(reply!.status).toBe(status);
    if (adminId !== undefined) expect((await rows(adminId))[0]).toEqual(['SIGN_IN', 'N', detail]);
  }

  it('counts a sign-in with an e-mail that has no account', async () => {
    await expectOneFailure(undefined, () => signIn('nobody-here@example.com'), 401, 'Unknown account.');
  });

  it('counts a wrong password', async () => {
    const id = await insertAccount(t, { email: 'wrong-password@example.com', password_hash: await t.app.ctx.passwords.hash(PASSWORD) });
    await expectOneFailure(id, () => signIn('wrong-password@example.com', 'Not-the-password1'), 401, 'Wrong password.');
  });

  it('counts a sign-in of a locked account', async () => {
    const lockedUntil = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const id = await insertAccount(t, { email: 'locked@example.com', password_hash: await t.app.ctx.passwords.hash(PASSWORD), locked_until: lockedUntil });
    await expectOneFailure(id, () => signIn('locked@example.com'), 401, 'Account locked.');
  });

  it('counts the right password of an account awaiting approval, and a wrong one', async () => {
    const id = await signUp(t, 'pending@example.com', PASSWORD);
    await expectOneFailure(id, () => signIn('pending@example.com'), 403, 'Awaiting approval.');
    await expectOneFailure(id, () => signIn('pending@example.com', 'Not-the-password1'), 401, 'Wrong password.');
  });

  it('counts the right password of a rejected request', async () => {
    const id = await signUp(t, 'rejected@example.com', PASSWORD);
    const rejected = await t.call('PUT', `/api/users/${id}/approval`, { token: admin, body: { approvalStatusCode: 'REJECTED', reason: 'Not a team member' } });
    expect(rejected.status).toBe(200);
    await expectOneFailure(id, () => signIn('rejected@example.com'), 403, 'Request rejected.');
  });

  it('counts the right password of an inactive account', async () => {
    const id = await insertAccount(t, { email: 'inactive@example.com', password_hash: await t.app.ctx.passwords.hash(PASSWORD), status_code: 'INACTIVE' });
    await expectOneFailure(id, () => signIn('inactive@example.com'), 403, 'Inactive account.');
  });

  it('counts a wrong code after the right password, and the code then accepted as a sign-in', async () => {
    const first = await signIn(person.email);
    expect(first.status).toBe(200);
    const challengeToken = first.body.data.challengeToken;
    const code = await t.lastCode(person.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await expectOneFailure(person.id, () => t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code: wrong } }), 400, 'Wrong code.');
    expect(await moved(() => t.call('POST', '/api/auth/signin/otp', { body: { challengeToken, code } }), person.id)).toEqual({ totalLoginCount: 1, successful: 1 });
  });
});

describe('sign-ins refused for too many tries', () => {
  it('count as failed sign-ins of the account they named, each row saying why in the reader’s language', async () => {
    const limited = await startTestApp({ rateLimits: { perIp: { max: 100_000, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 60_000 } } });
    try {
      const id = await insertAccount(limited, { email: 'hurried@example.com', password_hash: await limited.app.ctx.passwords.hash(PASSWORD) });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.call('POST', '/api/auth/signin', { body: { email: 'hurried@example.com', password: 'Not-the-password1' } })).status);
      expect(statuses).toEqual([401, 401, 429]);
      const { accessToken } = await limited.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const list = async (language: string) => {
        const filter = encodeURIComponent(JSON.stringify({ adminId: id }));
        const reply = await limited.call('GET', `/api/access-history?filter=${filter}`, { token: accessToken, headers: { 'accept-language': language } });
        return reply.body.data.list.map((row: { success: string; detail: string }) => [row.success, row.detail]);
      };
      expect(await list('en')).toEqual([
        ['N', 'Too many attempts.'],
        ['N', 'Wrong password.'],
        ['N', 'Wrong password.'],
      ]);
      expect(await list('ko')).toEqual([
        ['N', '시도가 너무 많습니다.'],
        ['N', '비밀번호가 틀렸습니다.'],
        ['N', '비밀번호가 틀렸습니다.'],
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('Dashboard views', () => {
  it('count a dashboard opened, not the token renewals that keep it open', async () => {
    const templateId = await seedTemplate(t, 'Counted media', 'MEDIA');
    const created = await t.call('POST', '/api/projects', { token: person.token, body: projectBody(templateId, { name: 'Viewed project' }) });
    expect(created.status).toBe(200);
    const token = (purpose: string) => t.call('GET', `/api/projects/${created.body.data.id}/dashboard-token?purpose=${purpose}`, { token: person.token });
    expect(await moved(() => token('view'), person.id)).toEqual({ totalDashboardViews: 1 });
    expect(await moved(() => token('renew'), person.id)).toEqual({});
    expect((await rows(person.id))[0]).toEqual(['DASHBOARD_VIEW', 'Y', expect.stringContaining(`Project ${created.body.data.id}`)]);
  });
});

describe('Projects created', () => {
  it('count a project created, not one saved again', async () => {
    const templateId = await seedTemplate(t, 'Created media', 'MEDIA');
    let id = 0;
    expect(
      await moved(async () => {
        const created = await t.call('POST', '/api/projects', { token: person.token, body: projectBody(templateId, { name: 'Counted project' }) });
        id = created.body.data.id;
      }, person.id),
    ).toEqual({ totalProjectCreateCount: 1 });
    expect(await moved(() => t.call('PUT', `/api/projects/${id}`, { token: person.token, body: projectBody(templateId, { name: 'Counted project, renamed' }) }), person.id)).toEqual({});
    expect((await rows(person.id))[0]).toEqual(['PROJECT_CREATE', 'Y', `Project ${id}: Counted project`]);
  });
});

describe('Uploads', () => {
  it('count three committed uploads as 3, and neither a file left at its preview nor one with problems', async () => {
    const datasetId = await createDataset(t, person.token);
    const file = (day: number) => `${CSV_HEADER}\n2024-01-0${day},C1,search,100\n2024-01-0${day},C2,social,200\n`;
    expect(
      await moved(async () => {
        for (const day of [1, 2, 3]) {
          const done = await commit(t, person.token, (await preview(t, person.token, datasetId, `day-${day}.csv`, file(day))).id);
          expect(done.status).toBe('SUCCESS');
        }
      }, person.id),
    ).toEqual({ totalUploadCount: 3 });
    expect(
      await moved(async () => {
        expect((await preview(t, person.token, datasetId, 'left.csv', file(4))).status).toBe('READY');
        const bad = await postFile(t, person.token, datasetId, 'bad.csv', `${CSV_HEADER}\nnot-a-date,C1,search,1\n`);
        expect((await settled(t, person.token, bad.body.data.id)).status).toBe('FAIL');
      }, person.id),
    ).toEqual({});
    expect((await rows(person.id)).slice(0, 3)).toEqual([
      ['UPLOAD', 'Y', expect.stringMatching(/^Upload \d+ appended 2 rows: day-3\.csv$/)],
      ['UPLOAD', 'Y', expect.stringMatching(/^Upload \d+ appended 2 rows: day-2\.csv$/)],
      ['UPLOAD', 'Y', expect.stringMatching(/^Upload \d+ appended 2 rows: day-1\.csv$/)],
    ]);
  });

  it('are counted for whoever committed the file, which they may not have sent', async () => {
    const colleague = await signedInAccount(t, 'colleague@example.com', 'user', { uploader_flag: 'Y' });
    const datasetId = await createDataset(t, admin);
    const upload = await preview(t, person.token, datasetId, 'by-person.csv', `${CSV_HEADER}\n2024-02-01,C1,search,1\n`);
    const everyone = await counts();
    expect(await moved(() => commit(t, colleague.token, upload.id, 'REPLACE'), colleague.id)).toEqual({ totalUploadCount: 1 });
    expect((await counts()).totalUploadCount).toBe(everyone.totalUploadCount + 1);
    expect((await rows(colleague.id))[0]).toEqual(['UPLOAD', 'Y', `Upload ${upload.id} replaced the data set with 1 row: by-person.csv`]);
  });
});
