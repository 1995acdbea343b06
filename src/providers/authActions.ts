import type { z } from 'zod';
import type { OfferedTerm, SignUpOptions, agreementBody, resetPasswordBody, signInBody, signInOtpBody, signUpBody } from '../shared/auth';
import type { TokenPair } from '../shared/envelope';
import { httpClient } from './httpClient';

/**
 * The public auth API (docs/api.md) as data-provider methods, for the sign-in, sign-up and password
 * screens. Answers are envelopes; failures reject with ApiError.
 */

export interface SignInChallenge {
  challengeToken: string;
  expiresIn: number;
}

export interface TermsUpdate {
  verificationToken: string;
  terms: OfferedTerm[];
}

export const authActions = {
  signIn: (body: z.input<typeof signInBody>) => httpClient.post<SignInChallenge>('/auth/signin', body),
  verifySignInCode: (body: z.input<typeof signInOtpBody>) => httpClient.post<TokenPair | TermsUpdate>('/auth/signin/otp', body),
  resendSignInCode: (challengeToken: string) => httpClient.post<SignInChallenge>('/auth/signin/otp/resend', { challengeToken }),
  agreeToTerms: (body: z.input<typeof agreementBody>) => httpClient.post<TokenPair>('/auth/admin/agreement', body),
  fetchTerms: () => httpClient.get<OfferedTerm[]>('/auth/terms'),
  fetchSignUpOptions: () => httpClient.get<SignUpOptions>('/auth/signup-options'),
  sendSignUpCode: (email: string) => httpClient.post<{ expiresIn: number }>('/auth/otp', { email }),
  verifySignUpCode: (email: string, code: string) => httpClient.post<{ verificationToken: string }>('/auth/otp/verification', { email, code }),
  signUp: (body: z.input<typeof signUpBody>) => httpClient.post<{ approvalStatusCode: string }>('/auth/signup', body),
  requestPasswordReset: (email: string) => httpClient.post<unknown>('/auth/password/reset', { email }),
  /** Whether a mailed reset link can still set a password; does not spend it. */
  checkResetLink: (token: string) => httpClient.get<{ valid: boolean; reason?: 'USED' | 'EXPIRED' | 'UNKNOWN' }>(`/auth/password/reset/${encodeURIComponent(token)}`),
  resetPassword: (body: z.input<typeof resetPasswordBody>) => httpClient.put<unknown>('/auth/password/reset', body),
};
