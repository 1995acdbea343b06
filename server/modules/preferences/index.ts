import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_PREFERENCES_PER_PERSON, preferenceInput, preferenceKeyParams, preferenceSavedResponse, preferencesResponse } from '../../../src/shared';
import { authenticate } from '../../auth/guard';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { countOtherPreferences, listPreferences, removePreference, savePreference } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

/**
 * /api/system/preferences: each signed-in person's own list settings (saved views, chosen columns).
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
    if ((await countOtherPreferences(db, adminId, key)) >= MAX_PREFERENCES_PER_PERSON) {
      throw new AppError('CONFLICT', sentence('preferences.tooManyListSettings', { count: MAX_PREFERENCES_PER_PERSON }));
    }
    await savePreference(db, adminId, key, JSON.stringify(request.body.value), isoNow(clock));
    return success({ key });
  });

  routes.delete('/system/preferences/:key', { onRequest: authenticate, schema: { params: preferenceKeyParams, response: { 200: preferenceSavedResponse } } }, async (request) => {
    await removePreference(db, request.admin!.id, request.params.key);
    return success({ key: request.params.key });
  });
}
