/** react-admin messages of the `alert-mails` resource (resources.alert-mails.*). */
export const alertMailsEn = {};
