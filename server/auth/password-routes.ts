import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOtpVerifyBody, OTP_TOKEN_HEADER, OTP_TTL_SECONDS, passwordChangeBody, resetPasswordBody, resetRequestBody, tokenSchema } from '../../src/shared';
import { emptyEnvelope, otpSentResponse, otpTokenResponse, resetLinkCheckResponse } from '../../src/shared';
import { msg } from '../../src/shared/validation-messages';
import { isoNow } from '../clock';
import { AppError, validationError } from '../http/app-error';
import { success } from '../http/envelope';
import { authLimits } from '../http/rate-limits';
import type { AppContext } from '../context';
import { readerOf } from '../http/reader';
import type { MailReader } from '../mail/recipient';
import { displayName, findAdminByEmail, findAdminById, type Admin } from './accounts';
import { authenticate } from './guard';
import { passwordChanged } from './password-mail';
import { assertResendAllowed, issueChallenge, verifyChallenge } from './otp';
import { changePasswordWithOtpToken, claimOtpTokenTry, findResetToken, issueOtpToken, issueResetToken, resetPasswordWithToken } from './queries';
import { sentence } from '../../src/i18n/serverMessage';

const RESET_LINK_TTL_MS = 30 * 60_000;
const RESET_LINK_DEAD = sentence('auth.thisLinkHasExpiredOr');

/**
 * Mails a one-time link to set a new password: in the language of who asked on the public form
 * (`reader`), in the owner's own when a user manager starts it on their behalf ('recipient').
 */
export async function sendPasswordResetLink(ctx: AppContext, admin: Admin, reader: MailReader): Promise<void> {
  const token = await issueResetToken(ctx.db, ctx.clock, admin.id, RESET_LINK_TTL_MS);
  ctx.mailer.send('password-reset', admin.email, { name: displayName(admin), email: admin.email, link: `${ctx.config.publicUrl}/new-password/${token}` }, reader);
}

export async function passwordRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limits = {
    request: authLimits(app, 'reset', { client: 'every try', account: 'every try' }),
    check: authLimits(app, 'reset-check', { client: 'every try' }),
    set: authLimits(app, 'reset-set', { client: 'failures' }),
  };

  // The answer is the same whether or not the account exists, and as fast: the link's token row
  // and its mail are made after answering, so the answer time does not tell either.
  routes.post('/auth/password/reset', { schema: { body: resetRequestBody, response: { 200: emptyEnvelope } }, ...limits.request }, async (request) => {
    const admin = await findAdminByEmail(ctx.db, request.body.email);
    if (admin && admin.status_code === 'ACTIVE') ctx.mailer.later(() => sendPasswordResetLink(ctx, admin, readerOf(request)));
    return success(null, sentence('auth.ifAnAccountExistsFor'));
  });

  // Read-only: the page the mailed link opens asks first, so a used or expired link is said before
  // anything is typed. Spending the token stays with the PUT below.
  routes.get('/auth/password/reset/:token', { schema: { params: z.strictObject({ token: tokenSchema }), response: { 200: resetLinkCheckResponse } }, ...limits.check }, async (request) => {
    const row = await findResetToken(ctx.db, request.params.token);
    const reason = !row ? 'UNKNOWN' : row.used_at ? 'USED' : row.expires_at <= isoNow(ctx.clock) ? 'EXPIRED' : null;
    return success(reason ? { valid: false, reason } : { valid: true }, reason ? RESET_LINK_DEAD : sentence('auth.thisLinkCanSetA'));
  });

  routes.put('/auth/password/reset', { schema: { body: resetPasswordBody, response: { 200: emptyEnvelope } }, ...limits.set }, async (request) => {
    const now = isoNow(ctx.clock);
    // A dead link is refused before the slow hash; spending it stays atomic in resetPasswordWithToken.
    const link = await findResetToken(ctx.db, request.body.token);
    if (!link || link.used_at || link.expires_at <= now) throw validationError([{ field: 'token', message: RESET_LINK_DEAD }]);
    const passwordHash = await ctx.passwords.hash(request.body.password);
    const adminId = await resetPasswordWithToken(ctx.db, request.body.token, passwordHash, now);
    if (adminId === null) throw validationError([{ field: 'token', message: RESET_LINK_DEAD }]);
    await passwordChanged(ctx, request, adminId, { reason: 'PASSWORD_RESET', changedAt: now });
    return success(null, sentence('auth.yourPasswordHasBeenSet'));
  });

  routes.post('/auth/admin/otp/send', { schema: { response: { 200: otpSentResponse } }, onRequest: authenticate }, async (request) => {
    const admin = request.admin!;
    await assertResendAllowed(ctx, 'PROFILE', admin.email);
    const { code } = await issueChallenge(ctx, 'PROFILE', admin.email, admin.id, false);
    ctx.mailer.send('profile-code', admin.email, { name: admin.name, code, email: admin.email }, readerOf(request));
    return success({ expiresIn: OTP_TTL_SECONDS }, sentence('auth.aVerificationCodeHasBeen'));
  });

  routes.post('/auth/admin/otp/verify', { schema: { body: adminOtpVerifyBody, response: { 200: otpTokenResponse } }, onRequest: authenticate }, async (request) => {
    const admin = request.admin!;
    await verifyChallenge(ctx, { purpose: 'PROFILE', email: admin.email }, request.body.code);
    const token = await issueOtpToken(ctx.db, ctx.clock, admin.id);
    return success({ token }, sentence('auth.verified'));
  });

  // The X-OTP-Token is spent by the change it allows; every check of the current password claims
  // one of OTP_MAX_WRONG_TRIES tries first, so a stolen token cannot be used to guess the password,
  // not even with parallel requests.
  routes.put('/auth/admin/password-change', { schema: { body: passwordChangeBody, response: { 200: emptyEnvelope } }, onRequest: authenticate }, async (request) => {
    const signedIn = request.admin!;
    const otpToken = request.headers[OTP_TOKEN_HEADER.toLowerCase()];
    if (typeof otpToken !== 'string' || !otpToken) throw new AppError('FORBIDDEN', sentence('auth.verifyYourEMailWith'));
    const { password, changePassword } = request.body;
    if (password === changePassword) throw validationError([{ field: 'changePassword', message: msg.passwordUnchanged }]);
    const proof = await claimOtpTokenTry(ctx.db, ctx.clock, signedIn.id, otpToken);
    if (!proof) throw spentOtpToken();
    const admin = await findAdminById(ctx.db, signedIn.id);
    if (!admin || !(await ctx.passwords.verify(admin.password_hash, password))) {
      throw validationError([{ field: 'password', message: sentence('auth.theCurrentPasswordIsNot') }]);
    }
    const passwordHash = await ctx.passwords.hash(changePassword);
    const now = isoNow(ctx.clock);
    const changed = await changePasswordWithOtpToken(ctx.db, proof.id, admin.id, passwordHash, now);
    if (!changed) throw spentOtpToken();
    await passwordChanged(ctx, request, admin.id, { reason: 'PASSWORD_CHANGED', changedAt: now, keepSessionId: signedIn.sessionId });
    return success(null, sentence('auth.passwordChanged'));
  });
}

function spentOtpToken(): AppError {
  return new AppError('FORBIDDEN', sentence('auth.yourEMailVerificationHas'));
}
