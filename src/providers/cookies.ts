import { COOKIE_MAX_AGE_SECONDS } from '../shared/constants';

/** Cookie attributes of the tokens. Secure only over https, or the browser drops the cookie on http://localhost. */
function attributes(maxAgeSeconds: number): string {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  return `; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

export function writeCookie(name: string, value: string, maxAgeSeconds = COOKIE_MAX_AGE_SECONDS): void {
  document.cookie = `${name}=${encodeURIComponent(value)}${attributes(maxAgeSeconds)}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=${attributes(0)}`;
}
