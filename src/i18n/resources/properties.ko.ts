import type { propertiesEn } from './properties.en';

/** Korean messages of the `properties` resource. */
export const propertiesKo: typeof propertiesEn = {};
