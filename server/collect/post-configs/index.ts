import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectionCheckResponse, type ConnectionCheck } from '../../../src/shared';
import { postConfigsResource } from '../../../src/shared/resources/post-configs';
import { crudRoutes } from '../../http/crud-routes';
import { validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { POSTERS } from '../jobs/posters';
import { loadPostTarget } from '../jobs/run-task';
import { outboundFor } from '../../outbound/outbound-fetch';
import { secretBox } from '../../secrets/secret-box';
import { unknownCode } from '../code-tables';
import { postConfigStore } from './queries';
import { asWritten } from '../../../src/i18n/serverMessage';

/** /api/post-configs: where mastered rows are posted (GCS, Tableau, Snowflake stage, a local folder); rank 2. */
export async function postConfigsModule(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const box = secretBox(config.secretsKeys, config.jwtSecret);
  const outbound = outboundFor(config.outboundAllow, config);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const { load, writers } = crudRoutes(app, postConfigsResource, {
    store: postConfigStore(db, box),
    async check(input) {
      const errors = await unknownCode(db, 'data_types', input.dataType, 'dataType', 'a data type');
      if (errors.length) throw validationError(errors);
    },
  });

  routes.post('/post-configs/:id/test-connection', { ...writers, schema: { params: idParams, response: { 200: connectionCheckResponse } } }, async (request) => {
    await load(request, request.params.id);
    let check: ConnectionCheck;
    try {
      const { target } = await loadPostTarget(db, box, outbound, request.params.id, app.ctx.files);
      check = await POSTERS[target.method].testConnection(target);
    } catch (error) {
      check = { ok: false, message: (error as Error).message };
    }
    return success(check, asWritten(check.message));
  });
}
