import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInChallengeResponse, signInOtpResponse, tokenPairResponse } from '../../src/shared';
import { agreementBody, initialPasswordBody, signInBody, signInOtpBody, tokenSchema, type ResultCode } from '../../src/shared';
import { msg } from '../../src/shared/validation-messages';
import { z } from 'zod';
import { isoNow } from '../clock';
import { AppError, validationError } from '../http/app-error';
import { outcome, success } from '../http/envelope';
import { authLimits } from '../http/rate-limits';
import { readerOf } from '../http/reader';
import { recordAccess } from '../audit/access-history';
import { displayName, findAdminByEmail, findAdminById, type Admin } from './accounts';
import { assertResendAllowed, issueChallenge, verifyChallenge } from './otp';
import { checkAgreement, pendingRequiredTerms } from './terms';
import { startSession } from './sessions';
import { passwordChanged } from './password-mail';
import { OTP_TTL_SECONDS } from '../../src/shared';
import type { AppContext } from '../context';
import { claimSignInTry, clearSignInFailures, findSignInChallenge, recordAgreements, recordSignIn, replaceInitialPassword } from './queries';
import { lockEnd, mailAccountLocked } from './lockout';
import { sentence, type ServerMessage } from '../../src/i18n/serverMessage';

const WRONG_CREDENTIALS = sentence('auth.theEMailOrPassword');

