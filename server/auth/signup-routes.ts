import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OTP_TTL_SECONDS, sendSignupOtpBody, signUpBody, verifySignupOtpBody } from '../../src/shared';
import { offeredTermsResponse, otpSentResponse, signUpOptionsResponse, signUpResponse, signUpVerificationResponse } from '../../src/shared';
import { isoNow } from '../clock';
import type { AppContext } from '../context';
import { AppError, validationError } from '../http/app-error';
import { success } from '../http/envelope';
import { authLimits } from '../http/rate-limits';
import { readerOf } from '../http/reader';
import { displayName, findAdminByEmail } from './accounts';
import { assertResendAllowed, issueChallenge, verifyChallenge } from './otp';
import { checkAgreement, termsInEffect } from './terms';
import { domainAllowed, findSignUpCodes, insertApplicant, listApprovers, signUpOptions } from './queries';
import { sentence } from '../../src/i18n/serverMessage';

export async function signUpRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Counted per e-mail of the proof as well; a proof that does not verify counts per IP only.
  const proofEmail = async (request: FastifyRequest) => (await ctx.tokens.verifyProof('signup-email', (request.body as { verificationToken: string }).verificationToken).catch(() => undefined))?.sub;
  const limits = {
    send: authLimits(app, 'signup-otp', { client: 'every try', account: 'every try' }),
    verify: authLimits(app, 'signup-verify', { client: 'failures', account: 'failures' }),
    signUp: authLimits(app, 'signup', { client: 'failures', account: 'failures', accountOf: proofEmail }),
  };

  routes.get('/auth/terms', { schema: { response: { 200: offeredTermsResponse } } }, async () => success(await termsInEffect(ctx.db, isoNow(ctx.clock))));

  routes.get('/auth/signup-options', { schema: { response: { 200: signUpOptionsResponse } } }, async () => success(await signUpOptions(ctx.db)));

  routes.post('/auth/otp', { schema: { body: sendSignupOtpBody, response: { 200: otpSentResponse } }, ...limits.send }, async (request) => {
    const { email } = request.body;
    await assertDomainAllowed(ctx, email);
    await assertResendAllowed(ctx, 'SIGNUP', email);
    // A registered address gets the same answer and a challenge too, so the resend interval and
    // the work are alike; only its mail differs: it says the account exists instead of the code.
    const { code } = await issueChallenge(ctx, 'SIGNUP', email, null, false);
    const admin = await findAdminByEmail(ctx.db, email);
    // In the language of whoever asked: the one the sign-up page is read in.
    if (admin) ctx.mailer.send('account-exists', email, { name: displayName(admin), email, link: `${ctx.config.publicUrl}/sign-in` }, readerOf(request));
    else ctx.mailer.send('signup-code', email, { code, email }, readerOf(request));
    return success({ expiresIn: OTP_TTL_SECONDS }, sentence('auth.aVerificationCodeHasBeen'));
  });

  routes.post('/auth/otp/verification', { schema: { body: verifySignupOtpBody, response: { 200: signUpVerificationResponse } }, ...limits.verify }, async (request) => {
    const { email, code } = request.body;
    await verifyChallenge(ctx, { purpose: 'SIGNUP', email }, code);
    const verificationToken = await ctx.tokens.signProof('signup-email', email, 30 * 60);
    return success({ verificationToken }, sentence('auth.yourEMailHasBeen'));
  });

  routes.post('/auth/signup', { schema: { body: signUpBody, response: { 200: signUpResponse } }, ...limits.signUp }, async (request) => {
    const body = request.body;
    const email = (await ctx.tokens.verifyProof('signup-email', body.verificationToken)).sub;
    await assertDomainAllowed(ctx, email);
    await assertCodes(ctx, body.company, body.region, body.office);
    const now = isoNow(ctx.clock);
    const offered = await termsInEffect(ctx.db, now);
    const { missing, unknown } = checkAgreement(offered, body.agreedTermVersionIds);
    if (missing.length || unknown.length) {
      throw validationError([
        ...missing.map((term) => ({ field: `terms.${term.termVersionId}`, message: sentence('auth.mustBeAccepted', { title: term.title }) })),
        ...unknown.map((id) => ({ field: `terms.${id}`, message: sentence('auth.thisVersionOfTheTerms') })),
      ]);
    }
    const passwordHash = await ctx.passwords.hash(body.password);
    const created = await insertApplicant(ctx.db, email, passwordHash, body, now, readerOf(request));
    if (created === null) throw new AppError('CONFLICT', sentence('auth.anAccountWithThisE'));
    await notifyApprovers(ctx, email, `${body.firstName} ${body.lastName}`);
    return success({ approvalStatusCode: 'PENDING' }, sentence('auth.yourAccountHasBeenCreated'));
  });
}

async function assertDomainAllowed(ctx: AppContext, email: string): Promise<void> {
  const domain = email.split('@')[1];
  if (!(await domainAllowed(ctx.db, domain))) throw new AppError('DOMAIN_NOT_ALLOWED', sentence('auth.signUpIsNotOpen', { domain }));
}

async function assertCodes(ctx: AppContext, company: string, region: string, office: string): Promise<void> {
  const { companyRow, regionRow, officeRow } = await findSignUpCodes(ctx.db, company, region, office);
  const errors = [];
  if (!companyRow) errors.push({ field: 'company', message: sentence('auth.chooseACompanyFromThe') });
  if (!regionRow) errors.push({ field: 'region', message: sentence('auth.chooseARegionFromThe') });
  if (!officeRow || officeRow.region_code !== region) errors.push({ field: 'office', message: sentence('auth.chooseACountryOfOffice') });
  if (errors.length) throw validationError(errors);
}

async function notifyApprovers(ctx: AppContext, email: string, applicant: string): Promise<void> {
  const approvers = await listApprovers(ctx.db);
  for (const approver of approvers) {
    ctx.mailer.send(
      'signup-request',
      approver.email,
      {
        name: displayName(approver),
        applicant,
        email,
        link: `${ctx.config.publicUrl}/user/users`,
      },
      'recipient',
    );
  }
}
