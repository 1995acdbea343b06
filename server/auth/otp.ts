import type { AppContext } from '../context';
import { isoAfter, isoNow } from '../clock';
import { AppError } from '../http/app-error';
import { OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS } from '../../src/shared';
import { hashOtpCode, hashToken, newOpaqueToken, newOtpCode, sameHash } from './secrets';
import { lockEnd, mailAccountLocked } from './lockout';
import { claimChallengeTry, clearOtpFailures, consumeChallenge, recordOtpFailure } from './queries';
import { sentence } from '../../src/i18n/serverMessage';

export type OtpPurpose = 'SIGNIN' | 'SIGNUP' | 'PROFILE';

export interface IssuedChallenge {
  code: string;
  /** Only sign-in challenges carry a token: it stands for "password already checked". */
  challengeToken?: string;
}

/** Issues a code; earlier live codes of the same purpose and e-mail stop working. */
export async function issueChallenge(ctx: AppContext, purpose: OtpPurpose, email: string, adminId: number | null, withToken: boolean): Promise<IssuedChallenge> {
  const code = newOtpCode();
  const challengeToken = withToken ? newOpaqueToken() : undefined;
  // The stored token hash doubles as the code's salt; challenges without a token get a random one.
  const salt = hashToken(challengeToken ?? newOpaqueToken());
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otp_challenges')
      .set({ consumed_at: isoNow(ctx.clock) })
      .where('purpose', '=', purpose)
      .where('email', '=', email)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_challenges')
      .values({
        purpose,
        email,
        admin_id: adminId,
        token_hash: salt,
        code_hash: hashOtpCode(code, salt),
        expires_at: isoAfter(ctx.clock, OTP_TTL_SECONDS * 1000),
        created_at: isoNow(ctx.clock),
      })
      .execute();
  });
  return { code, challengeToken };
}

type ChallengeRef = { challengeToken: string } | { purpose: OtpPurpose; email: string };

/**
 * Checks a code. Each try is counted before the code is compared; after OTP_MAX_WRONG_TRIES the
 * challenge is dead, so even the right code then fails. Success consumes it (single use). Wrong
 * codes also count against the account: OTP_MAX_CONSECUTIVE_FAILURES in a row lock it.
 */
export async function verifyChallenge(ctx: AppContext, ref: ChallengeRef, code: string): Promise<{ email: string; adminId: number | null }> {
  const now = isoNow(ctx.clock);
  let query = ctx.db.selectFrom('otp_challenges').select(['id', 'email', 'admin_id', 'token_hash', 'code_hash']);
  query =
    'challengeToken' in ref
      ? query.where('token_hash', '=', hashToken(ref.challengeToken))
      : query.where('purpose', '=', ref.purpose).where('email', '=', ref.email).where('consumed_at', 'is', null).orderBy('id', 'desc').limit(1);
  const challenge = await query.executeTakeFirst();
  const attempts = challenge && (await claimChallengeTry(ctx.db, challenge.id, now));
  if (!challenge || attempts === undefined) throw new AppError('OTP_EXPIRED', sentence('auth.thisCodeHasExpiredOr'));
  const matches = challenge.token_hash !== null && sameHash(challenge.code_hash, hashOtpCode(code, challenge.token_hash));
  if (!matches) {
    if (challenge.admin_id !== null) {
      const locked = await recordOtpFailure(ctx.db, challenge.admin_id, now, lockEnd(ctx));
      if (locked) {
        mailAccountLocked(ctx, locked);
        throw new AppError('OTP_EXPIRED', sentence('auth.tooManyWrongCodesPlease'));
      }
    }
    const remainingAttempts = OTP_MAX_WRONG_TRIES - attempts;
    if (remainingAttempts <= 0) throw new AppError('OTP_EXPIRED', sentence('auth.tooManyWrongCodesPlease2'));
    throw new AppError('OTP_MISMATCH', sentence('auth.theCodeIsNotCorrect', { remainingAttempts }), { remainingAttempts });
  }
  if (!(await consumeChallenge(ctx.db, challenge.id, now))) throw new AppError('OTP_EXPIRED', sentence('auth.thisCodeWasAlreadyUsed'));
  if (challenge.admin_id !== null) await clearOtpFailures(ctx.db, challenge.admin_id);
  return { email: challenge.email, adminId: challenge.admin_id };
}

/** Re-sending is throttled so a mailbox cannot be flooded through the console. */
export async function assertResendAllowed(ctx: AppContext, purpose: OtpPurpose, email: string): Promise<void> {
  const latest = await ctx.db.selectFrom('otp_challenges').select('created_at').where('purpose', '=', purpose).where('email', '=', email).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (latest && ctx.clock.now().getTime() - Date.parse(latest.created_at) < ctx.config.otpResendIntervalMs) {
    const seconds = Math.ceil(ctx.config.otpResendIntervalMs / 1000);
    throw new AppError('TOO_MANY_REQUESTS', sentence('auth.aCodeWasJustSent', { seconds }));
  }
}
