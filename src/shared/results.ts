/** Result codes of the envelope and the HTTP status each travels with. */
export const RESULT_STATUS = {
  SUCCESS: 200,
  OTP_REQUIRED: 200,
  TERMS_UPDATED: 200,
  /** The password was handed to the account (the first admin's initial one): a new one must be chosen before signing in. */
  PASSWORD_CHANGE_REQUIRED: 200,
  VALIDATION_ERROR: 400,
  OTP_MISMATCH: 400,
  OTP_EXPIRED: 400,
  DOMAIN_NOT_ALLOWED: 400,
  INVALID_CREDENTIALS: 401,
  TOKEN_UNAUTHORIZED: 401,
  ADMIN_ACCESS_TOKEN_NOT_MATCHED: 401,
  FORBIDDEN: 403,
  ACCOUNT_PENDING: 403,
  ACCOUNT_INACTIVE: 403,
  ACCOUNT_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A write named the version it was made from (If-Match) and the record has changed since: nothing was written. */
  STALE_VERSION: 412,
  /** A single-use download link (an export) opened a second time. */
  LINK_USED: 410,
  PAYLOAD_TOO_LARGE: 413,
  ACCOUNT_LOCKED: 423,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  /** The embedded dashboard needs Tableau settings the server does not have. */
  TABLEAU_NOT_CONFIGURED: 503,
  /** The object store (FILE_STORE) failed a call; the request stored nothing. */
  FILE_STORE_UNAVAILABLE: 503,
  /** The server's disk (DATA_DIR) or its database is full; nothing of the request was kept. */
  INSUFFICIENT_STORAGE: 507,
  /** The database could not be reached or did not answer in time; the request may be tried again. */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ResultCode = keyof typeof RESULT_STATUS;

export const GENERIC_ERROR_TITLE = 'Generic Error';
export const GENERIC_ERROR_MESSAGE = 'An Generic error occurred';
