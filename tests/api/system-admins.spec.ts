import { describe, expect, it } from 'vitest';
import { AUTHORITY_RANKS, type Authority } from '../../src/shared';
import { removeSystemAdmin } from '../../server/modules/users/system-admins';
import type { AppError } from '../../server/http/app-error';
import { inEnglish } from '../../src/i18n/serverMessage';
import { ADMIN_EMAIL, dbSnapshot, signedInAccount, type RankAccounts, type TestApp, withRankAccounts } from './harness';

/**
 * System-admins have nobody above them, so one may shut out another (deactivate, demote, or any
 * other command on the account), never themselves and never the last active one; each such removal
 * is in the activity log and mailed to every system-admin. Every other level still manages only
 * the levels below it.
 */
let t: TestApp;
let accounts: RankAccounts;
let serial = 0;
withRankAccounts((suite) => ({ t, accounts } = suite));

/** A signed-in system-admin of their own (the suite's are kept for the other tests). */
const systemAdmin = (name = 'peer') => signedInAccount(t, `${name}${++serial}@example.com`, 'system-admin', { first_name: 'Sam', last_name: `Peer${serial}` });
const peerOf = async (authority: Authority) => signedInAccount(t, `${authority}-peer${++serial}@example.com`, authority);
const row = (id: number) => t.db.selectFrom('admins').select(['status_code', 'account_rank', 'authority']).where('id', '=', id).executeTakeFirstOrThrow();
const mailsOf = (account: { email: string }) =>
  t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'body_text']).where('template_type', '=', 'system-admin-removed').where('body_text', 'like', `%(${account.email})%`).execute();

/** The edit form's body for an account, as GET /api/users/{id} answers it, with changes. */
async function editBody(token: string, id: number, change: Record<string, unknown>) {
  const detail = (await t.call('GET', `/api/users/${id}`, { token })).body.data;
  const { authority, approverFlag, creatorFlag, uploaderFlag, regionCode, officeCode, companyCode, countryCodes, dataTypes, statusCode } = detail;
  return { authority, approverFlag, creatorFlag, uploaderFlag, regionCode, officeCode, companyCode, countryCodes, dataTypes, statusCode, ...change };
}

/**
 * Every command on another account the API documents, with a body to send it, or why the
 * own-level rule does not govern it. The test below reads the commands from the OpenAPI document,
 * so one added there without a decision here fails.
 */
const COMMANDS: Record<string, { body?: (token: string, id: number) => Promise<unknown> } | { notGoverned: string }> = {
  'PUT /api/users/{id}': { body: (token, id) => editBody(token, id, { approverFlag: 'Y' }) },
  'PUT /api/users/{id}/status': { body: async () => ({ statusCode: 'ACTIVE' }) },
  'POST /api/users/{id}/unlock': {},
  'POST /api/users/{id}/password-reset': {},
  'PUT /api/users/{id}/approval': { notGoverned: 'decides a pending sign-up, which holds no level yet (scope and approver rules)' },
  'POST /api/manual-permissions': { body: async (_token, id) => ({ adminId: id, privType: 'UPLOADER' }) },
  'DELETE /api/manual-permissions/{adminId}': {},
};

async function documentedCommands(): Promise<string[]> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => /^\/api\/users\/\{id\}|^\/api\/manual-permissions/.test(path))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((key) => !key.startsWith('GET '))
    .sort();
}

async function send(command: string, token: string, id: number) {
  const [method, path] = command.split(' ');
  const spec = COMMANDS[command];
  const body = 'body' in spec && spec.body ? await spec.body(token, id) : undefined;
  const url = path.replace('{id}', String(id)).replace('{adminId}', String(id));
  return t.call(method as 'PUT', url, { token, ...(body ? { body } : {}) });
}

