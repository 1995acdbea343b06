import type { termsEn } from './terms.en';

/** Korean messages of the `terms` resource. */
export const termsKo: typeof termsEn = {};
