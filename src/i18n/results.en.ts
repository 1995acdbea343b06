import type { ResultCode } from '../shared/results';

/**
 * Titles of failed calls in words (console.result.*): one per result code of the envelope, one per
 * client-side error code, and a generic default; `explain` says what a failure no server sentence
 * explains means; `details` opens the code itself, which is for support.
 */
export const resultsEn = {
  SUCCESS: 'Done',
  OTP_REQUIRED: 'Verification code required',
  TERMS_UPDATED: 'Terms updated',
  PASSWORD_CHANGE_REQUIRED: 'New password required',
  VALIDATION_ERROR: 'Some fields need attention',
  OTP_MISMATCH: 'Wrong verification code',
  OTP_EXPIRED: 'Verification code expired',
  DOMAIN_NOT_ALLOWED: 'E-mail domain not allowed',
  INVALID_CREDENTIALS: 'Invalid credentials',
  TOKEN_UNAUTHORIZED: 'Session expired',
  ADMIN_ACCESS_TOKEN_NOT_MATCHED: 'Signed in elsewhere',
  FORBIDDEN: 'Not allowed',
  ACCOUNT_PENDING: 'Account awaiting approval',
  ACCOUNT_INACTIVE: 'Account inactive',
  ACCOUNT_REJECTED: 'Account request rejected',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflicts with other records',
  STALE_VERSION: 'Changed by someone else',
  LINK_USED: 'Link already used',
  PAYLOAD_TOO_LARGE: 'File too large',
  ACCOUNT_LOCKED: 'Account locked',
  TOO_MANY_REQUESTS: 'Too many attempts',
  INTERNAL_ERROR: 'Server error',
  TABLEAU_NOT_CONFIGURED: 'Dashboard not set up',
  FILE_STORE_UNAVAILABLE: 'File storage unavailable',
  INSUFFICIENT_STORAGE: 'Server out of space',
  DATABASE_UNAVAILABLE: 'Database unavailable',
  ECONNABORTED: 'Request timed out',
  ERR_CANCELED: 'Request cancelled',
  ERR_BAD_RESPONSE: 'Unexpected answer from the server',
  ERR_BAD_REQUEST: 'Request refused',
  ERR_NETWORK: 'Network error',
  generic: 'Generic Error',
  details: 'Details',
  code: 'Code: %{code}',
  said: 'Browser message: %{text}',
  /** What a failure no server sentence explains means, by the browser client's code. */
  explain: {
    ECONNABORTED: 'The server did not answer in time. Try again.',
    ERR_CANCELED: 'The request was cancelled before the server answered.',
    ERR_NETWORK: 'The server could not be reached. Check the connection and try again.',
    ERR_BAD_RESPONSE: 'The server could not answer the request. Try again later.',
    ERR_BAD_REQUEST: 'The server refused the request.',
    generic: 'Something went wrong. Try again; if it happens again, tell support what Details shows.',
  },
} satisfies Record<ResultCode, string> & Record<string, string | Record<string, string>>;