export async function signInRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const challengeEmail = async (request: FastifyRequest) => (await findSignInChallenge(ctx.db, (request.body as { challengeToken: string }).challengeToken))?.email;
  // A right password mails a code: it counts for its account, not for the client it came from.
  // A try refused for being over a limit is a failed sign-in of the account it named, like any other refusal.
  const refused = async (request: FastifyRequest, email: string | undefined) => {
    if (!email) return;
    const admin = await findAdminByEmail(ctx.db, email);
    await recordAccess(ctx, { email, adminId: admin?.id ?? null, eventType: 'SIGN_IN', success: false, ip: request.ip, detail: sentence('accessHistory.tooManyAttempts') });
  };
  const limits = {
    password: authLimits(app, 'signin', { client: 'failures', account: 'every try', refused }),
    resend: authLimits(app, 'signin-resend', { client: 'every try', account: 'every try', accountOf: challengeEmail }),
    code: authLimits(app, 'signin-otp', { client: 'failures', account: 'failures', accountOf: challengeEmail, refused }),
  };

  routes.post('/auth/signin', { schema: { body: signInBody, response: { 200: signInChallengeResponse } }, ...limits.password }, async (request) => {
    const { email, password } = request.body;
    const admin = await findAdminByEmail(ctx.db, email);
    return refusalsRecorded(ctx, request, { email, adminId: admin?.id ?? null }, async () => {
      // The try is counted before the slow hash, in the statement that checks the lock: parallel
      // guesses cannot pass the limit. Undefined: the account is locked.
      const attempts = admin && (await claimSignInTry(ctx.db, admin.id, isoNow(ctx.clock), ctx.config.lockout.maxFailures, lockEnd(ctx)));
      if (!admin || attempts === undefined) {
        // A locked account answers as an unknown one, after the same hashing work, so the answer
        // does not tell that the address has an account; its owner was told of the lock by mail.
        await ctx.passwords.verifyNothing(password);
        throw new WrongCredentials(admin ? sentence('accessHistory.accountLocked') : sentence('accessHistory.unknownAccount'));
      }
      if (!(await ctx.passwords.verify(admin.password_hash, password))) {
        // The failure that reached the limit locked the account: its owner is told, once per lock.
        if (attempts >= ctx.config.lockout.maxFailures) mailAccountLocked(ctx, admin);
        throw new WrongCredentials(sentence('accessHistory.wrongPassword'));
      }
      await clearSignInFailures(ctx.db, admin.id);
      assertMaySignIn(admin);
      const { code, challengeToken } = await issueChallenge(ctx, 'SIGNIN', admin.email, admin.id, true);
      ctx.mailer.send('otp', admin.email, { name: displayName(admin), code, email: admin.email }, readerOf(request));
      return outcome('OTP_REQUIRED', sentence('auth.aVerificationCodeHasBeen'), { challengeToken: challengeToken!, expiresIn: OTP_TTL_SECONDS });
    });
  });

  routes.post('/auth/signin/otp/resend', { schema: { body: z.strictObject({ challengeToken: tokenSchema }), response: { 200: signInChallengeResponse } }, ...limits.resend }, async (request) => {
    const previous = await verifyResendable(ctx, request.body.challengeToken);
    await assertResendAllowed(ctx, 'SIGNIN', previous.email);
    const { code, challengeToken } = await issueChallenge(ctx, 'SIGNIN', previous.email, previous.id, true);
    ctx.mailer.send('otp', previous.email, { name: displayName(previous), code, email: previous.email }, readerOf(request));
    return outcome('OTP_REQUIRED', sentence('auth.aNewVerificationCodeHas'), { challengeToken: challengeToken!, expiresIn: OTP_TTL_SECONDS });
  });

  routes.post('/auth/signin/otp', { schema: { body: signInOtpBody, response: { 200: signInOtpResponse } }, ...limits.code }, async (request) => {
    const challenge = await findSignInChallenge(ctx.db, request.body.challengeToken);
    // A token no password step issued names no one to count the failure for.
    const attempt = challenge && { email: challenge.email, adminId: challenge.admin_id };
    return refusalsRecorded(ctx, request, attempt, async () => {
      const { adminId } = await verifyChallenge(ctx, { challengeToken: request.body.challengeToken }, request.body.code);
      const admin = await findAdminById(ctx.db, adminId!);
      if (!admin) throw new WrongCredentials(sentence('accessHistory.accountRemoved'));
      assertMaySignIn(admin);
      if (admin.must_change_password === 'Y') {
        // A password someone else knows (the first admin's, printed in the log) opens no session:
        // the proof lets its holder choose their own, and signing in goes on from there.
        const verificationToken = await ctx.tokens.signProof('initial-password', String(admin.id), OTP_TTL_SECONDS * 2);
        return outcome('PASSWORD_CHANGE_REQUIRED', sentence('auth.thisPasswordWasGivenTo'), { verificationToken });
      }
      return termsOrSession(ctx, admin, request.ip, request.headers['user-agent'] ?? null);
    });
  });

  routes.post('/auth/admin/initial-password', { schema: { body: initialPasswordBody, response: { 200: signInOtpResponse } } }, async (request) => {
    const proof = await ctx.tokens.verifyProof('initial-password', request.body.verificationToken);
    const admin = await findAdminById(ctx.db, Number(proof.sub));
    if (!admin) throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    assertMaySignIn(admin);
    if (admin.must_change_password !== 'Y') throw spentProof();
    const { password } = request.body;
    if (await ctx.passwords.verify(admin.password_hash, password)) throw validationError([{ field: 'password', message: msg.passwordUnchanged }]);
    // Replacing claims the flag, so a replayed proof sets nothing.
    const changedAt = isoNow(ctx.clock);
    if (!(await replaceInitialPassword(ctx.db, admin.id, await ctx.passwords.hash(password), changedAt))) throw spentProof();
    await passwordChanged(ctx, request, admin.id, { reason: 'PASSWORD_CHANGED', changedAt });
    return termsOrSession(ctx, { ...admin, must_change_password: 'N' }, request.ip, request.headers['user-agent'] ?? null);
  });

  routes.post('/auth/admin/agreement', { schema: { body: agreementBody, response: { 200: tokenPairResponse } } }, async (request) => {
    const proof = await ctx.tokens.verifyProof('terms', request.body.verificationToken);
    const admin = await findAdminById(ctx.db, Number(proof.sub));
    if (!admin) throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    assertMaySignIn(admin);
    const now = isoNow(ctx.clock);
    const pending = await pendingRequiredTerms(ctx.db, admin.id, now);
    const issuedFor = Array.isArray(proof.terms) ? (proof.terms as unknown[]) : [];
    // Nothing left to settle means the proof was already used: it must not open another session.
    if (pending.length === 0 || pending.some((term) => !issuedFor.includes(term.termVersionId))) throw spentProof();
    const { missing } = checkAgreement(pending, request.body.agreedTermVersionIds);
    if (missing.length > 0) {
      throw new AppError('VALIDATION_ERROR', sentence('auth.pleaseAccept', { map: missing.map((term) => term.title).join(', ') }), {
        errors: missing.map((term) => ({ field: `terms.${term.termVersionId}`, message: sentence('auth.mustBeAccepted', { title: term.title }) })),
      });
    }
    const inserted = await recordAgreements(
      ctx.db,
      admin.id,
      pending.map((term) => term.termVersionId),
      now,
    );
    // A concurrent replay of the same proof settled these terms first.
    if (inserted === 0) throw spentProof();
    return success(await completeSignIn(ctx, admin, request.ip, request.headers['user-agent'] ?? null));
  });
}

