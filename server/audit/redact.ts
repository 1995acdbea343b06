const SECRET_KEY = /pass|pwd|^code$|otp|token|secret|authorization|api.?key|credential|signature/i;
export const REDACTED = '[REDACTED]';

/** A copy of a request body or query with every secret-looking value replaced. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(item, depth + 1)]));
}

/** Path segments can carry secrets too (/new-password/{token}); long opaque segments are masked. */
export function redactPath(path: string): string {
  return path.replace(/\/[A-Za-z0-9_-]{24,}(?=\/|$)/g, `/${REDACTED}`);
}
