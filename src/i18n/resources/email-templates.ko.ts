import type { emailTemplatesEn } from './email-templates.en';

/** Korean messages of the `email-templates` resource. */
export const emailTemplatesKo: typeof emailTemplatesEn = {};
