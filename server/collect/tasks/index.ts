import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AREA_RANK, taskDetailResponse, taskListResponse, taskResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { appendLog } from '../jobs/task-store';
import { findTask, findTaskDetail, listTasks, retryFailedTask, taskListSpec } from './queries';

/** /api/tasks: collect and posting tasks, their detail and logs, and retry of a failed one (rank 2). */
export async function tasksModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.collectData));

  routes.get('/tasks', { schema: { querystring: listQuerystring, response: { 200: taskListResponse } } }, async (request) => success(await listTasks(db, parseListQuery(request.query, taskListSpec))));

  routes.get('/tasks/:id', { schema: { params: idParams, response: { 200: taskDetailResponse } } }, async (request) => {
    const task = await findTaskDetail(db, request.params.id);
    if (!task) throw new AppError('NOT_FOUND', 'No such task.');
    return success(task);
  });

  // Only a task that ended in ERROR; it gets a fresh set of attempts. Retrying a collect task re-masters and re-posts.
  routes.post('/tasks/:id/retry', { schema: { params: idParams, response: { 200: taskResponse } } }, async (request) => {
    const task = await findTask(db, request.params.id);
    if (!task) throw new AppError('NOT_FOUND', 'No such task.');
    const now = isoNow(clock);
    if (!(await retryFailedTask(db, task, now))) throw new AppError('CONFLICT', `Only a failed task can be retried; this one is ${task.status}.`);
    await appendLog(db, task.id, 'INFO', `Retry requested by ${request.admin!.email}.`, now);
    app.collectScheduler.wake();
    return success(await findTask(db, task.id), 'The task will be retried.');
  });
}
