import { HOME_PATH, NEW_PASSWORD_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from '../shared/paths';
import { isSessionEndReason } from '../shared/session-end';

/**
 * Sends the user to the sign-in page from code that runs outside React (the HTTP client), and
 * carries the page they were on in the sign-in address, so signing in brings them back to it.
 * The app registers the router's navigate; the fallback is a full page load.
 */
type Navigator = (to: string) => void;

/** Query parameter the sign-in page reads to explain why the session ended. */
export const SIGN_IN_NOTICE_PARAM = 'notice';
/** Query parameter the sign-in page reads to know where to go once signed in. */
export const SIGN_IN_NEXT_PARAM = 'next';

const PUBLIC_PATHS = [SIGN_IN_PATH, SIGN_UP_PATH, NEW_PASSWORD_PATH];
/** Any origin will do: it only tells a relative path from one that leaves the site. */
const PROBE_ORIGIN = 'https://console.invalid';

let navigateTo: Navigator = (to) => window.location.assign(to);

export function registerSignInNavigator(navigator: Navigator): void {
  navigateTo = navigator;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/**
 * The page to open after sign-in, when `raw` is a path of this site that needs signing in; undefined
 * otherwise. Refuses anything that could leave the site (`//evil.com`, `/\evil.com`, `https://…`,
 * control characters that browsers drop), and the public pages, so sign-in never leads to itself.
 */
export function safeNextPath(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || isPublicPath(url.pathname)) return undefined;
  const path = url.pathname + url.search + url.hash;
  // The project list is where sign-in goes anyway; keeping it out keeps the address short.
  return path === HOME_PATH ? undefined : path;
}

/** The page the browser is on now, as a next path (undefined on the home and public pages). */
export function currentNextPath(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return safeNextPath(window.location.pathname + window.location.search);
}

export function signInPath({ notice, next }: { notice?: string; next?: string } = {}): string {
  const query = new URLSearchParams();
  const safeNext = safeNextPath(next);
  if (safeNext) query.set(SIGN_IN_NEXT_PARAM, safeNext);
  if (notice) query.set(SIGN_IN_NOTICE_PARAM, notice);
  const search = query.toString();
  return search ? `${SIGN_IN_PATH}?${search}` : SIGN_IN_PATH;
}

/** Where the sign-in page at `search` sends the person once signed in. */
export function afterSignInPath(search: string): string {
  return safeNextPath(new URLSearchParams(search).get(SIGN_IN_NEXT_PARAM)) ?? HOME_PATH;
}

/**
 * The notice the sign-in page shows for a 401 of an ended session: its reason code when the answer
 * names one (the page words it in the console's language), else the server's message.
 */
export function sessionEndNotice(answer: { data?: unknown; text?: string }): string | undefined {
  const reason = (answer.data as { reason?: unknown } | null | undefined)?.reason;
  return isSessionEndReason(reason) ? reason : answer.text;
}

export function goToSignIn(notice?: string): void {
  navigateTo(signInPath({ notice, next: currentNextPath() }));
}
