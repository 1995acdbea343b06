import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { isoAfter, isoNow } from '../clock';
import { OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS, type SignUpOptions, type signUpBody } from '../../src/shared';
import type { z } from 'zod';
import { hashToken, newOpaqueToken } from './secrets';

/** Issues an X-OTP-Token for the account, living as long as a code does; only its hash is stored. */
export async function issueOtpToken(db: Db, clock: Clock, adminId: number): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('otp_tokens')
    .values({ admin_id: adminId, token_hash: hashToken(token), expires_at: isoAfter(clock, OTP_TTL_SECONDS * 1000), created_at: isoNow(clock) })
    .execute();
  return token;
}

/** The account's X-OTP-Token row when it is unspent, unexpired and has wrong current passwords left. */
export function liveOtpToken(db: Db, clock: Clock, adminId: number, token: string) {
  return db
    .selectFrom('otp_tokens')
    .select(['id'])
    .where('token_hash', '=', hashToken(token))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoNow(clock))
    .where('attempts', '<', OTP_MAX_WRONG_TRIES)
    .executeTakeFirst();
}

export async function countOtpTokenMiss(db: Db, id: number): Promise<void> {
  await db
    .updateTable('otp_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Marks the token spent; false when a concurrent request spent it first. */
export async function spendOtpToken(db: Db, id: number, now: string): Promise<boolean> {
  const spent = await db.updateTable('otp_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/** Issues a password-reset link's token for the account; only its hash is stored. */
export async function issueResetToken(db: Db, clock: Clock, adminId: number, ttlMs: number): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('password_reset_tokens')
    .values({ admin_id: adminId, token_hash: hashToken(token), expires_at: isoAfter(clock, ttlMs), created_at: isoNow(clock) })
    .execute();
  return token;
}

/** The reset token's state, read only: the link's page says whether it can still be used. */
export function findResetToken(db: Db, token: string) {
  return db.selectFrom('password_reset_tokens').select(['used_at', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
}

/**
 * Spends a live reset token and sets the account's new password (clearing its lock) in one
 * transaction; the account's id, or null when the token is unknown, used, expired or spent by a
 * concurrent request.
 */
export function resetPasswordWithToken(db: Db, token: string, passwordHash: string, now: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('password_reset_tokens').select(['id', 'admin_id', 'used_at', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= now) return null;
    const claimed = await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    // Every other outstanding link of this account dies with this one.
    await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('admin_id', '=', row.admin_id).where('used_at', 'is', null).execute();
    await trx.updateTable('admins').set({ password_hash: passwordHash, password_updated_at: now, updated_at: now, sign_in_attempt: 0, locked_until: null }).where('id', '=', row.admin_id).execute();
    return row.admin_id;
  });
}

/** Spends the X-OTP-Token and sets the new password in one transaction; false when the token was spent first. */
export function changePasswordWithOtpToken(db: Db, otpTokenId: number, adminId: number, passwordHash: string, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await spendOtpToken(trx, otpTokenId, now))) return false;
    await trx.updateTable('admins').set({ password_hash: passwordHash, password_updated_at: now, updated_at: now }).where('id', '=', adminId).execute();
    return true;
  });
}

/** A right password: the wrong-password count and lock start again. */
export async function clearSignInFailures(db: Db, adminId: number): Promise<void> {
  await db.updateTable('admins').set({ sign_in_attempt: 0, locked_until: null }).where('id', '=', adminId).execute();
}

/** A wrong password: the count so far and the lock it leads to (or the one already there). */
export async function recordSignInFailure(db: Db, adminId: number, attempts: number, lockedUntil: string | null): Promise<void> {
  await db.updateTable('admins').set({ sign_in_attempt: attempts, locked_until: lockedUntil }).where('id', '=', adminId).execute();
}

