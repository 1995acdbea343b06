import type { profileEn } from './profile.en';

/** Korean messages of the console profile (console.profile.*). */
export const profileKo: typeof profileEn = {};
