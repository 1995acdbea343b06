import { beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import { dbSnapshot, insertAccount, insertAdminCountries, type RankAccounts, type Reply, signedInAccount, signUp, STATE_TABLES, type TestApp, withRankAccounts } from './harness';
import type { AdminsTable } from '../../server/db/schema';
import type { Authority } from '../../src/shared';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
let serial = 0;

const TABLES = [...STATE_TABLES, 'admin_data_types'] as const;

withRankAccounts((suite) => ({ t, accounts, admin } = suite));
// The local-admin manages Korea and Japan; everyone made by accountsByRank sits in APAC/KR.
beforeAll(() => insertAdminCountries(t, accounts['local-admin'].id, ['KR', 'JP']));

/** An account row without a session, in APAC/KR unless told otherwise. */
async function makeUser(extra: Partial<Insertable<AdminsTable>> = {}): Promise<number> {
  serial += 1;
  const id = await insertAccount(t, { email: `target${serial}@example.com`, first_name: 'Target', last_name: `No${serial}`, ...extra, authority: 'user' });
  await insertAdminCountries(t, id, [String(extra.office_code ?? 'KR')]);
  return id;
}

const editBody = (overrides: Record<string, unknown> = {}) => ({
  authority: 'user',
  approverFlag: 'N',
  creatorFlag: 'Y',
  uploaderFlag: 'N',
  regionCode: 'APAC',
  officeCode: 'KR',
  companyCode: 'AGENCY',
  countryCodes: ['KR', 'JP'],
  dataTypes: [
    { advertiserCode: 'ACME', dataTypeCode: 'MEDIA' },
    { advertiserCode: 'GLOBEX', dataTypeCode: 'CRM' },
  ],
  statusCode: 'ACTIVE',
  ...overrides,
});

const list = (params: Record<string, unknown>, token = admin) =>
  t.call('GET', `/api/users?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token });

const row = (id: number) => t.db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

type Caller = Authority | 'unauthenticated';
const CALLERS: Caller[] = ['system-admin', 'global-admin', 'region-admin', 'local-admin', 'user', 'unauthenticated'];
const tokenOf = (caller: Caller) => (caller === 'unauthenticated' ? undefined : accounts[caller].token);

describe('role × action matrix', () => {
  const actions: Record<string, { setup: () => Promise<number>; call: (id: number, token?: string) => Promise<Reply>; changed: (id: number) => Promise<boolean> }> = {
    list: { setup: () => makeUser(), call: (_id, token) => t.call('GET', '/api/users?range=[0,99]', { token }), changed: async () => false },
    show: { setup: () => makeUser(), call: (id, token) => t.call('GET', `/api/users/${id}`, { token }), changed: async () => false },
    edit: { setup: () => makeUser(), call: (id, token) => t.call('PUT', `/api/users/${id}`, { token, body: editBody() }), changed: async (id) => (await row(id)).company_code === 'AGENCY' },
    approve: {
      setup: () => makeUser({ approval_status_code: 'PENDING' }),
      call: (id, token) => t.call('PUT', `/api/users/${id}/approval`, { token, body: { approvalStatusCode: 'APPROVED' } }),
      changed: async (id) => (await row(id)).approval_status_code === 'APPROVED',
    },
    deactivate: {
      setup: () => makeUser(),
      call: (id, token) => t.call('PUT', `/api/users/${id}/status`, { token, body: { statusCode: 'INACTIVE' } }),
      changed: async (id) => (await row(id)).status_code === 'INACTIVE',
    },
    unlock: {
      setup: () => makeUser({ sign_in_attempt: 5, locked_until: '2999-01-01T00:00:00.000Z' }),
      call: (id, token) => t.call('POST', `/api/users/${id}/unlock`, { token }),
      changed: async (id) => (await row(id)).locked_until === null,
    },
  };
  for (const [action, { setup, call, changed }] of Object.entries(actions)) {
    for (const caller of CALLERS) {
      const allowed = caller !== 'user' && caller !== 'unauthenticated';
      it(`${caller} ${allowed ? 'may' : 'may not'} ${action}`, async () => {
        const id = await setup();
        const before = await dbSnapshot(t, TABLES);
        const reply = await call(id, tokenOf(caller));
        if (allowed) {
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          expect(reply.body.result).toBe('SUCCESS');
          if (action === 'list') expect(reply.body.data.list.some((user: { id: number }) => user.id === id)).toBe(true);
          if (action === 'show') expect(reply.body.data.id).toBe(id);
          if (!['list', 'show'].includes(action)) expect(await changed(id)).toBe(true);
        } else {
          expect(reply.status).toBe(caller === 'user' ? 403 : 401);
          expect(reply.body.result).toBe(caller === 'user' ? 'FORBIDDEN' : 'TOKEN_UNAUTHORIZED');
          expect(await dbSnapshot(t, TABLES)).toEqual(before);
        }
      });
    }
  }

  it('lets a rank-5 approver approve but not list', async () => {
    const approver = await signedInAccount(t, 'approver5@example.com', 'user', { approver_flag: 'Y' });
    await insertAdminCountries(t, approver.id, ['KR']);
    const id = await makeUser({ approval_status_code: 'PENDING' });
    expect((await t.call('PUT', `/api/users/${id}/approval`, { token: approver.token, body: { approvalStatusCode: 'APPROVED' } })).status).toBe(200);
    expect((await list({}, approver.token)).status).toBe(403);
  });
});

describe('scope', () => {
  let emea: number;
  let apacJp: number;
  let apacSg: number;
  beforeAll(async () => {
    emea = await makeUser({ region_code: 'EMEA', office_code: 'GB' });
    apacJp = await makeUser({ office_code: 'JP' });
    apacSg = await makeUser({ office_code: 'SG' });
  });

  const ids = async (token: string) => (await list({ range: [0, 99] }, token)).body.data.list.map((user: { id: number }) => user.id);

  it('shows system- and global-admins everyone, a region-admin their region, a local-admin their countries', async () => {
    for (const caller of ['system-admin', 'global-admin'] as const) expect(await ids(accounts[caller].token)).toEqual(expect.arrayContaining([emea, apacJp, apacSg]));
    const region = await ids(accounts['region-admin'].token);
    expect(region).toEqual(expect.arrayContaining([apacJp, apacSg]));
    expect(region).not.toContain(emea);
    const local = await ids(accounts['local-admin'].token);
    expect(local).toContain(apacJp);
    expect(local).not.toContain(apacSg);
    expect(local).not.toContain(emea);
  });

  it('answers 404 for every read and write out of scope, changing nothing', async () => {
    const before = await dbSnapshot(t, TABLES);
    const cases: [string, number][] = [
      ['region-admin', emea],
      ['local-admin', emea],
      ['local-admin', apacSg],
    ];
    for (const [caller, id] of cases) {
      const token = accounts[caller as Authority].token;
      const replies = [
        await t.call('GET', `/api/users/${id}`, { token }),
        await t.call('PUT', `/api/users/${id}`, { token, body: editBody({ regionCode: 'EMEA', officeCode: 'GB', countryCodes: ['GB'] }) }),
        await t.call('PUT', `/api/users/${id}/status`, { token, body: { statusCode: 'INACTIVE' } }),
        await t.call('POST', `/api/users/${id}/unlock`, { token }),
        await t.call('POST', `/api/users/${id}/password-reset`, { token }),
        await t.call('PUT', `/api/users/${id}/approval`, { token, body: { approvalStatusCode: 'REJECTED', reason: 'no' } }),
      ];
      for (const reply of replies) expect([reply.status, reply.body.result]).toEqual([404, 'NOT_FOUND']);
    }
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });

  it('keeps a region-admin from moving a user, or granting countries, outside their region', async () => {
    const before = await dbSnapshot(t, TABLES);
    const moved = await t.call('PUT', `/api/users/${apacJp}`, { token: accounts['region-admin'].token, body: editBody({ regionCode: 'EMEA', officeCode: 'GB' }) });
    expect(moved.status).toBe(400);
    expect(moved.body.data.errors[0]).toMatchObject({ field: 'regionCode' });
    const granted = await t.call('PUT', `/api/users/${apacJp}`, { token: accounts['region-admin'].token, body: editBody({ countryCodes: ['KR', 'US'] }) });
    expect(granted.body.data.errors).toEqual([{ field: 'countryCodes', message: 'Outside your region: US.' }]);
    const local = await t.call('PUT', `/api/users/${apacJp}`, { token: accounts['local-admin'].token, body: editBody({ countryCodes: ['KR', 'SG'] }) });
    expect(local.body.data.errors).toEqual([{ field: 'countryCodes', message: 'Not among your countries: SG.' }]);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });
});

describe('users list', () => {
  it('pages 10 by default, filters, searches e-mail, name and company, and sorts', async () => {
    const marker = `zz${Date.now()}`;
    for (let i = 0; i < 12; i++) {
      await makeUser({
        email: `${marker}-${String(i).padStart(2, '0')}@example.com`,
        first_name: i === 3 ? 'Quentin' : 'Page',
        company_code: i === 4 ? 'PARTNER' : 'HQ',
        approval_status_code: i % 4 === 0 ? 'PENDING' : 'APPROVED',
        status_code: i === 5 ? 'INACTIVE' : 'ACTIVE',
        approver_flag: i === 6 ? 'Y' : 'N',
        locked_until: i === 7 ? '2999-01-01T00:00:00.000Z' : null,
        region_code: i === 8 ? 'NA' : 'APAC',
        office_code: i === 8 ? 'US' : 'KR',
      });
    }
    const first = await list({ filter: { q: marker }, sort: ['email', 'ASC'] });
    expect(first.body.data).toMatchObject({ totalCount: 12, totalPage: 2, currentPage: 1 });
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0]).toMatchObject({
      email: `${marker}-00@example.com`,
      name: 'Page No' + first.body.data.list[0].name.split('No')[1],
      company: 'Headquarters',
      region: 'Asia Pacific',
      country: 'Korea',
      adminLevel: 'USER',
      approvalStatusCode: 'PENDING',
      locked: 'N',
      signInAttempt: 0,
    });
    expect(Object.keys(first.body.data.list[0])).toEqual(
      expect.arrayContaining(['id', 'email', 'name', 'company', 'region', 'country', 'adminLevel', 'approverFlag', 'statusCode', 'approvalStatusCode', 'lastLoginAt']),
    );
    const count = async (filter: Record<string, unknown>) => (await list({ filter: { q: marker, ...filter } })).body.data.totalCount;
    expect(await count({ approvalStatusCode: 'PENDING' })).toBe(3);
    expect(await count({ statusCode: 'INACTIVE' })).toBe(1);
    expect(await count({ approverFlag: 'Y' })).toBe(1);
    expect(await count({ locked: 'Y' })).toBe(1);
    expect(await count({ locked: 'N' })).toBe(11);
    expect(await count({ region: 'NA' })).toBe(1);
    expect(await count({ country: 'KR' })).toBe(11);
    expect(await count({ adminLevel: 'USER' })).toBe(12);
    expect((await list({ filter: { q: 'quentin' } })).body.data.totalCount).toBe(1);
    expect((await list({ filter: { q: 'data partner' } })).body.data.list.map((user: { email: string }) => user.email)).toContain(`${marker}-04@example.com`);
    const desc = await list({ filter: { q: marker }, sort: ['email', 'DESC'], range: [10, 19] });
    expect(desc.body.data.list.map((user: { email: string }) => user.email)).toEqual([`${marker}-01@example.com`, `${marker}-00@example.com`]);
  });

  it('refuses an unknown sort or filter with 400', async () => {
    for (const params of [{ sort: ['password_hash', 'ASC'] }, { filter: { password_hash: 'x' } }, { filter: { locked: 'maybe' } }]) {
      const reply = await list(params);
      expect(reply.status).toBe(400);
      expect(reply.body.result).toBe('VALIDATION_ERROR');
    }
  });
});

describe('user detail', () => {
  it('has every Admin detail field, with codes and names and grouped connections', async () => {
    const id = await signUp(t, `detail${Date.now()}@example.com`);
    await t.db.insertInto('admin_data_types').values({ admin_id: id, advertiser_code: 'ACME', data_type_code: 'CRM' }).execute();
    const detail = (await t.call('GET', `/api/users/${id}`, { token: admin })).body.data;
    expect(detail).toMatchObject({
      id,
      region: { code: 'APAC', name: 'Asia Pacific' },
      office: { code: 'KR', name: 'Korea' },
      company: { code: 'HQ', name: 'Headquarters' },
      approvalStatusCode: 'PENDING',
      connectedCountries: [{ groupCode: 'APAC', groupName: 'Asia Pacific', member: [{ code: 'KR', name: 'Korea' }] }],
      connectedDataTypes: [{ groupName: 'Acme Electronics', member: [{ name: 'CRM' }] }],
      signInAttempt: 0,
      lockedUntil: null,
      lastSignInAt: null,
      projectList: [],
      countryCodes: ['KR'],
      dataTypes: [{ advertiserCode: 'ACME', dataTypeCode: 'CRM' }],
    });
    for (const field of ['requestComment', 'createdAt', 'passwordUpdatedAt']) expect(detail).toHaveProperty(field);
    expect(detail.passwordUpdatedAt).toBeTruthy();
    expect(detail).not.toHaveProperty('password_hash');
  });
});

describe('approval', () => {
  it('approves a sign-up, mails signup-approved and lets the user sign in; rejection records the reason', async () => {
    const email = `approve${Date.now()}@example.com`;
    const id = await signUp(t, email);
    const approved = await t.call('PUT', `/api/users/${id}/approval`, { token: accounts['local-admin'].token, body: { approvalStatusCode: 'APPROVED' } });
    expect(approved.body.result).toBe('SUCCESS');
    expect((await t.lastMail(email))?.template_type).toBe('signup-approved');
    await expect(t.signIn(email, 'Passw0rd!')).resolves.toHaveProperty('accessToken');

    const rejectedId = await signUp(t, `reject${Date.now()}@example.com`);
    const missingReason = await t.call('PUT', `/api/users/${rejectedId}/approval`, { token: admin, body: { approvalStatusCode: 'REJECTED' } });
    expect(missingReason.status).toBe(400);
    await t.call('PUT', `/api/users/${rejectedId}/approval`, { token: admin, body: { approvalStatusCode: 'REJECTED', reason: 'Not an employee' } });
    expect(await row(rejectedId)).toMatchObject({ approval_status_code: 'REJECTED', reject_reason: 'Not an employee' });
    expect((await t.call('GET', `/api/users/${rejectedId}`, { token: admin })).body.data.rejectReason).toBe('Not an employee');
  });

  it('refuses approving an already-approved user with 409, changing nothing', async () => {
    const id = await makeUser();
    const before = await dbSnapshot(t, TABLES);
    const reply = await t.call('PUT', `/api/users/${id}/approval`, { token: admin, body: { approvalStatusCode: 'APPROVED' } });
    expect([reply.status, reply.body.result]).toEqual([409, 'CONFLICT']);
    expect(reply.body.resultMessage).toMatch(/already approved/);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });

  it('bulk-approves in one go, mailing each; one decided or out-of-scope id changes nothing', async () => {
    const stamp = Date.now();
    const first = await signUp(t, `bulk1-${stamp}@example.com`);
    const second = await signUp(t, `bulk2-${stamp}@example.com`);
    const decided = await makeUser();
    const outOfScope = await makeUser({ approval_status_code: 'PENDING', region_code: 'EMEA', office_code: 'GB' });
    const before = await dbSnapshot(t, TABLES);
    const conflict = await t.call('POST', '/api/users/approval', { token: admin, body: { ids: [first, second, decided], approvalStatusCode: 'APPROVED' } });
    expect([conflict.status, conflict.body.result]).toEqual([409, 'CONFLICT']);
    expect(conflict.body.resultMessage).toMatch(/already approved.*Nothing was changed/);
    const scoped = await t.call('POST', '/api/users/approval', { token: accounts['region-admin'].token, body: { ids: [first, outOfScope], approvalStatusCode: 'APPROVED' } });
    expect([scoped.status, scoped.body.result]).toEqual([404, 'NOT_FOUND']);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);

    const ok = await t.call('POST', '/api/users/approval', { token: accounts['region-admin'].token, body: { ids: [first, second], approvalStatusCode: 'APPROVED' } });
    expect(ok.body).toMatchObject({ result: 'SUCCESS', resultMessage: '2 accounts have been approved.' });
    for (const [id, email] of [
      [first, `bulk1-${stamp}@example.com`],
      [second, `bulk2-${stamp}@example.com`],
    ] as const) {
      expect((await row(id)).approval_status_code).toBe('APPROVED');
      expect((await t.lastMail(email))?.template_type).toBe('signup-approved');
    }
  });
});

describe('edit', () => {
  it('saves level, flags, region/office/company, connected countries and data types', async () => {
    const id = await makeUser();
    const reply = await t.call('PUT', `/api/users/${id}`, {
      token: accounts['region-admin'].token,
      body: editBody({ authority: 'local-admin', approverFlag: 'Y', uploaderFlag: 'Y', officeCode: 'JP' }),
    });
    expect(reply.body.result).toBe('SUCCESS');
    expect(reply.body.data).toMatchObject({
      authority: 'local-admin',
      adminLevel: 'LOCAL',
      approverFlag: 'Y',
      creatorFlag: 'Y',
      uploaderFlag: 'Y',
      office: { code: 'JP', name: 'Japan' },
      company: { code: 'AGENCY', name: 'Media Agency' },
      countryCodes: ['JP', 'KR'],
      dataTypes: [
        { advertiserCode: 'ACME', dataTypeCode: 'MEDIA' },
        { advertiserCode: 'GLOBEX', dataTypeCode: 'CRM' },
      ],
    });
    expect(await row(id)).toMatchObject({ account_rank: 4, account_level: 'LOCAL' });
  });

  it('refuses a higher rank than the editor’s, out-of-scope, own-record, unknown codes and unknown fields, changing nothing', async () => {
    const id = await makeUser();
    const before = await dbSnapshot(t, TABLES);
    const higher = await t.call('PUT', `/api/users/${id}`, { token: accounts['region-admin'].token, body: editBody({ authority: 'global-admin' }) });
    expect([higher.status, higher.body.result]).toEqual([403, 'FORBIDDEN']);
    expect(higher.body.resultMessage).toMatch(/above your own/);
    const ofHigher = await t.call('PUT', `/api/users/${accounts['global-admin'].id}`, { token: accounts['region-admin'].token, body: editBody() });
    expect(ofHigher.status).toBe(403);
    const own = await t.call('PUT', `/api/users/${accounts['region-admin'].id}`, { token: accounts['region-admin'].token, body: editBody({ authority: 'region-admin' }) });
    expect([own.status, own.body.resultMessage]).toEqual([403, 'You cannot edit your own account here. Use Profile for your own details.']);
    const codes = await t.call('PUT', `/api/users/${id}`, {
      token: admin,
      body: editBody({ regionCode: 'MARS', companyCode: 'NOPE', countryCodes: ['XX'], dataTypes: [{ advertiserCode: 'ACME', dataTypeCode: 'TV' }] }),
    });
    expect(codes.status).toBe(400);
    expect(codes.body.data.errors.map((error: { field: string }) => error.field)).toEqual(['regionCode', 'companyCode', 'officeCode', 'countryCodes', 'dataTypes']);
    const officeElsewhere = await t.call('PUT', `/api/users/${id}`, { token: admin, body: editBody({ officeCode: 'US' }) });
    expect(officeElsewhere.body.data.errors).toEqual([{ field: 'officeCode', message: 'Choose a country of office in the chosen region.' }]);
    expect((await t.call('PUT', `/api/users/${id}`, { token: admin, body: { ...editBody(), password_hash: 'x' } })).status).toBe(400);
    expect((await t.call('PUT', `/api/users/${id}`, { token: admin, body: editBody({ authority: 'root' }) })).status).toBe(400);
    expect((await t.call('PUT', '/api/users/999999', { token: admin, body: editBody() })).status).toBe(404);
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });
});

describe('deactivation, unlock and reset link', () => {
  it('ends the user’s sessions at once: their existing access token answers ADMIN_ACCESS_TOKEN_NOT_MATCHED', async () => {
    const user = await signedInAccount(t, `deact${Date.now()}@example.com`, 'user');
    expect((await t.call('GET', `/api/system/profile/${user.id}`, { token: user.token })).status).toBe(200);
    const reply = await t.call('PUT', `/api/users/${user.id}/status`, { token: accounts['local-admin'].token, body: { statusCode: 'INACTIVE' } });
    expect(reply.body.data.statusCode).toBe('INACTIVE');
    const after = await t.call('GET', `/api/system/profile/${user.id}`, { token: user.token });
    expect([after.status, after.body.result]).toEqual([401, 'ADMIN_ACCESS_TOKEN_NOT_MATCHED']);
    const sessions = await t.db.selectFrom('sessions').select(['revoked_at', 'revoke_reason']).where('admin_id', '=', user.id).execute();
    expect(sessions.every((session) => session.revoked_at && session.revoke_reason === 'DEACTIVATED')).toBe(true);
    await t.call('PUT', `/api/users/${user.id}/status`, { token: admin, body: { statusCode: 'ACTIVE' } });
    expect((await row(user.id)).status_code).toBe('ACTIVE');
  });

  it('deactivating through the edit form ends the sessions too', async () => {
    const user = await signedInAccount(t, `deact-edit${Date.now()}@example.com`, 'user');
    await t.call('PUT', `/api/users/${user.id}`, { token: admin, body: editBody({ statusCode: 'INACTIVE' }) });
    expect((await t.call('GET', `/api/system/profile/${user.id}`, { token: user.token })).body.result).toBe('ADMIN_ACCESS_TOKEN_NOT_MATCHED');
  });

  it('refuses deactivating yourself, changing nothing', async () => {
    const before = await dbSnapshot(t, TABLES);
    for (const caller of ['system-admin', 'local-admin'] as const) {
      const reply = await t.call('PUT', `/api/users/${accounts[caller].id}/status`, { token: accounts[caller].token, body: { statusCode: 'INACTIVE' } });
      expect([reply.status, reply.body.resultMessage]).toEqual([403, 'You cannot deactivate your own account here. Use Profile for your own details.']);
    }
    expect(await dbSnapshot(t, TABLES)).toEqual(before);
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    const email = `locked${Date.now()}@example.com`;
    const user = await signedInAccount(t, email, 'user');
    for (let i = 0; i < 5; i++) await t.call('POST', '/api/auth/signin', { body: { email, password: 'Wrong#123' } });
    // A locked account answers as a wrong password does: the lock is told by mail, not to the caller.
    expect((await t.call('POST', '/api/auth/signin', { body: { email, password: 'Passw0rd!' } })).body.result).toBe('INVALID_CREDENTIALS');
    const list1 = await list({ filter: { q: email, locked: 'Y' } });
    expect(list1.body.data.list[0]).toMatchObject({ locked: 'Y', signInAttempt: 5 });
    const unlocked = await t.call('POST', `/api/users/${user.id}/unlock`, { token: admin });
    expect(unlocked.body.data).toMatchObject({ signInAttempt: 0, lockedUntil: null, locked: 'N' });
    expect((await t.call('POST', '/api/auth/signin', { body: { email, password: 'Passw0rd!' } })).body.result).toBe('OTP_REQUIRED');
  });

  it('mails a password reset link that sets a new password', async () => {
    const email = `reset${Date.now()}@example.com`;
    const user = await signedInAccount(t, email, 'user');
    const reply = await t.call('POST', `/api/users/${user.id}/password-reset`, { token: accounts['region-admin'].token });
    expect(reply.body.resultMessage).toBe(`A link to set a new password has been sent to ${email}.`);
    const mail = await t.lastMail(email);
    expect(mail?.template_type).toBe('password-reset');
    const token = mail!.body_text.match(/new-password\/(\S+)/)![1];
    expect((await t.call('PUT', '/api/auth/password/reset', { body: { token, password: 'N3w#pass' } })).body.result).toBe('SUCCESS');
    const pending = await makeUser({ approval_status_code: 'PENDING' });
    expect((await t.call('POST', `/api/users/${pending}/password-reset`, { token: admin })).status).toBe(409);
  });
});
