const SECRET_KEY = /pass|pwd|^code$|otp|token|secret|authorization|api.?key|credential|signature/i;
export const REDACTED = '[REDACTED]';
/** Nesting kept in a logged body: deeper parts are this marker, so a body of any depth is logged in bounded time and stack. */
export const MAX_LOGGED_DEPTH = 32;
export const TOO_DEEP = '[TOO DEEP]';

/** A copy of a parsed body as JSON.stringify would see it: secret-looking values redacted, nesting past MAX_LOGGED_DEPTH cut. */
function redacted(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_LOGGED_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  // Dates, buffers and the like serialise themselves, shallowly.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redacted(item, depth + 1)]));
}

/**
 * A request body or query as JSON, every secret-looking value replaced, however deep it sits.
 * Never throws: the system log records every request, whatever its body (issue 27).
 */
export function redactedJson(value: unknown): string {
  try {
    return JSON.stringify(redacted(value, 0));
  } catch {
    return JSON.stringify('[UNSERIALISABLE]');
  }
}

/** Path segments can carry secrets too (/new-password/{token}); long opaque segments are masked. */
export function redactPath(path: string): string {
  return path.replace(/\/[A-Za-z0-9_-]{24,}(?=\/|$)/g, `/${REDACTED}`);
}
