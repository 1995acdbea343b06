import { ACCESS_TOKEN_COOKIE, OTP_TOKEN_KEY, OTP_VERIFIED_KEY, REFRESH_TOKEN_COOKIE, TABLEAU_ID_COOKIE } from '../shared/constants';
import type { TokenPair } from '../shared/envelope';
import { deleteCookie, readCookie, writeCookie } from './cookies';

export const readAccessToken = (): string | undefined => readCookie(ACCESS_TOKEN_COOKIE);
export const readRefreshToken = (): string | undefined => readCookie(REFRESH_TOKEN_COOKIE);

export function storeTokenPair({ accessToken, refreshToken }: TokenPair): void {
  writeCookie(ACCESS_TOKEN_COOKIE, accessToken);
  writeCookie(REFRESH_TOKEN_COOKIE, refreshToken);
}

/** Forgets everything that identifies the signed-in user in this browser. */
export function clearStoredSession(): void {
  deleteCookie(ACCESS_TOKEN_COOKIE);
  deleteCookie(REFRESH_TOKEN_COOKIE);
  deleteCookie(TABLEAU_ID_COOKIE);
  sessionStorage.removeItem(OTP_VERIFIED_KEY);
  sessionStorage.removeItem(OTP_TOKEN_KEY);
}
