import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInChallengeResponse, signInOtpResponse, tokenPairResponse } from '../../src/shared';
import { agreementBody, signInBody, signInOtpBody, tokenSchema } from '../../src/shared';
import { z } from 'zod';
import { isoAfter, isoNow } from '../clock';
import { AppError, validationError } from '../http/app-error';
import { outcome, success } from '../http/envelope';
import { authLimits } from '../http/rate-limits';
import { recordAccess } from '../audit/access-history';
import { displayName, findAdminByEmail, findAdminById, type Admin } from './accounts';
import { assertResendAllowed, issueChallenge, verifyChallenge } from './otp';
import { checkAgreement, pendingRequiredTerms } from './terms';
import { startSession } from './sessions';
import { OTP_TTL_SECONDS } from '../../src/shared';
import type { AppContext } from '../context';
import { clearSignInFailures, findSignInChallenge, recordAgreements, recordSignIn, recordSignInFailure } from './queries';

const WRONG_CREDENTIALS = 'The e-mail or password is not correct.';

export async function signInRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const challengeEmail = async (request: FastifyRequest) => (await findSignInChallenge(ctx.db, (request.body as { challengeToken: string }).challengeToken))?.email;
  // A right password mails a code: it counts for its account, not for the client it came from.
  const limits = {
    password: authLimits(app, 'signin', { client: 'failures', account: 'every try' }),
    resend: authLimits(app, 'signin-resend', { client: 'every try', account: 'every try', accountOf: challengeEmail }),
    code: authLimits(app, 'signin-otp', { client: 'failures', account: 'failures', accountOf: challengeEmail }),
  };

  routes.post('/auth/signin', { schema: { body: signInBody, response: { 200: signInChallengeResponse } }, ...limits.password }, async (request) => {
    const { email, password } = request.body;
    const admin = await findAdminByEmail(ctx.db, email);
    const locked = Boolean(admin?.locked_until && Date.parse(admin.locked_until) > ctx.clock.now().getTime());
    if (!admin || locked) {
      // A locked account answers as an unknown one, after the same hashing work, so the answer
      // does not tell that the address has an account; its owner was told of the lock by mail.
      await ctx.passwords.verifyNothing(password);
      await recordAccess(ctx, { email, adminId: admin?.id ?? null, eventType: 'SIGN_IN', success: false, ip: request.ip, detail: admin ? 'locked' : 'unknown account' });
      throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    }
    if (!(await ctx.passwords.verify(admin.password_hash, password))) {
      await countFailure(ctx, admin);
      await recordAccess(ctx, { email, adminId: admin.id, eventType: 'SIGN_IN', success: false, ip: request.ip, detail: 'wrong password' });
      throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    }
    assertMaySignIn(admin);
    await clearSignInFailures(ctx.db, admin.id);
    const { code, challengeToken } = await issueChallenge(ctx, 'SIGNIN', admin.email, admin.id, true);
    ctx.mailer.send('otp', admin.email, { name: displayName(admin), code, email: admin.email });
    return outcome('OTP_REQUIRED', 'A verification code has been sent to your e-mail.', { challengeToken: challengeToken!, expiresIn: OTP_TTL_SECONDS });
  });

  routes.post('/auth/signin/otp/resend', { schema: { body: z.strictObject({ challengeToken: tokenSchema }), response: { 200: signInChallengeResponse } }, ...limits.resend }, async (request) => {
    const previous = await verifyResendable(ctx, request.body.challengeToken);
    await assertResendAllowed(ctx, 'SIGNIN', previous.email);
    const { code, challengeToken } = await issueChallenge(ctx, 'SIGNIN', previous.email, previous.id, true);
    ctx.mailer.send('otp', previous.email, { name: displayName(previous), code, email: previous.email });
    return outcome('OTP_REQUIRED', 'A new verification code has been sent to your e-mail.', { challengeToken: challengeToken!, expiresIn: OTP_TTL_SECONDS });
  });

  routes.post('/auth/signin/otp', { schema: { body: signInOtpBody, response: { 200: signInOtpResponse } }, ...limits.code }, async (request) => {
    const { adminId } = await verifyChallenge(ctx, { challengeToken: request.body.challengeToken }, request.body.code);
    const admin = await findAdminById(ctx.db, adminId!);
    if (!admin) throw new AppError('INVALID_CREDENTIALS', WRONG_CREDENTIALS);
    assertMaySignIn(admin);
    const pending = await pendingRequiredTerms(ctx.db, admin.id, isoNow(ctx.clock));
    if (pending.length > 0) {
      // The proof names the versions it was issued for, so it settles exactly those, once.
      const verificationToken = await ctx.tokens.signProof('terms', String(admin.id), OTP_TTL_SECONDS * 2, { terms: pending.map((term) => term.termVersionId) });
      return outcome('TERMS_UPDATED', 'The terms have been updated. Please review and accept them to continue.', { verificationToken, terms: pending });
    }
    return success(await completeSignIn(ctx, admin, request.ip, request.headers['user-agent'] ?? null));
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
      throw new AppError('VALIDATION_ERROR', `Please accept: ${missing.map((term) => term.title).join(', ')}.`, {
        errors: missing.map((term) => ({ field: `terms.${term.termVersionId}`, message: `${term.title} must be accepted.` })),
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

async function completeSignIn(ctx: AppContext, admin: Admin, ip: string, userAgent: string | null) {
  await recordSignIn(ctx.db, admin.id, isoNow(ctx.clock));
  await recordAccess(ctx, { email: admin.email, adminId: admin.id, eventType: 'SIGN_IN', success: true, ip, detail: null });
  return startSession(ctx, admin.id, ip, userAgent);
}

function spentProof(): AppError {
  return validationError([{ field: 'verificationToken', message: 'This verification has expired or was already used. Please sign in again.' }]);
}

/** Pending, rejected and inactive accounts are refused with their own result code. */
function assertMaySignIn(admin: Admin): void {
  if (admin.status_code !== 'ACTIVE') throw new AppError('ACCOUNT_INACTIVE', 'This account is inactive. Please contact your administrator.');
  if (admin.approval_status_code === 'PENDING') throw new AppError('ACCOUNT_PENDING', 'This account is awaiting approval.');
  if (admin.approval_status_code !== 'APPROVED') throw new AppError('ACCOUNT_REJECTED', 'This account request was rejected. Please contact your administrator.');
}

/** The failure that locks the account mails its owner, once per lock: the sign-in answer does not say. */
async function countFailure(ctx: AppContext, admin: Admin): Promise<void> {
  const attempts = admin.sign_in_attempt + 1;
  const { maxFailures, lockMinutes } = ctx.config.lockout;
  const locks = attempts >= maxFailures;
  await recordSignInFailure(ctx.db, admin.id, attempts, locks ? isoAfter(ctx.clock, lockMinutes * 60_000) : admin.locked_until);
  if (locks) {
    ctx.mailer.send('account-locked', admin.email, {
      name: displayName(admin),
      email: admin.email,
      minutes: String(lockMinutes),
      link: `${ctx.config.publicUrl}/new-password`,
    });
  }
}

/** A resend needs a challenge the password step issued within the last 30 minutes, even if its code expired. */
async function verifyResendable(ctx: AppContext, challengeToken: string): Promise<Admin> {
  const challenge = await findSignInChallenge(ctx.db, challengeToken);
  const maxAgeMs = 30 * 60_000;
  if (!challenge || challenge.admin_id === null || ctx.clock.now().getTime() - Date.parse(challenge.created_at) > maxAgeMs) {
    throw new AppError('OTP_EXPIRED', 'This sign-in has expired. Please sign in again.');
  }
  const admin = await findAdminById(ctx.db, challenge.admin_id!);
  if (!admin) throw new AppError('OTP_EXPIRED', 'This sign-in has expired. Please sign in again.');
  assertMaySignIn(admin);
  return admin;
}
