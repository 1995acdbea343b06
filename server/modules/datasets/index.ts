import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { datasetOptionsResponse, inferredDatasetResponse } from '../../../src/shared';
import { datasetsResource } from '../../../src/shared/resources/datasets';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { requireDatasetManager } from '../manual-permissions/uploader';
import { FileChecker } from '../uploads/check-thread';
import { inferDataset } from './infer';
import { dataTypeExists } from '../templates/queries';
import { datasetStore, findDatasetByTitle, listDataTypes, uploadInFlight } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

function duplicate({ title }: { title: string }): AppError {
  const message = sentence('datasets.aDatasetTitledAlreadyExists', { title });
  return new AppError('CONFLICT', message, { errors: [{ field: 'title', message }] });
}

/** /api/datasets: custom data sets. Rank 5 reads; uploaders and user managers write. */
export async function datasetsModule(app: FastifyInstance) {
  const { db, files: store } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // For POST /datasets/infer; the other routes still take JSON only.
  await app.register(multipart);
  // Its own reading thread, so a proposal never waits behind an upload's check; started on first use.
  const reader = new FileChecker();
  app.addHook('onClose', async () => reader.close());

  const { readers, writers } = crudRoutes(app, datasetsResource, {
    store: datasetStore(db, store),
    guards: { write: requireDatasetManager() },
    async check(input) {
      if (!(await dataTypeExists(db, input.dataType))) throw validationError([{ field: 'dataType', message: sentence('datasets.isNotADataType', { dataType: input.dataType }) }]);
    },
    duplicate: { error: duplicate, holder: { by: ['title'], find: (input) => findDatasetByTitle(db, input.title) } },
    async beforeDelete(dataset) {
      if (await uploadInFlight(db, dataset.id)) throw new AppError('CONFLICT', sentence('datasets.anUploadToThisDataset'));
    },
  });

  // The data types a data set can have: the code table, for rank-5 users who cannot read Project Properties.
  routes.get('/datasets/options', { ...readers, schema: { response: { 200: datasetOptionsResponse } } }, async () => success({ dataTypes: await listDataTypes(db) }));

  // A proposal from a file's header and first rows, edited in the dataset dialog before it is saved.
  routes.post('/datasets/infer', { ...writers, schema: { response: { 200: inferredDatasetResponse } } }, async (request, reply) => {
    const inferred = await inferDataset(request, store, reader).catch((error) => {
      reply.header('Connection', 'close');
      throw error;
    });
    return success(inferred);
  });
}
