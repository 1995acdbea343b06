import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AREA_RANK, connectionCheckResponse, postSecretDestinations, postConfigInput, postConfigListResponse, postConfigResponse, type ConnectionCheck } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { POSTERS } from '../jobs/posters';
import { loadPostTarget } from '../jobs/run-task';
import { outboundFor } from '../../outbound/outbound-fetch';
import { nextSealedSecret, secretBox } from '../../secrets/secret-box';
import { unknownCode } from '../code-tables';
import { deletePostConfig, findPostConfig, findStoredSecret, listPostConfigs, postConfigListSpec, savePostConfig, type PostConfigValues } from './queries';

/** The target's secret goes only to where its method signs in. */
const secretWrite = (input: PostConfigValues) => ({ input: input.targetSecret, destinations: postSecretDestinations(input.targetMethod, input.targetData), field: 'targetSecret' });

/** /api/post-configs: where mastered rows are posted (GCS, Tableau, Snowflake stage, a local folder); rank 2. */
export async function postConfigsModule(app: FastifyInstance) {
  const { db, clock, config } = app.ctx;
  const box = secretBox(config.secretsKeys, config.jwtSecret);
  const outbound = outboundFor(config.outboundAllow, config);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.collectData));

  const checkCodes = async (dataType: string) => {
    const errors = await unknownCode(db, 'data_types', dataType, 'dataType', 'a data type');
    if (errors.length) throw validationError(errors);
  };

  routes.get('/post-configs', { schema: { querystring: listQuerystring, response: { 200: postConfigListResponse } } }, async (request) =>
    success(await listPostConfigs(db, parseListQuery(request.query, postConfigListSpec))),
  );

  routes.get('/post-configs/:id', { schema: { params: idParams, response: { 200: postConfigResponse } } }, async (request) => {
    const postConfig = await findPostConfig(db, request.params.id);
    if (!postConfig) throw new AppError('NOT_FOUND', 'No such post configuration.');
    return success(postConfig);
  });

  routes.post('/post-configs', { schema: { body: postConfigInput, response: { 200: postConfigResponse } } }, async (request) => {
    await checkCodes(request.body.dataType);
    const id = await savePostConfig(db, request.body, nextSealedSecret(box, secretWrite(request.body), null), isoNow(clock));
    return success(await findPostConfig(db, id!), 'The post configuration has been added.');
  });

  routes.put('/post-configs/:id', { schema: { params: idParams, body: postConfigInput, response: { 200: postConfigResponse } } }, async (request) => {
    const stored = await findStoredSecret(db, request.params.id);
    if (!stored) throw new AppError('NOT_FOUND', 'No such post configuration.');
    await checkCodes(request.body.dataType);
    const id = await savePostConfig(db, request.body, nextSealedSecret(box, secretWrite(request.body), stored), isoNow(clock), request.params.id);
    if (id === undefined) throw new AppError('NOT_FOUND', 'No such post configuration.');
    return success(await findPostConfig(db, id), 'The post configuration has been saved.');
  });

  // Its posting tasks go with it (they mean nothing without the target).
  routes.delete('/post-configs/:id', { schema: { params: idParams, response: { 200: postConfigResponse } } }, async (request) => {
    const postConfig = await findPostConfig(db, request.params.id);
    if (!postConfig) throw new AppError('NOT_FOUND', 'No such post configuration.');
    await deletePostConfig(db, postConfig.id);
    return success(postConfig, 'The post configuration has been deleted.');
  });

  routes.post('/post-configs/:id/test-connection', { schema: { params: idParams, response: { 200: connectionCheckResponse } } }, async (request) => {
    if (!(await findPostConfig(db, request.params.id))) throw new AppError('NOT_FOUND', 'No such post configuration.');
    let check: ConnectionCheck;
    try {
      const { target } = await loadPostTarget(db, box, outbound, request.params.id, app.ctx.files);
      check = await POSTERS[target.method].testConnection(target);
    } catch (error) {
      check = { ok: false, message: (error as Error).message };
    }
    return success(check, check.message);
  });
}