/** After the code (and a required new password): the terms changed since the last sign-in, or the session. */
async function termsOrSession(ctx: AppContext, admin: Admin, ip: string, userAgent: string | null) {
  const pending = await pendingRequiredTerms(ctx.db, admin.id, isoNow(ctx.clock));
  if (pending.length > 0) {
    // The proof names the versions it was issued for, so it settles exactly those, once.
    const verificationToken = await ctx.tokens.signProof('terms', String(admin.id), OTP_TTL_SECONDS * 2, { terms: pending.map((term) => term.termVersionId) });
    return outcome('TERMS_UPDATED', sentence('auth.theTermsHaveBeenUpdated'), { verificationToken, terms: pending });
  }
  return success(await completeSignIn(ctx, admin, ip, userAgent));
}

/** The one place a session starts: never for an account whose handed-over password is still unchanged. */
async function completeSignIn(ctx: AppContext, admin: Admin, ip: string, userAgent: string | null) {
  if (admin.must_change_password === 'Y') throw spentProof();
  await recordSignIn(ctx.db, admin.id, isoNow(ctx.clock));
  await recordAccess(ctx, { email: admin.email, adminId: admin.id, eventType: 'SIGN_IN', success: true, ip, detail: null });
  return startSession(ctx, admin.id, ip, userAgent);
}

/** Refused credentials: the answer is the same whatever the reason, which only the access history keeps. */
class WrongCredentials extends AppError {
  constructor(readonly reason: ServerMessage) {
    super('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
  }
}

/** How the access history words each other refusal of a credential step. */
const REFUSAL_REASONS: Partial<Record<ResultCode, ServerMessage>> = {
  ACCOUNT_PENDING: sentence('accessHistory.awaitingApproval'),
  ACCOUNT_REJECTED: sentence('accessHistory.requestRejected'),
  ACCOUNT_INACTIVE: sentence('accessHistory.inactiveAccount'),
  OTP_MISMATCH: sentence('accessHistory.wrongCode'),
  OTP_EXPIRED: sentence('accessHistory.codeExpiredUsedOrTried'),
};

/**
 * Runs a credential step (password or code): whatever refuses it, the refusal is one failed
 * sign-in in the access history, so no outcome goes uncounted. A completed sign-in is recorded
 * where its session starts (completeSignIn).
 */
async function refusalsRecorded<T>(ctx: AppContext, request: FastifyRequest, attempt: { email: string; adminId: number | null } | undefined, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (attempt && error instanceof AppError) {
      const detail = error instanceof WrongCredentials ? error.reason : (REFUSAL_REASONS[error.result] ?? error.sentence);
      await recordAccess(ctx, { ...attempt, eventType: 'SIGN_IN', success: false, ip: request.ip, detail });
    }
    throw error;
  }
}

function spentProof(): AppError {
  return validationError([{ field: 'verificationToken', message: sentence('auth.thisVerificationHasExpiredOr') }]);
}

/** Pending, rejected and inactive accounts are refused with their own result code. */
function assertMaySignIn(admin: Admin): void {
  if (admin.status_code !== 'ACTIVE') throw new AppError('ACCOUNT_INACTIVE', sentence('auth.thisAccountIsInactivePlease'));
  if (admin.approval_status_code === 'PENDING') throw new AppError('ACCOUNT_PENDING', sentence('auth.thisAccountIsAwaitingApproval'));
  if (admin.approval_status_code !== 'APPROVED') throw new AppError('ACCOUNT_REJECTED', sentence('auth.thisAccountRequestWasRejected'));
}

/** A resend needs a challenge the password step issued within the last 30 minutes, even if its code expired. */
async function verifyResendable(ctx: AppContext, challengeToken: string): Promise<Admin> {
  const challenge = await findSignInChallenge(ctx.db, challengeToken);
  const maxAgeMs = 30 * 60_000;
  if (!challenge || challenge.admin_id === null || ctx.clock.now().getTime() - Date.parse(challenge.created_at) > maxAgeMs) {
    throw new AppError('OTP_EXPIRED', sentence('auth.thisSignInHasExpired'));
  }
  const admin = await findAdminById(ctx.db, challenge.admin_id!);
  // A locked account is sent no code: its owner was told of the lock by mail.
  if (!admin || (admin.locked_until && admin.locked_until > isoNow(ctx.clock))) throw new AppError('OTP_EXPIRED', sentence('auth.thisSignInHasExpired'));
  assertMaySignIn(admin);
  return admin;
}
