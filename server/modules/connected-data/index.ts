import type { FastifyInstance } from 'fastify';
import { connectedDataOptionsResponse } from '../../../src/shared';
import { authenticate } from '../../auth/guard';
import { success } from '../../http/envelope';
import { loadConnectedDataOptions } from './queries';

/** GET /api/system/connected-data: what a dataset connection can be made of, for any signed-in user. */
export async function connectedDataModule(app: FastifyInstance) {
  app.get('/system/connected-data', { schema: { response: { 200: connectedDataOptionsResponse } }, onRequest: authenticate }, async () => success(await loadConnectedDataOptions(app.ctx.db)));
}
