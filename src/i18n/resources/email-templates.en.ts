/** react-admin messages of the `email-templates` resource (resources.email-templates.*). */
export const emailTemplatesEn = {};
