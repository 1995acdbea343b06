import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AREA_RANK, planInput, planListResponse, planResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import type { SignedInAdmin } from '../../context';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { requireProjectPrivilege } from '../projects/access';
import { dataTypeExists } from '../templates/queries';
import { deletePlan, findPlan, insertPlan, listPlans, planListSpec, updatePlan } from './queries';

/**
 * /api/plans (rank 5): a project's plans. Whoever can see the project reads them; editors and
 * owners write them. A plan stays with its project (moving one is not offered).
 */
export async function plansModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const members = { onRequest: requireRank(AREA_RANK.project) };

  async function visiblePlan(caller: SignedInAdmin, id: number, needed: 'VIEWER' | 'EDITOR') {
    const plan = await findPlan(db, id);
    if (!plan) throw new AppError('NOT_FOUND', 'No such plan.');
    await requireProjectPrivilege(db, caller, plan.projectId, needed);
    return plan;
  }

  async function checkDataType(code: string) {
    if (!(await dataTypeExists(db, code))) throw validationError([{ field: 'dataType', message: `${code} is not a data type.` }]);
  }

  routes.get('/plans', { ...members, schema: { querystring: listQuerystring, response: { 200: planListResponse } } }, async (request) => {
    const list = parseListQuery(request.query, planListSpec);
    const projectId = list.conditions.find((condition) => condition.column === 'plans.project_id')?.value;
    if (typeof projectId !== 'number') throw validationError([{ field: 'filter.projectId', message: 'Give the projectId.' }]);
    await requireProjectPrivilege(db, request.admin!, projectId, 'VIEWER');
    return success(await listPlans(db, list));
  });

  routes.get('/plans/:id', { ...members, schema: { params: idParams, response: { 200: planResponse } } }, async (request) => success(await visiblePlan(request.admin!, request.params.id, 'VIEWER')));

  routes.post('/plans', { ...members, schema: { body: planInput, response: { 200: planResponse } } }, async (request) => {
    await requireProjectPrivilege(db, request.admin!, request.body.projectId, 'EDITOR');
    await checkDataType(request.body.dataType);
    const id = await insertPlan(db, request.body, request.admin!.id, isoNow(clock));
    return success(await findPlan(db, id), 'The plan has been added.');
  });

  routes.put('/plans/:id', { ...members, schema: { params: idParams, body: planInput, response: { 200: planResponse } } }, async (request) => {
    const plan = await visiblePlan(request.admin!, request.params.id, 'EDITOR');
    if (request.body.projectId !== plan.projectId) throw validationError([{ field: 'projectId', message: 'A plan cannot move to another project.' }]);
    await checkDataType(request.body.dataType);
    await updatePlan(db, plan.id, request.body, request.admin!.id, isoNow(clock));
    return success(await findPlan(db, plan.id), 'The plan has been saved.');
  });

  routes.delete('/plans/:id', { ...members, schema: { params: idParams, response: { 200: planResponse } } }, async (request) => {
    const plan = await visiblePlan(request.admin!, request.params.id, 'EDITOR');
    await deletePlan(db, plan.id);
    return success(plan, 'The plan has been deleted.');
  });
}
