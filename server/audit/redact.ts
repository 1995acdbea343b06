import { isServerMessage, withTextsChanged } from '../../src/i18n/serverMessage';
export const SECRET_KEY = /pass|pwd|^code$|otp|token|secret|authorization|api.?key|credential|signature/i;
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
 * Never throws: the system log records every request, whatever its body.
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

/**
 * A URL as it may be logged: query values under secret-looking names (the same names a logged body
 * hides), a password in the address, long opaque path segments and any of `secrets` (a market
 * account's secret, wherever a config put it) replaced by the marker.
 */
export function redactUrl(url: URL, secrets: readonly (string | null | undefined)[] = []): string {
  const copy = new URL(url);
  if (copy.password) copy.password = REDACTED;
  for (const name of [...new Set(copy.searchParams.keys())]) if (SECRET_KEY.test(name)) copy.searchParams.set(name, REDACTED);
  copy.pathname = redactPath(copy.pathname);
  let text = copy.toString().replaceAll(encodeURIComponent(REDACTED), REDACTED);
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])) text = text.replaceAll(form, REDACTED);
  }
  return text;
}

/** A URL inside free text, up to whitespace, a quote, an angle bracket or a closing parenthesis. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]+/gi;

/**
 * Free text as it may be logged or mailed: every URL in it redacted as redactUrl does (a sentence's
 * final full stop kept outside the URL), and any of `secrets` masked wherever it stands. A task
 * run passes every log line and failure text through this, so no poster or collector can leak a
 * secret by writing a location or an error message of its own.
 */
export function redactText(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  // A message's values are masked one by one: a secret is escaped inside its JSON, so not found whole there.
  if (isServerMessage(text)) return withTextsChanged(text, (written) => redactText(written, secrets));
  let out = text.replace(URL_IN_TEXT, (found) => {
    const [, address = found, trailing = ''] = /^(.*?)([.,;:!?]*)$/.exec(found) ?? [];
    try {
      const url = new URL(address);
      const shown = redactUrl(url, secrets);
      // Unchanged unless something was hidden, so a plain address reads exactly as written.
      return shown === url.toString() ? found : shown + trailing;
    } catch {
      return found;
    }
  });
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.replaceAll(form, REDACTED);
  }
  return out;
}
