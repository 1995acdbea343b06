import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AREA_RANK, datasetInput, datasetListResponse, datasetOptionsResponse, datasetResponse, inferredDatasetResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import type { Db } from '../../db/database';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError, englishOf, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { requireDatasetManager } from '../manual-permissions/uploader';
import { FileChecker } from '../uploads/check-thread';
import { inferDataset } from './infer';
import { dataTypeExists } from '../templates/queries';
import { datasetListSpec, deleteDataset, findDataset, findDatasetByTitle, listDataTypes, listDatasets, sameSchema, saveDataset, schemaChangeRefusal, uploadInFlight } from './queries';

function duplicate(title: string): AppError {
  const message = `A dataset titled ${title} already exists.`;
  return new AppError('CONFLICT', message, { errors: [{ field: 'title', message }] });
}

/** /api/datasets: custom data sets (SPEC §3). Rank 5 reads; uploaders and user managers write. */
export async function datasetsModule(app: FastifyInstance) {
  const { db, clock, files: store } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readers = { onRequest: requireRank(AREA_RANK.project) };
  const managers = { onRequest: requireDatasetManager() };
  // For POST /datasets/infer; the other routes still take JSON only.
  await app.register(multipart);
  // Its own reading thread, so a proposal never waits behind an upload's check; started on first use.
  const reader = new FileChecker();
  app.addHook('onClose', async () => reader.close());

  routes.get('/datasets', { ...readers, schema: { querystring: listQuerystring, response: { 200: datasetListResponse } } }, async (request) => {
    return success(await listDatasets(db, parseListQuery(request.query, datasetListSpec)));
  });

  // The data types a data set can have: the code table, for rank-5 users who cannot read Project Properties.
  routes.get('/datasets/options', { ...readers, schema: { response: { 200: datasetOptionsResponse } } }, async () => success({ dataTypes: await listDataTypes(db) }));

  // A proposal from a file's header and first rows, edited in the dataset dialog before it is saved.
  routes.post('/datasets/infer', { ...managers, schema: { response: { 200: inferredDatasetResponse } } }, async (request, reply) => {
    const inferred = await inferDataset(request, store, reader).catch((error) => {
      reply.header('Connection', 'close');
      throw error;
    });
    return success(inferred);
  });

  routes.get('/datasets/:id', { ...readers, schema: { params: idParams, response: { 200: datasetResponse } } }, async (request) => {
    const dataset = await findDataset(db, request.params.id);
    if (!dataset) throw new AppError('NOT_FOUND', 'No such dataset.');
    return success(dataset);
  });

  routes.post('/datasets', { ...managers, schema: { body: datasetInput, response: { 200: datasetResponse } } }, async (request) => {
    const input = request.body;
    if (!(await dataTypeExists(db, input.dataType))) throw validationError([{ field: 'dataType', message: `${input.dataType} is not a data type.` }]);
    if (await findDatasetByTitle(db, input.title)) throw duplicate(input.title);
    const id = await rejectDuplicate(saveDataset(db, input, request.admin!.id, isoNow(clock)), () => duplicate(input.title));
    return success(await findDataset(db, id!), 'The dataset has been added.');
  });

  routes.put('/datasets/:id', { ...managers, schema: { params: idParams, body: datasetInput, response: { 200: datasetResponse } } }, async (request) => {
    const input = request.body;
    const current = await findDataset(db, request.params.id);
    if (!current) throw new AppError('NOT_FOUND', 'No such dataset.');
    if (!(await dataTypeExists(db, input.dataType))) throw validationError([{ field: 'dataType', message: `${input.dataType} is not a data type.` }]);
    const clash = await findDatasetByTitle(db, input.title);
    if (clash && clash.id !== current.id) throw duplicate(input.title);
    // Checked in the saving transaction, so a commit finishing meanwhile is seen; a READY upload's commit compares the columns itself.
    const schemaGuard = sameSchema(current.schemaInfo, input.schemaInfo)
      ? undefined
      : async (trx: Db) => {
          const problem = await schemaChangeRefusal(trx, current.id, current.schemaInfo, input.schemaInfo);
          if (problem) throw new AppError('CONFLICT', englishOf(problem), { errors: [{ field: 'schemaInfo', ...problem }] });
        };
    await rejectDuplicate(saveDataset(db, input, request.admin!.id, isoNow(clock), current.id, schemaGuard), () => duplicate(input.title));
    return success(await findDataset(db, current.id), 'The dataset has been saved.');
  });

  routes.delete('/datasets/:id', { ...managers, schema: { params: idParams, response: { 200: datasetResponse } } }, async (request) => {
    const dataset = await findDataset(db, request.params.id);
    if (!dataset) throw new AppError('NOT_FOUND', 'No such dataset.');
    if (await uploadInFlight(db, dataset.id)) throw new AppError('CONFLICT', 'An upload to this dataset is in progress; delete it once the upload has finished.');
    const storageKeys = await deleteDataset(db, dataset.id);
    // Files go after the rows: a failure here leaves an orphan file, never a history row without its file.
    await Promise.all(storageKeys.map((key) => store.delete(key)));
    return success(dataset, 'The dataset has been deleted.');
  });
}
