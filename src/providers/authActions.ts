import type { z } from 'zod';
import type {
  agreementBody,
  initialPasswordBody,
  offeredTermsResponse,
  otpSentResponse,
  resetLinkCheckResponse,
  resetPasswordBody,
  signInBody,
  signInChallengeResponse,
  signInOtpBody,
  signInOtpResponse,
  signUpBody,
  signUpOptionsResponse,
  signUpResponse,
  signUpVerificationResponse,
  tokenPairResponse,
} from '../shared/auth';
import type { emptyEnvelope } from '../shared/envelope';
import { httpClient } from './httpClient';

/**
 * The public auth API (docs/api.md) as data-provider methods, for the sign-in, sign-up and password
 * screens. Each answer is typed by the response schema its route declares; failures reject with
 * ApiError. The schemas are imported as types only: zod stays out of the sign-in page's chunk.
 */
export const authActions = {
  signIn: (body: z.input<typeof signInBody>) => httpClient.post<typeof signInChallengeResponse>('/auth/signin', body),
  /** Signed in (SUCCESS, the token pair), PASSWORD_CHANGE_REQUIRED or TERMS_UPDATED: the result tells them apart. */
  verifySignInCode: (body: z.input<typeof signInOtpBody>) => httpClient.post<typeof signInOtpResponse>('/auth/signin/otp', body),
  resendSignInCode: (challengeToken: string) => httpClient.post<typeof signInChallengeResponse>('/auth/signin/otp/resend', { challengeToken }),
  /** Sets the user's own password in place of a handed-over one; answers like verifySignInCode. */
  setInitialPassword: (body: z.input<typeof initialPasswordBody>) => httpClient.post<typeof signInOtpResponse>('/auth/admin/initial-password', body),
  agreeToTerms: (body: z.input<typeof agreementBody>) => httpClient.post<typeof tokenPairResponse>('/auth/admin/agreement', body),
  fetchTerms: () => httpClient.get<typeof offeredTermsResponse>('/auth/terms'),
  fetchSignUpOptions: () => httpClient.get<typeof signUpOptionsResponse>('/auth/signup-options'),
  sendSignUpCode: (email: string) => httpClient.post<typeof otpSentResponse>('/auth/otp', { email }),
  verifySignUpCode: (email: string, code: string) => httpClient.post<typeof signUpVerificationResponse>('/auth/otp/verification', { email, code }),
  signUp: (body: z.input<typeof signUpBody>) => httpClient.post<typeof signUpResponse>('/auth/signup', body),
  requestPasswordReset: (email: string) => httpClient.post<typeof emptyEnvelope>('/auth/password/reset', { email }),
  /** Whether a mailed reset link can still set a password; does not spend it. */
  checkResetLink: (token: string) => httpClient.get<typeof resetLinkCheckResponse>(`/auth/password/reset/${encodeURIComponent(token)}`),
  resetPassword: (body: z.input<typeof resetPasswordBody>) => httpClient.put<typeof emptyEnvelope>('/auth/password/reset', body),
};
