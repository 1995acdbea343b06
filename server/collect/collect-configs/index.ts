import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backfillInput, backfillResponse, collectConfigResponse, sourcePreviewResponse, taskResponse, DISCOVERY_MAX_BYTES, testSourceInput, type FieldError } from '../../../src/shared';
import { isoNow } from '../../clock';
import { validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { collectConfigsResource } from '../../../src/shared/resources/collect-configs';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import type { Db } from '../../db/database';
import { firstPage } from '../jobs/collectors';
import { previewOf } from '../jobs/field-discovery';
import { addDays, daysOf } from '../jobs/schedule-times';
import { outboundFor } from '../../outbound/outbound-fetch';
import { secretBox } from '../../secrets/secret-box';
import { collectSourceOf, secretHostProblem } from '../jobs/sources';
import { TaskFailure } from '../jobs/task-failure';
import { collectTaskValues, insertTasks, insertTasksTogether } from '../jobs/task-store';
import { unknownCode } from '../code-tables';
import { findTask } from '../tasks/queries';
import { collectConfigStore, findSourceAccount, resumeCollectConfig, type CollectConfigValues } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

/** Unknown codes or account, and a source host the account's secret may not go to (saved, it would only fail at every run). */
async function checkReferences(db: Db, input: Pick<CollectConfigValues, 'advertiser' | 'dataType' | 'marketAccountId' | 'sourceType' | 'sourceLocation' | 'keyName'>): Promise<void> {
  const errors: FieldError[] = [
    ...(await unknownCode(db, 'advertisers', input.advertiser, 'advertiser', 'an advertiser')),
    ...(await unknownCode(db, 'data_types', input.dataType, 'dataType', 'a data type')),
  ];
  if (input.marketAccountId) {
    const account = await findSourceAccount(db, input.marketAccountId);
    if (!account) errors.push({ field: 'marketAccountId', message: sentence('collect.marketAccountDoesNotExist', { marketAccountId: input.marketAccountId }) });
    const problem = account?.hasSecret ? secretHostProblem(input, account) : null;
    if (problem) errors.push({ field: 'sourceLocation', message: problem });
  }
  if (errors.length) throw validationError(errors);
}

/** /api/collect-configs: what to collect, how, and when (rank 2), with run now, backfill and test source. */
export async function collectConfigsModule(app: FastifyInstance) {
  const { db, clock, config } = app.ctx;
  const box = secretBox(config.secretsKeys, config.jwtSecret);
  const outbound = outboundFor(config.outboundAllow);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const { load, writers } = crudRoutes(app, collectConfigsResource, {
    store: collectConfigStore(db),
    check: (input) => checkReferences(db, input),
    // A schedule reads with its next run, which is worked out, never sent.
    form: ({ schedules }) => ({ schedules: (schedules as Record<string, unknown>[]).map(({ nextRunAt: _nextRunAt, ...schedule }) => schedule) }),
  });

  // By hand: runs even when the config is off or suspended; yesterday (UTC) is the period.
  routes.post('/collect-configs/:id/run', { ...writers, schema: { params: idParams, response: { 200: taskResponse } } }, async (request) => {
    const found = await load(request, request.params.id);
    const now = isoNow(clock);
    const yesterday = addDays(now.slice(0, 10), -1);
    const [id] = await insertTasks(db, [
      collectTaskValues({ configId: found.id, scheduleType: 'MANUAL', dueAt: now, periodFrom: yesterday, periodTo: yesterday, maxAttempts: config.collect.maxAttempts, now }),
    ]);
    app.collectScheduler.wake();
    return success(await findTask(db, id), sentence('collect.theCollectTaskHasBeen'));
  });

  routes.post('/collect-configs/:id/backfill', { ...writers, schema: { params: idParams, body: backfillInput, response: { 200: backfillResponse } } }, async (request) => {
    const found = await load(request, request.params.id);
    const now = isoNow(clock);
    const ids = await insertTasksTogether(
      db,
      daysOf(request.body.from, request.body.to).map((day) =>
        collectTaskValues({ configId: found.id, scheduleType: 'BACKFILL', dueAt: now, periodFrom: day, periodTo: day, maxAttempts: config.collect.maxAttempts, now }),
      ),
    );
    app.collectScheduler.wake();
    const tasks = await Promise.all(ids.map((id) => findTask(db, id)));
    return success({ tasks }, sentence('collect.backfillTaskSHaveBeen', { length: ids.length }));
  });

  routes.post('/collect-configs/:id/resume', { ...writers, schema: { params: idParams, response: { 200: collectConfigResponse } } }, async (request) => {
    const found = await load(request, request.params.id);
    await resumeCollectConfig(db, found.id, isoNow(clock));
    return success(await load(request, found.id), sentence('collect.theCollectConfigurationHasBeen4'));
  });

  // Fetches the first page of an unsaved config (its mapping may be empty), lists its fields and maps it; nothing is stored.
  routes.post('/collect-configs/test-source', { ...writers, schema: { body: testSourceInput, response: { 200: sourcePreviewResponse } } }, async (request) => {
    const input = request.body;
    await checkReferences(db, input);
    const yesterday = addDays(isoNow(clock).slice(0, 10), -1);
    const period = { from: input.periodFrom ?? yesterday, to: input.periodTo ?? input.periodFrom ?? yesterday };
    try {
      const page = await firstPage(await collectSourceOf(db, box, input), period, config.dataDir, outbound, DISCOVERY_MAX_BYTES);
      const preview = previewOf(page, input.sourceMethod, input.fields);
      return success(preview, sentence('collect.readRowsWithFields', { rowsRead: preview.rowsRead, length: preview.fields.length }));
    } catch (error) {
      if (error instanceof TaskFailure) throw validationError([{ field: 'sourceLocation', message: error.message }]);
      throw error;
    }
  });
}