describe('one system-admin on another', () => {
  it('decides every command on another account the API documents', async () => {
    expect(await documentedCommands()).toEqual(Object.keys(COMMANDS).sort());
  });

  it('lets a system-admin run every governed command on a peer, and still refuses each on oneself and on a global-admin’s peer', async () => {
    const governed = Object.keys(COMMANDS).filter((command) => !('notGoverned' in COMMANDS[command]));
    const caller = await systemAdmin();
    const peer = await systemAdmin();
    for (const command of governed) {
      const reply = await send(command, caller.token, peer.id);
      expect([command, reply.status, reply.body.result]).toEqual([command, 200, 'SUCCESS']);
    }
    const before = await dbSnapshot(t, ['admins']);
    for (const command of governed) {
      const self = await send(command, caller.token, caller.id);
      expect([command, self.status]).toEqual([command, 403]);
      expect(self.body.resultMessage).toMatch(/your own account here/);
      const globalPeer = await peerOf('global-admin');
      const refused = await send(command, accounts['global-admin'].token, globalPeer.id);
      expect([command, refused.status]).toEqual([command, 403]);
      expect(refused.body.resultMessage).toMatch(/an account of your own level or higher\.$/);
    }
    // The refusals changed nothing (the global-admins' peers made above aside).
    const after = await dbSnapshot(t, ['admins']);
    const kept = (before.admins as { id: number }[]).map((was) => was.id);
    expect((after.admins as { id: number }[]).filter((account) => kept.includes(account.id))).toEqual(before.admins);
  });

  it('deactivates a peer: signed out, in the activity log, and mailed to every active system-admin and to them', async () => {
    const caller = await systemAdmin();
    const peer = await systemAdmin();
    const reply = await t.call('PUT', `/api/users/${peer.id}/status`, { token: caller.token, body: { statusCode: 'INACTIVE' } });
    expect([reply.status, reply.body.resultMessage]).toEqual([200, 'The account has been deactivated and signed out.']);
    expect((await row(peer.id)).status_code).toBe('INACTIVE');
    expect((await t.call('GET', '/api/auth/permissions', { token: peer.token })).status).toBe(401);

    const logged = await t.db.selectFrom('activity_log').select(['actor_id', 'action', 'changes']).where('resource', '=', 'users').where('record_id', '=', String(peer.id)).execute();
    expect(logged.map((entry) => [entry.actor_id, entry.action, JSON.parse(entry.changes)])).toContainEqual([caller.id, 'update', [{ field: 'statusCode', before: 'ACTIVE', after: 'INACTIVE' }]]);

    await t.app.ctx.mailer.idle();
    const active = await t.db.selectFrom('admins').select('email').where('account_rank', '=', 1).where('status_code', '=', 'ACTIVE').where('approval_status_code', '=', 'APPROVED').execute();
    const mails = await mailsOf(peer);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual([...active.map((account) => account.email), peer.email].sort());
    expect(mails.map((mail) => mail.to_address)).toContain(ADMIN_EMAIL);
    expect(mails[0].subject).toBe(`A system-admin account was changed: Sam Peer${peer.email.match(/\d+/)![0]}`);
    expect(mails[0].body_text).toContain(`changed the system-admin account of Sam Peer`);
    expect(mails[0].body_text).toContain(`(${peer.email}) at `);
    expect(mails[0].body_text).toContain(': deactivated and signed out.');
    expect(mails[0].body_text).toContain(`(${caller.email}) changed`);
  });

  it('demotes a peer through the edit form, logged and mailed; an edit that keeps them a system-admin mails nobody', async () => {
    const caller = await systemAdmin();
    const peer = await systemAdmin();
    const kept = await t.call('PUT', `/api/users/${peer.id}`, { token: caller.token, body: await editBody(caller.token, peer.id, { creatorFlag: 'Y' }) });
    expect(kept.status).toBe(200);
    await t.app.ctx.mailer.idle();
    expect(await mailsOf(peer)).toEqual([]);

    const demoted = await t.call('PUT', `/api/users/${peer.id}`, { token: caller.token, body: await editBody(caller.token, peer.id, { authority: 'global-admin' }) });
    expect(demoted.status).toBe(200);
    expect(await row(peer.id)).toEqual({ status_code: 'ACTIVE', account_rank: AUTHORITY_RANKS['global-admin'].rank, authority: 'global-admin' });
    const logged = await t.db.selectFrom('activity_log').select(['changes']).where('resource', '=', 'users').where('record_id', '=', String(peer.id)).where('actor_id', '=', caller.id).execute();
    expect(logged.flatMap((entry) => JSON.parse(entry.changes) as { field: string; after: unknown }[])).toContainEqual(expect.objectContaining({ field: 'authority', after: 'global-admin' }));
    await t.app.ctx.mailer.idle();
    const mails = await mailsOf(peer);
    expect(mails.length).toBeGreaterThan(1);
    expect(mails[0].body_text).toContain(': moved to the Global admin level.');
    // Once demoted, the former peer is below the caller, and above nobody they could not manage before.
    const back = await t.call('PUT', `/api/users/${caller.id}/status`, { token: peer.token, body: { statusCode: 'INACTIVE' } });
    expect(back.status).toBe(403);
  });

  it('never leaves the console without an active system-admin: two removing each other at once, and the guard itself', async () => {
    const a = await systemAdmin('a');
    const b = await systemAdmin('b');
    // Only these two are active system-admins now.
    const others = await t.db.selectFrom('admins').select('id').where('account_rank', '=', 1).where('status_code', '=', 'ACTIVE').where('id', 'not in', [a.id, b.id]).execute();
    await t.db
      .updateTable('admins')
      .set({ status_code: 'INACTIVE' })
      .where(
        'id',
        'in',
        others.map((other) => other.id),
      )
      .execute();
    try {
      const replies = await Promise.all([
        t.call('PUT', `/api/users/${b.id}/status`, { token: a.token, body: { statusCode: 'INACTIVE' } }),
        t.call('PUT', `/api/users/${a.id}/status`, { token: b.token, body: { statusCode: 'INACTIVE' } }),
      ]);
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      // The loser was removed first: its session ended (401) or, already past the guard, it is refused once the rows are locked.
      expect([401, 403]).toContain(statuses.find((status) => status !== 200));
      expect((await t.db.selectFrom('admins').select('id').where('account_rank', '=', 1).where('status_code', '=', 'ACTIVE').execute()).length).toBe(1);

      // The guard on its own: a write that would leave none is rolled back.
      const winner = (await row(a.id)).status_code === 'ACTIVE' ? a : b;
      const before = await dbSnapshot(t, ['admins']);
      const caller = { id: winner.id, email: winner.email } as Parameters<typeof removeSystemAdmin>[1];
      const refused = await removeSystemAdmin(t.db, caller, async (trx) => {
        await trx.updateTable('admins').set({ status_code: 'INACTIVE' }).where('id', '=', winner.id).execute();
      }).then(
        () => undefined,
        (error: AppError) => error,
      );
      // The refusal is a message key; it reads as the answer words it.
      expect(refused).toMatchObject({ result: 'CONFLICT' });
      expect(inEnglish(refused!.message)).toBe('The console must keep at least one active system-admin. Nothing was changed.');
      expect(await dbSnapshot(t, ['admins'])).toEqual(before);
    } finally {
      await t.db
        .updateTable('admins')
        .set({ status_code: 'ACTIVE' })
        .where(
          'id',
          'in',
          others.map((other) => other.id),
        )
        .execute();
    }
  });
});
