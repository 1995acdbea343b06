/** Socket errors of a database that is down, restarting, or on the far side of a cut network path. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: admin_shutdown (a restart or
 * pg_terminate_backend), crash_shutdown, cannot_connect_now (starting up, in recovery),
 * query_canceled (the statement timeout: a hung lock or an overloaded server), too_many_connections.
 * Class 08 (connection exception) is matched as a class.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);
/** node-postgres's own errors, which carry no code: a connection that ended, or an answer that never came. */
const DRIVER_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /^Query read timeout/, /is not queryable/];

/**
 * True when a failure means the database could not be reached or did not answer in time: the
 * request may be tried again and is answered 503 DATABASE_UNAVAILABLE, not 500. Looks through
 * causes and AggregateError (a host name resolving to several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
