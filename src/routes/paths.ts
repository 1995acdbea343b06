/** Paths other code links to; the protected screens' paths live in appRoutes. */
export const HOME_PATH = '/';
export const SIGN_UP_PATH = '/sign-up';
export const NEW_PASSWORD_PATH = '/new-password';
