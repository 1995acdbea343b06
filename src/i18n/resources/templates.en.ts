/** react-admin messages of the `templates` resource (resources.templates.*). */
export const templatesEn = {};
