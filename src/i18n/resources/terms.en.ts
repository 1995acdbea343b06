/** react-admin messages of the `terms` resource (resources.terms.*). */
export const termsEn = {};
