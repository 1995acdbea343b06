import { z } from 'zod';
import { envelopeOf } from './envelope';
import { msg } from './validation-messages';
export { LIST_STATE_KEY_PATTERN } from './listStateKey';

/*
 * A person's own list settings (saved views, chosen columns, each list's last state), kept on the
 * server under the browser store's key so they follow the person to another browser and outlive sign-out.
 */

/** The longest setting name: a resource name and react-admin's suffix fit, and it stays under the server's path-parameter limit. */
export const MAX_PREFERENCE_KEY_LENGTH = 80;
/** The largest setting, written as JSON: a few dozen saved views of a list. */
export const MAX_PREFERENCE_VALUE_LENGTH = 64_000;
/** How many settings one person keeps: every list's views and columns, many times over. */
export const MAX_PREFERENCES_PER_PERSON = 500;
/** A setting name travels in the path: letters, digits, dots, dashes and underscores only. */
export const PREFERENCE_KEY_PATTERN = /^[A-Za-z0-9._-]+$/;

export const preferenceKeyParams = z.strictObject({
  key: z.string().min(1, msg.required).max(MAX_PREFERENCE_KEY_LENGTH).regex(PREFERENCE_KEY_PATTERN, msg.preferenceKey),
});

/** PUT /api/system/preferences/{key}: any JSON value but null, bounded by its written length. */
export const preferenceInput = z.strictObject({
  value: z.unknown().superRefine((value, context) => {
    if (value === undefined || value === null) context.addIssue({ code: 'custom', message: msg.required });
    else if (JSON.stringify(value).length > MAX_PREFERENCE_VALUE_LENGTH) context.addIssue({ code: 'custom', message: msg.preferenceTooLarge, params: { maximum: MAX_PREFERENCE_VALUE_LENGTH } });
  }),
});

/** A list's last state, written as JSON: a list's filters are a few short values, so far less than a setting may hold. */
export const MAX_LIST_STATE_LENGTH = 8_000;
/** More filters than any list declares. */
export const MAX_LIST_STATE_FILTERS = 50;
/** More rows a page than any list offers; the server answers at most its own page size whatever is asked. */
export const MAX_LIST_STATE_PER_PAGE = 1_000;
const filterName = z.string().min(1).max(MAX_PREFERENCE_KEY_LENGTH);

/**
 * A list's last state, as react-admin keeps it: filters, sort and page size. Anything else the browser
 * held (the page it was on, a tab's own query words) is not kept: the list reopens on its first page.
 */
export const listStateSchema = z
  .object({
    filter: z.record(filterName, z.unknown()).superRefine((filter, context) => {
      if (Object.keys(filter).length > MAX_LIST_STATE_FILTERS) context.addIssue({ code: 'custom', message: msg.listStateFilters, params: { maximum: MAX_LIST_STATE_FILTERS } });
    }),
    displayedFilters: z.record(filterName, z.boolean()),
    sort: filterName,
    order: z.enum(['ASC', 'DESC']),
    perPage: z.number().int().min(1).max(MAX_LIST_STATE_PER_PAGE),
  })
  .partial()
  .superRefine((value, context) => {
    if (JSON.stringify(value).length > MAX_LIST_STATE_LENGTH) context.addIssue({ code: 'custom', message: msg.preferenceTooLarge, params: { maximum: MAX_LIST_STATE_LENGTH } });
  });
export type ListState = z.infer<typeof listStateSchema>;

/** GET /api/system/preferences: every setting of the caller, by key. */
export const preferencesSchema = z.object({ preferences: z.record(z.string(), z.unknown()) });
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesResponse = envelopeOf(preferencesSchema);

/** PUT and DELETE answer the key they touched. */
export const preferenceSavedResponse = envelopeOf(z.object({ key: z.string() }));
