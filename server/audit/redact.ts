const SECRET_KEY = /pass|pwd|^code$|otp|token|secret|authorization|api.?key|credential|signature/i;
export const REDACTED = '[REDACTED]';

/** A request body or query as JSON, every secret-looking value replaced, however deep it sits. */
export function redactedJson(value: unknown): string {
  return JSON.stringify(value, (key, item) => (key && SECRET_KEY.test(key) ? REDACTED : item));
}

/** Path segments can carry secrets too (/new-password/{token}); long opaque segments are masked. */
export function redactPath(path: string): string {
  return path.replace(/\/[A-Za-z0-9_-]{24,}(?=\/|$)/g, `/${REDACTED}`);
}
