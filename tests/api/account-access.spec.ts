import { beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import { dbSnapshot, insertAccount, insertAdminCountries, type RankAccounts, type TestApp, withRankAccounts } from './harness';
import type { AdminsTable } from '../../server/db/schema';
import type { Authority } from '../../src/shared';

/**
 * One rule for every write on an account and one for reading another's details, whatever the
 * endpoint: manual permissions follow the users screen, and so does another account's profile.
 */
let t: TestApp;
let accounts: RankAccounts;
let serial = 0;

withRankAccounts((suite) => ({ t, accounts } = suite));
// Everyone made by accountsByRank sits in APAC/KR; the local-admin manages Korea and Japan.
beforeAll(() => insertAdminCountries(t, accounts['local-admin'].id, ['KR', 'JP']));

/** An active, approved account without a session: a rank-5 user in APAC/KR unless told otherwise. */
async function account(authority: Authority = 'user', extra: Partial<Insertable<AdminsTable>> = {}): Promise<number> {
  serial += 1;
  return insertAccount(t, { email: `account${serial}@example.com`, first_name: 'Account', last_name: `No${serial}`, ...extra, authority });
}

const uploaderFlag = async (id: number) => (await t.db.selectFrom('admins').select('uploader_flag').where('id', '=', id).executeTakeFirstOrThrow()).uploader_flag;
const grant = (token: string, adminId: number) => t.call('POST', '/api/manual-permissions', { token, body: { adminId, privType: 'UPLOADER' } });
const revoke = (token: string, adminId: number) => t.call('DELETE', `/api/manual-permissions/${adminId}`, { token });

const MANAGERS = ['system-admin', 'global-admin', 'region-admin', 'local-admin'] as const;
const HIGHER_OR_EQUAL: Record<(typeof MANAGERS)[number], Authority[]> = {
  // Nobody is above a system-admin, so their peers may shut them out (system-admins.spec).
  'system-admin': [],
  'global-admin': ['system-admin', 'global-admin'],
  'region-admin': ['system-admin', 'global-admin', 'region-admin'],
  'local-admin': ['system-admin', 'global-admin', 'region-admin', 'local-admin'],
};
/** An account outside the caller's scope; system- and global-admins have no outside. */
const OUTSIDE: Partial<Record<(typeof MANAGERS)[number], Partial<Insertable<AdminsTable>>>> = {
  'region-admin': { region_code: 'EMEA', office_code: 'GB' },
  'local-admin': { office_code: 'SG' },
};

describe('manual permissions follow the rule of account editing', () => {
  for (const caller of MANAGERS) {
    it(`refuses a ${caller} on their own account, on accounts of their level or higher and out of scope, changing nothing`, async () => {
      const { token, id: own } = accounts[caller];
      const peers = await Promise.all(HIGHER_OR_EQUAL[caller].map((authority) => account(authority, { uploader_flag: 'Y' })));
      const outside = OUTSIDE[caller] ? await account('user', OUTSIDE[caller]) : undefined;
      const before = await dbSnapshot(t, ['admins']);
      for (const write of [grant, revoke]) {
        const verb = write === grant ? 'grant' : 'revoke';
        const self = await write(token, own);
        expect([self.status, self.body.result, self.body.resultMessage]).toEqual([403, 'FORBIDDEN', `You cannot ${verb} UPLOADER on your own account here. Use Profile for your own details.`]);
        for (const peer of peers) {
          const reply = await write(token, peer);
          expect([reply.status, reply.body.result, reply.body.resultMessage]).toEqual([403, 'FORBIDDEN', `You cannot ${verb} UPLOADER on an account of your own level or higher.`]);
        }
        if (outside) {
          const reply = await write(token, outside);
          expect([reply.status, reply.body.result, reply.body.resultMessage]).toEqual([404, 'NOT_FOUND', 'No such account.']);
        }
      }
      expect(await dbSnapshot(t, ['admins'])).toEqual(before);
    });

    it(`lets a ${caller} grant and revoke UPLOADER on a lower-level account in scope`, async () => {
      const target = await account('user', { office_code: 'JP' });
      expect((await grant(accounts[caller].token, target)).body.result).toBe('SUCCESS');
      expect(await uploaderFlag(target)).toBe('Y');
      expect((await revoke(accounts[caller].token, target)).body.result).toBe('SUCCESS');
      expect(await uploaderFlag(target)).toBe('N');
    });
  }

  it('lets a region-admin manage a local-admin of their region, and refuses the same edit in /api/users to a peer', async () => {
    const local = await account('local-admin', { office_code: 'SG' });
    expect((await grant(accounts['region-admin'].token, local)).status).toBe(200);
    const peer = await account('local-admin');
    const edit = await t.call('PUT', `/api/users/${peer}/status`, { token: accounts['local-admin'].token, body: { statusCode: 'INACTIVE' } });
    expect([edit.status, edit.body.resultMessage]).toEqual([403, 'You cannot deactivate an account of your own level or higher.']);
  });
});

describe("another account's profile follows the read rule of the users screen", () => {
  const profile = (token: string, id: number) => t.call('GET', `/api/system/profile/${id}`, { token });
  const detail = (token: string, id: number) => t.call('GET', `/api/users/${id}`, { token });

  it('lets everyone read their own profile', async () => {
    for (const caller of [...MANAGERS, 'user'] as const) {
      const reply = await profile(accounts[caller].token, accounts[caller].id);
      expect([reply.status, reply.body.data.email]).toEqual([200, accounts[caller].email]);
    }
  });

  it('answers another account as GET /api/users/{id} does: managers in scope read it, out of scope 404, rank 5 403', async () => {
    const kr = await account('user');
    const sg = await account('user', { office_code: 'SG' });
    const gb = await account('user', { region_code: 'EMEA', office_code: 'GB' });
    const expected: Record<(typeof MANAGERS)[number] | 'user', [number, number, number]> = {
      'system-admin': [200, 200, 200],
      'global-admin': [200, 200, 200],
      'region-admin': [200, 200, 404],
      'local-admin': [200, 404, 404],
      user: [403, 403, 403],
    };
    for (const [caller, statuses] of Object.entries(expected) as [keyof typeof expected, [number, number, number]][]) {
      const { token } = accounts[caller];
      const replies = await Promise.all([kr, sg, gb].map((id) => profile(token, id)));
      expect(
        replies.map((reply) => reply.status),
        caller,
      ).toEqual(statuses);
      const users = await Promise.all([kr, sg, gb].map((id) => detail(token, id)));
      expect(
        users.map((reply) => reply.status),
        caller,
      ).toEqual(statuses);
      for (const reply of replies.filter((r) => r.status !== 200)) {
        expect(reply.body.data).toBeNull();
        expect(JSON.stringify(reply.body)).not.toMatch(/@example\.com/);
      }
    }
  });
});
