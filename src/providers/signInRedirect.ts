/**
 * Sends the user to the sign-in page from code that runs outside React (the HTTP client).
 * The app registers the router's navigate; the fallback is a full page load.
 */
type Navigator = (to: string) => void;

export const SIGN_IN_PATH = '/sign-in';
/** Query parameter the sign-in page reads to explain why the session ended. */
export const SIGN_IN_NOTICE_PARAM = 'notice';

let navigateTo: Navigator = (to) => window.location.assign(to);

export function registerSignInNavigator(navigator: Navigator): void {
  navigateTo = navigator;
}

export function signInPath(notice?: string): string {
  return notice ? `${SIGN_IN_PATH}?${new URLSearchParams({ [SIGN_IN_NOTICE_PARAM]: notice })}` : SIGN_IN_PATH;
}

export function goToSignIn(notice?: string): void {
  navigateTo(signInPath(notice));
}