/** A completed sign-in: its time, and no failures or lock left. */
export async function recordSignIn(db: Db, adminId: number, now: string): Promise<void> {
  await db.updateTable('admins').set({ last_login_at: now, sign_in_attempt: 0, locked_until: null }).where('id', '=', adminId).execute();
}

/** Records the account's agreement to each term version in one transaction; how many were new (0: a concurrent replay settled them first). */
export function recordAgreements(db: Db, adminId: number, termVersionIds: number[], now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let count = 0;
    for (const termVersionId of termVersionIds) {
      const result = await trx
        .insertInto('term_agreements')
        .values({ admin_id: adminId, term_version_id: termVersionId, agreed_at: now })
        .onConflict((oc) => oc.columns(['admin_id', 'term_version_id']).doNothing())
        .executeTakeFirst();
      count += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return count;
  });
}

/** The sign-in challenge a resend names, whatever its state. */
export function findSignInChallenge(db: Db, challengeToken: string) {
  return db.selectFrom('otp_challenges').select(['admin_id', 'email', 'created_at']).where('token_hash', '=', hashToken(challengeToken)).where('purpose', '=', 'SIGNIN').executeTakeFirst();
}

/** True when sign-up is open to the e-mail domain. */
export async function domainAllowed(db: Db, domain: string): Promise<boolean> {
  return Boolean(await db.selectFrom('allowed_domains').select('id').where('domain', '=', domain).where('active_flag', '=', 'Y').executeTakeFirst());
}

/** The company, region and office a sign-up names, each undefined when there is no such code. */
export async function findSignUpCodes(db: Db, company: string, region: string, office: string) {
  const [companyRow, regionRow, officeRow] = await Promise.all([
    db.selectFrom('companies').select('code').where('code', '=', company).executeTakeFirst(),
    db.selectFrom('regions').select('code').where('code', '=', region).executeTakeFirst(),
    db.selectFrom('countries').select(['code', 'region_code']).where('code', '=', office).executeTakeFirst(),
  ]);
  return { companyRow, regionRow, officeRow };
}

/** What the sign-up form offers. */
export async function signUpOptions(db: Db): Promise<SignUpOptions> {
  const [regions, countries, companies] = await Promise.all([
    db.selectFrom('regions').select(['code', 'name']).orderBy('sort_no').orderBy('name').execute(),
    db.selectFrom('countries').select(['code', 'name', 'region_code as regionCode']).orderBy('name').execute(),
    db.selectFrom('companies').select(['code', 'name']).orderBy('sort_no').orderBy('name').execute(),
  ]);
  return { regions, countries, companies };
}

/**
 * A pending rank-5 account, its office as its one country and its agreements, in one transaction;
 * the new id, or null when the e-mail already has an account.
 */
export function insertApplicant(db: Db, email: string, passwordHash: string, body: z.output<typeof signUpBody>, now: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) return null;
    const { id } = await trx
      .insertInto('admins')
      .values({
        email,
        password_hash: passwordHash,
        first_name: body.firstName,
        last_name: body.lastName,
        company_code: body.company,
        region_code: body.region,
        office_code: body.office,
        authority: 'user',
        account_rank: 5,
        account_level: 'USER',
        approval_status_code: 'PENDING',
        status_code: 'ACTIVE',
        request_comment: body.requestComment ?? null,
        password_updated_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('admin_countries').values({ admin_id: id, country_code: body.office }).execute();
    for (const versionId of body.agreedTermVersionIds) {
      await trx.insertInto('term_agreements').values({ admin_id: id, term_version_id: versionId, agreed_at: now }).execute();
    }
    return id;
  });
}

/** Approvers are active, approved accounts with the approver flag. */
export function listApprovers(db: Db) {
  return db
    .selectFrom('admins')
    .select(['email', 'first_name', 'last_name'])
    .where('approver_flag', '=', 'Y')
    .where('status_code', '=', 'ACTIVE')
    .where('approval_status_code', '=', 'APPROVED')
    .execute();
}
