import type { templatesEn } from './templates.en';

/** Korean messages of the `templates` resource. */
export const templatesKo: typeof templatesEn = {};
