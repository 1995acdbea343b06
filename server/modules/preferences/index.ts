import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIST_STATE_KEY_PATTERN, listStateSchema, MAX_PREFERENCES_PER_PERSON, preferenceInput, preferenceKeyParams, preferenceSavedResponse, preferencesResponse } from '../../../src/shared';
import { authenticate } from '../../auth/guard';
import { isoNow } from '../../clock';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { countOtherPreferences, listPreferences, removePreference, savePreference } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';
import { issueMessage } from '../../../src/shared/validation-messages';

/**
 * What is kept under `key`: a list's last state only in its shape (filters, sort, page size; the rest
 * dropped), any other setting as it came.
 */
function keptValue(key: string, value: unknown): unknown {
  if (!LIST_STATE_KEY_PATTERN.test(key)) return value;
  const parsed = listStateSchema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ field: ['value', ...issue.path].join('.'), ...issueMessage(issue) })));
  return parsed.data;
}

/**
 * /api/system/preferences: each signed-in person's own list settings (saved views, chosen columns,
 * each list's last state).
 * Every route reads and writes the caller's own only, so no rank is needed and nobody reaches another's.
 */
export async function preferencesModule(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.ctx;

  routes.get('/system/preferences', { onRequest: authenticate, schema: { response: { 200: preferencesResponse } } }, async (request) => {
    const rows = await listPreferences(db, request.admin!.id);
    return success({ preferences: Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown])) });
  });

  routes.put('/system/preferences/:key', { onRequest: authenticate, schema: { params: preferenceKeyParams, body: preferenceInput, response: { 200: preferenceSavedResponse } } }, async (request) => {
    const adminId = request.admin!.id;
    const { key } = request.params;
    const value = keptValue(key, request.body.value);
    if ((await countOtherPreferences(db, adminId, key)) >= MAX_PREFERENCES_PER_PERSON) {
      throw new AppError('CONFLICT', sentence('preferences.tooManyListSettings', { count: MAX_PREFERENCES_PER_PERSON }));
    }
    await savePreference(db, adminId, key, JSON.stringify(value), isoNow(clock));
    return success({ key });
  });

  routes.delete('/system/preferences/:key', { onRequest: authenticate, schema: { params: preferenceKeyParams, response: { 200: preferenceSavedResponse } } }, async (request) => {
    await removePreference(db, request.admin!.id, request.params.key);
    return success({ key: request.params.key });
  });
}
