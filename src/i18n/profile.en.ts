/** Messages of the console profile (console.profile.*). */
export const profileEn = {};
