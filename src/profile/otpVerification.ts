import { OTP_TOKEN_KEY, OTP_VERIFIED_KEY } from '../shared/constants';

/** Whether OTP was verified in this browser session: any stored value reads Y. */
export const isOtpVerified = (): boolean => sessionStorage.getItem(OTP_VERIFIED_KEY) !== null;

export const readOtpToken = (): string => sessionStorage.getItem(OTP_TOKEN_KEY) ?? '';

export function rememberOtpVerification(token: string): void {
  sessionStorage.setItem(OTP_TOKEN_KEY, token);
  sessionStorage.setItem(OTP_VERIFIED_KEY, 'Y');
}

export function forgetOtpVerification(): void {
  sessionStorage.removeItem(OTP_VERIFIED_KEY);
  sessionStorage.removeItem(OTP_TOKEN_KEY);
}
