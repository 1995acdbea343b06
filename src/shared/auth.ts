import { z } from 'zod';
import { emailSchema, otpCodeSchema, passwordSchema, tokenSchema } from './validation';

/** Request bodies of the auth endpoints, shared by the sign-in pages and the server. */
export const signInBody = z.strictObject({ email: emailSchema, password: z.string().min(1).max(128) });
export const signInOtpBody = z.strictObject({ challengeToken: tokenSchema, code: otpCodeSchema });
export const sendSignupOtpBody = z.strictObject({ email: emailSchema });
export const verifySignupOtpBody = z.strictObject({ email: emailSchema, code: otpCodeSchema });
export const signUpBody = z.strictObject({
  verificationToken: tokenSchema,
  password: passwordSchema,
  firstName: z.string().trim().min(1).max(50),
  lastName: z.string().trim().min(1).max(50),
  company: z.string().trim().min(1).max(40),
  region: z.string().trim().min(1).max(40),
  office: z.string().trim().min(1).max(40),
  requestComment: z.string().trim().max(500).optional(),
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
export const passwordChangeBody = z.strictObject({ password: z.string().min(1).max(128), changePassword: passwordSchema });

/** One term as offered at sign-up or at sign-in after an update (SPEC §3 "signup terms"). */
export interface OfferedTerm {
  termId: number;
  termVersionId: number;
  title: string;
  agreementType: 'POST' | 'REQUIRED';
  requiredFlag: 'Y' | 'N';
  version: string;
  content: string;
  effectiveAt: string;
}

/** Claims of the access token (DESIGN §4); the browser's login session is read from them. */
export interface AccessTokenClaims {
  sub: string;
  'user-id': number;
  sid: string;
  authorities: string[];
  role: string;
  projectAuth: string[];
  region: string | null;
  local: string[];
  approved: 'Y' | 'N';
  isUploader: boolean;
  isCreator: boolean;
  accountRank: number;
  accountLevel: string;
  exp: number;
}

/** GET /api/auth/permissions: what the caller may do as the server reads it now, not as the access token said at sign-in. */
export interface LivePermissions {
  rank: number;
  level: string;
  authorities: string[];
  uploader: boolean;
  creator: boolean;
  approver: boolean;
}

/** Option lists for the sign-up form: regions, countries (with region), companies. */
export interface SignUpOptions {
  regions: { code: string; name: string }[];
  countries: { code: string; name: string; regionCode: string }[];
  companies: { code: string; name: string }[];
}
