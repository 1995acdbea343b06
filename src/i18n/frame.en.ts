/** Messages of the console frame (console.frame.*). */
export const frameEn = {};
