/** Business constants the browser and the server share. */
export const HTTP_TIMEOUT_MS = 600_000;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 5 * 60;
/** How long after a code is sent before another may be asked for (the server refuses sooner). */
export const OTP_RESEND_INTERVAL_SECONDS = 30;
export const OTP_MAX_WRONG_TRIES = 5;
/** Wrong codes in a row, over any number of codes, after which the account locks like after wrong passwords. */
export const OTP_MAX_CONSECUTIVE_FAILURES = 15;
export const PASSWORD_MIN_LENGTH = 8;
/** The specification says 12; 64 so a password manager's passwords fit (ASVS 6.2.9, docs/decisions.md). */
export const PASSWORD_MAX_LENGTH = 64;
export const COOKIE_MAX_AGE_SECONDS = 28_800;
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';
export const TABLEAU_ID_COOKIE = 'tableauId';
export const OTP_VERIFIED_KEY = 'otpVerified';
export const OTP_TOKEN_KEY = 'otpToken';
export const OTP_TOKEN_HEADER = 'X-OTP-Token';
export const DESKTOP_BREAKPOINT_PX = 991;
export const SIDEBAR_CLOSE_DELAY_MS = 300;
export const PERMISSION_TOAST_DELAY_MS = 300;
export const TOAST_LIFE_MS = 6000;
export const DEFAULT_PAGE_SIZE = 10;
/** How long a delete waits in its notice, with Undo, before it is sent to the server. */
export const UNDO_WINDOW_MS = 5000;
