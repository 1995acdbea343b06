import type { FastifyInstance } from 'fastify';
import { plansResource } from '../../../src/shared/resources/plans';
import { validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { requireProjectPrivilege } from '../projects/access';
import { dataTypeExists } from '../templates/queries';
import { planStore } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

/**
 * /api/plans (rank 5): a project's plans. Whoever can see the project reads them; editors and
 * owners write them. A plan stays with its project (moving one is not offered).
 */
export async function plansModule(app: FastifyInstance) {
  const { db } = app.ctx;
  const plans = planStore(db);
  crudRoutes(app, plansResource, {
    store: {
      ...plans,
      // A list is one project's, read by whoever can see that project.
      async list(list, request) {
        const projectId = list.conditions.find((condition) => condition.column === 'plans.project_id')?.value;
        if (typeof projectId !== 'number') throw validationError([{ field: 'filter.projectId', message: sentence('plans.giveTheProjectid') }]);
        await requireProjectPrivilege(db, request.admin!, projectId, 'VIEWER');
        return plans.list!(list, request);
      },
    },
    scope: {
      async sees(request, plan, access) {
        await requireProjectPrivilege(db, request.admin!, plan.projectId, access === 'read' ? 'VIEWER' : 'EDITOR');
        return true;
      },
    },
    async check(input, current, request) {
      if (!current) await requireProjectPrivilege(db, request.admin!, input.projectId, 'EDITOR');
      else if (input.projectId !== current.projectId) throw validationError([{ field: 'projectId', message: sentence('plans.aPlanCannotMoveTo') }]);
      if (!(await dataTypeExists(db, input.dataType))) throw validationError([{ field: 'dataType', message: sentence('datasets.isNotADataType', { dataType: input.dataType }) }]);
    },
  });
}
