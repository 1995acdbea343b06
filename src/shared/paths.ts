/** Paths other code links to: the public pages and the few screens linked by path; resource screens' paths live in their folders (src/resources/registry.ts). */
export const HOME_PATH = '/';
export const SIGN_IN_PATH = '/sign-in';
export const SIGN_UP_PATH = '/sign-up';
export const NEW_PASSWORD_PATH = '/new-password';
/** The project detail screen; its top bar shows the project name passed in navigation state. */
export const PROJECT_DETAIL_ROUTE = '/project/detail/:id';
