import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { taskResponse } from '../../../src/shared';
import { tasksResource } from '../../../src/shared/resources/tasks';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { appendLog } from '../jobs/task-store';
import { findTask, retryFailedTask, taskStore } from './queries';
import { codeValue, sentence } from '../../../src/i18n/serverMessage';

/** /api/tasks: collect and posting tasks, their detail and logs, and retry of a failed one (rank 2). */
export async function tasksModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { writers } = crudRoutes(app, tasksResource, { store: taskStore(db) });

  // Only a task that ended in ERROR; it gets a fresh set of attempts. Retrying a collect task re-masters and re-posts.
  routes.post('/tasks/:id/retry', { ...writers, schema: { params: idParams, response: { 200: taskResponse } } }, async (request) => {
    const task = await findTask(db, request.params.id);
    if (!task) throw new AppError('NOT_FOUND', sentence('collect.noSuchTask'));
    const now = isoNow(clock);
    if (!(await retryFailedTask(db, task, now))) throw new AppError('CONFLICT', sentence('collect.onlyAFailedTaskCan', { status: codeValue('taskStatus', task.status) }));
    await appendLog(db, task.id, 'INFO', sentence('collect.retryRequestedBy', { email: request.admin!.email }), now);
    app.collectScheduler.wake();
    return success(await findTask(db, task.id), sentence('collect.theTaskWillBeRetried'));
  });
}
