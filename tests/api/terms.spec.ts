import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, dbSnapshot, type TestApp, withTestApp } from './harness';

let t: TestApp;
let adminId: number;
withTestApp((app) => (t = app));
beforeAll(async () => {
  adminId = (await t.db.selectFrom('admins').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow()).id;
});

interface Offered {
  termId: number;
  termVersionId: number;
  title: string;
  requiredFlag: 'Y' | 'N';
  version: string;
}

async function termId(title: string): Promise<number> {
  return (await t.db.selectFrom('terms').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
}

async function addVersion(title: string, version: string, effectiveAt: Date): Promise<number> {
  const now = t.clock.now().toISOString();
  const row = await t.db
    .insertInto('term_versions')
    .values({ term_id: await termId(title), terms_version: version, content: `${title} ${version}`, effective_at: effectiveAt.toISOString(), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Password and code steps; returns the code step's reply. */
async function codeStep() {
  const first = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(first.body.result).toBe('OTP_REQUIRED');
  return t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: first.body.data.challengeToken, code: await t.lastCode(ADMIN_EMAIL) } });
}

async function offered(): Promise<Offered[]> {
  const reply = await t.call('GET', '/api/auth/terms');
  expect(reply.body.result).toBe('SUCCESS');
  return reply.body.data;
}

function agree(verificationToken: string, agreedTermVersionIds: number[]) {
  return t.call('POST', '/api/auth/admin/agreement', { body: { verificationToken, agreedTermVersionIds } });
}

describe('updated terms at sign-in', () => {
  let newVersionId: number;
  let verificationToken: string;

  it('answers TERMS_UPDATED listing exactly the new required version, and starts no session yet', async () => {
    newVersionId = await addVersion('Terms of Service', '2.0', t.clock.now());
    const sessionsBefore = await t.db.selectFrom('sessions').select('id').execute();
    const reply = await codeStep();
    expect(reply.status).toBe(200);
    expect(reply.body.result).toBe('TERMS_UPDATED');
    expect(reply.body.data.accessToken).toBeUndefined();
    verificationToken = reply.body.data.verificationToken;
    expect(typeof verificationToken).toBe('string');
    expect(reply.body.data.terms).toHaveLength(1);
    expect(reply.body.data.terms[0]).toMatchObject({ termVersionId: newVersionId, title: 'Terms of Service', version: '2.0', requiredFlag: 'Y', agreementType: 'REQUIRED' });
    expect(await t.db.selectFrom('sessions').select('id').execute()).toEqual(sessionsBefore);
  });

  it('refuses an agreement that leaves the new version out, or carries a bad token, changing nothing', async () => {
    const privacy = (await offered()).find((term) => term.title === 'Privacy Policy')!;
    const before = await dbSnapshot(t);
    const without = await agree(verificationToken, [privacy.termVersionId]);
    expect(without.status).toBe(400);
    expect(without.body.result).toBe('VALIDATION_ERROR');
    expect(without.body.resultMessage).toContain('Terms of Service');
    expect(without.body.data.errors).toEqual([{ field: `terms.${newVersionId}`, message: 'Terms of Service must be accepted.' }]);

    const empty = await agree(verificationToken, []);
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors[0].field).toBe('agreedTermVersionIds');

    const tampered = await agree(`${verificationToken.slice(0, -4)}AAAA`, [newVersionId]);
    expect(tampered.status).toBe(400);
    expect(tampered.body.data.errors[0].field).toBe('verificationToken');

    // A sign-up e-mail proof is not a terms proof.
    const otherPurpose = await agree(await t.app.ctx.tokens.signProof('signup-email', String(adminId), 600), [newVersionId]);
    expect(otherPurpose.status).toBe(400);
    expect(otherPurpose.body.data.errors[0].field).toBe('verificationToken');

    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('accepts the agreement: a working token pair and a term_agreements row', async () => {
    const reply = await agree(verificationToken, [newVersionId]);
    expect(reply.status).toBe(200);
    expect(reply.body.result).toBe('SUCCESS');
    const profile = await t.call('GET', `/api/system/profile/${adminId}`, { token: reply.body.data.accessToken });
    expect(profile.body.result).toBe('SUCCESS');
    expect(reply.body.data.refreshToken).toMatch(/^[\w-]{40,}$/);
    const rows = await t.db.selectFrom('term_agreements').select('term_version_id').where('admin_id', '=', adminId).where('term_version_id', '=', newVersionId).execute();
    expect(rows).toHaveLength(1);
  });

  it('does not let the same verification token be replayed to open more sessions', async () => {
    const before = await dbSnapshot(t);
    const replay = await agree(verificationToken, [newVersionId]);
    expect(replay.status).toBe(400);
    expect(replay.body.result).toBe('VALIDATION_ERROR');
    expect(replay.body.data.errors[0].field).toBe('verificationToken');
    expect(await dbSnapshot(t)).toEqual(before);
  });

  it('lets the next sign-in through with plain SUCCESS', async () => {
    const reply = await codeStep();
    expect(reply.body.result).toBe('SUCCESS');
    expect(reply.body.data.accessToken).toBeTruthy();
  });

  it('does not ask again for a new optional (POST) term version', async () => {
    const newsVersion = await addVersion('Product news', '2.0', t.clock.now());
    expect((await codeStep()).body.result).toBe('SUCCESS');
    expect((await offered()).find((term) => term.title === 'Product news')?.termVersionId).toBe(newsVersion);
  });

  it('refuses an agreement after the verification token expired (10 minutes)', async () => {
    const versionId = await addVersion('Terms of Service', '2.1', t.clock.now());
    const reply = await codeStep();
    expect(reply.body.result).toBe('TERMS_UPDATED');
    t.clock.advance(11 * 60_000);
    const before = await dbSnapshot(t);
    const late = await agree(reply.body.data.verificationToken, [versionId]);
    expect(late.status).toBe(400);
    expect(late.body.result).toBe('VALIDATION_ERROR');
    expect(late.body.data.errors[0].field).toBe('verificationToken');
    expect(await dbSnapshot(t)).toEqual(before);
    // Signing in again offers the same version and settles it.
    const again = await codeStep();
    expect(again.body.result).toBe('TERMS_UPDATED');
    expect(again.body.data.terms.map((term: Offered) => term.termVersionId)).toEqual([versionId]);
    expect((await agree(again.body.data.verificationToken, [versionId])).body.result).toBe('SUCCESS');
  });
});

describe('a version that takes effect in the future', () => {
  it('is neither offered nor demanded until the clock passes its effective time', async () => {
    const inForce = (await offered()).find((term) => term.title === 'Privacy Policy')!;
    const futureId = await addVersion('Privacy Policy', '2.0', new Date(t.clock.now().getTime() + 60 * 60_000));

    const now = await offered();
    expect(now.find((term) => term.title === 'Privacy Policy')).toMatchObject({ termVersionId: inForce.termVersionId, version: '1.0' });
    expect(now.map((term) => term.termVersionId)).not.toContain(futureId);
    expect(new Set(now.map((term) => term.termId)).size).toBe(now.length); // one version per term
    expect((await codeStep()).body.result).toBe('SUCCESS');

    t.clock.advance(61 * 60_000);
    const later = await offered();
    expect(later.find((term) => term.title === 'Privacy Policy')).toMatchObject({ termVersionId: futureId, version: '2.0' });
    expect(later.map((term) => term.termVersionId)).not.toContain(inForce.termVersionId);
    const reply = await codeStep();
    expect(reply.body.result).toBe('TERMS_UPDATED');
    expect(reply.body.data.terms.map((term: Offered) => term.termVersionId)).toEqual([futureId]);
    expect((await agree(reply.body.data.verificationToken, [futureId])).body.result).toBe('SUCCESS');
    expect((await codeStep()).body.result).toBe('SUCCESS');
  });

  it('GET /api/auth/terms shows only active terms, each with its newest version in effect', async () => {
    const rows = await t.db
      .selectFrom('term_versions')
      .innerJoin('terms', 'terms.id', 'term_versions.term_id')
      .select(['terms.id as termId', 'term_versions.id', 'term_versions.effective_at'])
      .execute();
    const nowIso = t.clock.now().toISOString();
    const expected = new Map<number, { id: number; effective_at: string }>();
    for (const row of rows) {
      if (row.effective_at > nowIso) continue;
      const best = expected.get(row.termId);
      if (!best || row.effective_at > best.effective_at || (row.effective_at === best.effective_at && row.id > best.id)) expected.set(row.termId, row);
    }
    const list = await offered();
    expect(list.map((term) => term.termVersionId).sort()).toEqual([...expected.values()].map((row) => row.id).sort());

    await t.db.updateTable('terms').set({ active_flag: 'N' }).where('title', '=', 'Product news').execute();
    expect((await offered()).map((term) => term.title)).toEqual(['Terms of Service', 'Privacy Policy']);
  });
});
