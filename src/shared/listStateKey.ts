/**
 * The key a list's last state is kept under: react-admin's list parameters of a resource
 * (`domains.listParams`) or of one tab of a resource's list (`properties.business.listParams`).
 * Apart from the settings' schemas, as the browser's store reads it on the first screen, without zod.
 */
export const LIST_STATE_KEY_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)?\.listParams$/;
