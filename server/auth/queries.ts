import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { isoAfter, isoNow } from '../clock';
import { OTP_MAX_CONSECUTIVE_FAILURES, OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS, type SignUpOptions, type signUpBody } from '../../src/shared';
import type { z } from 'zod';
import { hashToken, newOpaqueToken } from './secrets';
import type { Reader } from '../http/reader';

/** Issues an X-OTP-Token for the account, living as long as a code does; only its hash is stored. */
export async function issueOtpToken(db: Db, clock: Clock, adminId: number): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('otp_tokens')
    .values({ admin_id: adminId, token_hash: hashToken(token), expires_at: isoAfter(clock, OTP_TTL_SECONDS * 1000), created_at: isoNow(clock) })
    .execute();
  return token;
}

/**
 * Claims one try of the account's X-OTP-Token before the current password is checked: the row, or
 * undefined when the token is unknown, spent, expired or out of tries. The count is taken in the same
 * statement that checks it, so parallel guesses cannot all read the same count.
 */
export function claimOtpTokenTry(db: Db, clock: Clock, adminId: number, token: string) {
  return db
    .updateTable('otp_tokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', hashToken(token))
    .where('admin_id', '=', adminId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoNow(clock))
    .where('attempts', '<', OTP_MAX_WRONG_TRIES)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Claims one try of a live code before it is compared: the tries so far, or undefined when the code
 * is used, expired or out of tries, or its account is locked.
 */
export async function claimChallengeTry(db: Db, challengeId: number, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('otp_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challengeId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', OTP_MAX_WRONG_TRIES)
    .where(({ exists, not, selectFrom }) => not(exists(selectFrom('admins').select('admins.id').whereRef('admins.id', '=', 'otp_challenges.admin_id').where('admins.locked_until', '>', now))))
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Spends a code once it matched; false when a concurrent request spent it first. */
export async function consumeChallenge(db: Db, challengeId: number, now: string): Promise<boolean> {
  const consumed = await db.updateTable('otp_challenges').set({ consumed_at: now }).where('id', '=', challengeId).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(consumed.numUpdatedRows) === 1;
}

/**
 * Counts a wrong code against its account. From OTP_MAX_CONSECUTIVE_FAILURES wrong codes in a row on,
 * each one locks the account until `lockUntil` (as wrong passwords do) and ends its outstanding codes.
 * The account when this failure put a lock in place (its owner is told), else undefined.
 */
export function recordOtpFailure(db: Db, adminId: number, now: string, lockUntil: string) {
  return db.transaction().execute(async (trx) => {
    const counted = await trx
      .updateTable('admins')
      .set((eb) => ({ otp_failures: eb('otp_failures', '+', 1) }))
      .where('id', '=', adminId)
      .returning('otp_failures')
      .executeTakeFirst();
    if (!counted || counted.otp_failures < OTP_MAX_CONSECUTIVE_FAILURES) return undefined;
    await trx.updateTable('otp_challenges').set({ consumed_at: now }).where('admin_id', '=', adminId).where('consumed_at', 'is', null).execute();
    // Only the failure that finds no lock in place sets one, so concurrent failures mail once.
    return trx
      .updateTable('admins')
      .set({ locked_until: lockUntil })
      .where('id', '=', adminId)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .returning(['email', 'first_name', 'last_name'])
      .executeTakeFirst();
  });
}

/** A right code: the count of wrong codes in a row starts again. */
export async function clearOtpFailures(db: Db, adminId: number): Promise<void> {
  await db.updateTable('admins').set({ otp_failures: 0 }).where('id', '=', adminId).where('otp_failures', '>', 0).execute();
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
 * Sets an account's password: the one write every path that sets a password goes through (reset
 * link, profile change, the required change at first sign-in), inside the caller's transaction.
 * Whatever was issued under the old password ends with it: reset links, codes and X-OTP-Tokens.
 */
export async function writePassword(trx: Db, adminId: number, passwordHash: string, now: string): Promise<void> {
  await trx.updateTable('admins').set({ password_hash: passwordHash, password_updated_at: now, updated_at: now, must_change_password: 'N' }).where('id', '=', adminId).execute();
  await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('admin_id', '=', adminId).where('used_at', 'is', null).execute();
  await trx.updateTable('otp_challenges').set({ consumed_at: now }).where('admin_id', '=', adminId).where('consumed_at', 'is', null).execute();
  await trx.updateTable('otp_tokens').set({ used_at: now }).where('admin_id', '=', adminId).where('used_at', 'is', null).execute();
}

/**
 * Spends a live reset token and sets the account's new password (clearing its locks) in one
 * transaction; the account's id, or null when the token is unknown, used, expired or spent by a
 * concurrent request.
 */
export function resetPasswordWithToken(db: Db, token: string, passwordHash: string, now: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('password_reset_tokens').select(['id', 'admin_id', 'used_at', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= now) return null;
    const claimed = await trx.updateTable('password_reset_tokens').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    await writePassword(trx, row.admin_id, passwordHash, now);
    // The mailbox was proved: the wrong-password and wrong-code counts and their lock start again.
    await trx.updateTable('admins').set({ sign_in_attempt: 0, otp_failures: 0, locked_until: null }).where('id', '=', row.admin_id).execute();
    return row.admin_id;
  });
}

/** Spends the X-OTP-Token and sets the new password in one transaction; false when the token was spent first. */
export function changePasswordWithOtpToken(db: Db, otpTokenId: number, adminId: number, passwordHash: string, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await spendOtpToken(trx, otpTokenId, now))) return false;
    await writePassword(trx, adminId, passwordHash, now);
    return true;
  });
}

/** Sets the password that replaces a handed-over one, once; false when it was already replaced (a replayed proof). */
export function replaceInitialPassword(db: Db, adminId: number, passwordHash: string, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable('admins').set({ must_change_password: 'N' }).where('id', '=', adminId).where('must_change_password', '=', 'Y').executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await writePassword(trx, adminId, passwordHash, now);
    return true;
  });
}

/** A right password: the wrong-password count and lock start again. */
export async function clearSignInFailures(db: Db, adminId: number): Promise<void> {
  await db.updateTable('admins').set({ sign_in_attempt: 0, locked_until: null }).where('id', '=', adminId).execute();
}

/**
 * Claims one password try before the slow hash: the tries so far, or undefined while the account is
 * locked. The try that reaches `maxFailures` puts the lock in place already, so parallel guesses
 * cannot pass the limit; a right password lifts it again (clearSignInFailures).
 */
export async function claimSignInTry(db: Db, adminId: number, now: string, maxFailures: number, lockUntil: string): Promise<number | undefined> {
  const row = await db
    .updateTable('admins')
    .set((eb) => ({
      sign_in_attempt: eb('sign_in_attempt', '+', 1),
      locked_until: eb
        .case()
        .when('sign_in_attempt', '>=', maxFailures - 1)
        .then(lockUntil)
        .else(eb.ref('locked_until'))
        .end(),
    }))
    .where('id', '=', adminId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('sign_in_attempt')
    .executeTakeFirst();
  return row?.sign_in_attempt;
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
  return Boolean(await db.selectFrom('domains').select('id').where('domain', '=', domain).where('active_flag', '=', 'Y').executeTakeFirst());
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
/** Adds a pending applicant, who reads mails (their approval) in the language and zone they signed up in. */
export function insertApplicant(db: Db, email: string, passwordHash: string, body: z.output<typeof signUpBody>, now: string, reader: Reader): Promise<number | null> {
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
        language: reader.language,
        time_zone: reader.timeZone,
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
