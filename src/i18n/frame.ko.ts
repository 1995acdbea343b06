import type { frameEn } from './frame.en';

/** Korean messages of the console frame (console.frame.*). */
export const frameKo: typeof frameEn = {};
