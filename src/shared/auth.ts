import { z } from 'zod';
import { yesNo, type YesNo } from './fields';
import { emailSchema, otpCodeSchema, passwordSchema, tokenSchema } from './validation';
import { envelopeOf, outcomeEnvelopeOf, tokenPairSchema } from './envelope';
import { withoutControls } from './display-text';

/** Request bodies of the auth endpoints, shared by the sign-in pages and the server. */
export const signInBody = z.strictObject({ email: emailSchema, password: z.string().min(1).max(128) });
export const signInOtpBody = z.strictObject({ challengeToken: tokenSchema, code: otpCodeSchema });
export const sendSignupOtpBody = z.strictObject({ email: emailSchema });
export const verifySignupOtpBody = z.strictObject({ email: emailSchema, code: otpCodeSchema });
export const signUpBody = z.strictObject({
  verificationToken: tokenSchema,
  password: passwordSchema,
  firstName: z.string().overwrite(withoutControls).trim().min(1).max(50),
  lastName: z.string().overwrite(withoutControls).trim().min(1).max(50),
  company: z.string().trim().min(1).max(40),
  region: z.string().trim().min(1).max(40),
  office: z.string().trim().min(1).max(40),
  requestComment: z.string().overwrite(withoutControls).trim().max(500).optional(),
  agreedTermVersionIds: z.array(z.number().int().positive()).max(50),
});
export const agreementBody = z.strictObject({
  verificationToken: tokenSchema,
  agreedTermVersionIds: z.array(z.number().int().positive()).min(1).max(50),
});
export const resetRequestBody = z.strictObject({ email: emailSchema });
export const resetPasswordBody = z.strictObject({ token: tokenSchema, password: passwordSchema });
export const reissueBody = z.strictObject({ refreshToken: tokenSchema });
export const signOutBody = z.strictObject({ refreshToken: tokenSchema.optional(), 'user-id': z.union([z.string(), z.number()]).optional() });
export const adminOtpVerifyBody = z.strictObject({ code: otpCodeSchema });
export const initialPasswordBody = z.strictObject({ verificationToken: tokenSchema, password: passwordSchema });
export const passwordChangeBody = z.strictObject({ password: z.string().min(1).max(128), changePassword: passwordSchema });

/** One term as offered at sign-up or at sign-in after an update. */
export const offeredTermSchema = z.object({
  termId: z.number(),
  termVersionId: z.number(),
  title: z.string(),
  agreementType: z.enum(['POST', 'REQUIRED']),
  requiredFlag: yesNo,
  version: z.string(),
  content: z.string(),
  effectiveAt: z.string(),
});
export type OfferedTerm = z.infer<typeof offeredTermSchema>;

/** Claims of the access token (docs/security.md); the browser's login session is read from them. */
export interface AccessTokenClaims {
  sub: string;
  'user-id': number;
  sid: string;
  authorities: string[];
  role: string;
  projectAuth: string[];
  region: string | null;
  local: string[];
  approved: YesNo;
  isUploader: boolean;
  isCreator: boolean;
  accountRank: number;
  accountLevel: string;
  exp: number;
}

/** GET /api/auth/permissions: what the caller may do as the server reads it now, not as the access token said at sign-in. */
export const livePermissionsSchema = z.object({
  rank: z.number(),
  level: z.string(),
  authorities: z.array(z.string()),
  uploader: z.boolean(),
  creator: z.boolean(),
  approver: z.boolean(),
});
export type LivePermissions = z.infer<typeof livePermissionsSchema>;

/** Option lists for the sign-up form: regions, countries (with region), companies. */
export const signUpOptionsSchema = z.object({
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  countries: z.array(z.object({ code: z.string(), name: z.string(), regionCode: z.string() })),
  companies: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type SignUpOptions = z.infer<typeof signUpOptionsSchema>;

/* Answers of the auth endpoints. */
/** A code was mailed: OTP_REQUIRED with the challenge the code step names. */
export const signInChallengeResponse = envelopeOf(z.object({ challengeToken: z.string(), expiresIn: z.number() }));
/**
 * Signed in (SUCCESS, the token pair), or a step first: PASSWORD_CHANGE_REQUIRED with the proof a new
 * password is set with, or TERMS_UPDATED with the proof and the terms to accept.
 */
export const signInOtpResponse = z.discriminatedUnion('result', [
  outcomeEnvelopeOf('SUCCESS', tokenPairSchema),
  outcomeEnvelopeOf('PASSWORD_CHANGE_REQUIRED', z.object({ verificationToken: z.string() })),
  outcomeEnvelopeOf('TERMS_UPDATED', z.object({ verificationToken: z.string(), terms: z.array(offeredTermSchema) })),
]);
export const tokenPairResponse = envelopeOf(tokenPairSchema);
export const otpSentResponse = envelopeOf(z.object({ expiresIn: z.number() }));
export const signUpVerificationResponse = envelopeOf(z.object({ verificationToken: z.string() }));
export const signUpResponse = envelopeOf(z.object({ approvalStatusCode: z.literal('PENDING') }));
export const offeredTermsResponse = envelopeOf(z.array(offeredTermSchema));
export const signUpOptionsResponse = envelopeOf(signUpOptionsSchema);
export const livePermissionsResponse = envelopeOf(livePermissionsSchema);
export const resetLinkCheckResponse = envelopeOf(z.object({ valid: z.boolean(), reason: z.enum(['UNKNOWN', 'USED', 'EXPIRED']).optional() }));
export const otpTokenResponse = envelopeOf(z.object({ token: z.string() }));
