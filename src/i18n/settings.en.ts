/** Messages of the console settings (console.settings.*). */
export const settingsEn = {};
