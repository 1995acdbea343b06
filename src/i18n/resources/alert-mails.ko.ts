import type { alertMailsEn } from './alert-mails.en';

/** Korean messages of the `alert-mails` resource. */
export const alertMailsKo: typeof alertMailsEn = {};
