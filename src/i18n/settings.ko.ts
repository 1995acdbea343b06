import type { settingsEn } from './settings.en';

/** Korean messages of the console settings (console.settings.*). */
export const settingsKo: typeof settingsEn = {};
