import type { FastifyInstance } from 'fastify';
import { plansResource } from '../../../src/shared/resources/plans';
import { validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { requireProjectPrivilege } from '../projects/access';
import { dataTypeExists } from '../templates/queries';
import { planStore } from './queries';

/**
 * /api/plans (rank 5): a project's plans. Whoever can see the project reads them; editors and
 * owners write them. A plan stays with its project (moving one is not offered).
 */
export async function plansModule(app: FastifyInstance) {
  const { db } = app.ctx;
  crudRoutes(app, plansResource, {
    store: planStore(db),
    scope: {
      // A list is one project's, read by whoever can see that project.
      async list(request, list) {
        const projectId = list.conditions.find((condition) => condition.column === 'plans.project_id')?.value;
        if (typeof projectId !== 'number') throw validationError([{ field: 'filter.projectId', message: 'Give the projectId.' }]);
        await requireProjectPrivilege(db, request.admin!, projectId, 'VIEWER');
      },
      async sees(request, plan, access) {
        await requireProjectPrivilege(db, request.admin!, plan.projectId, access === 'read' ? 'VIEWER' : 'EDITOR');
        return true;
      },
    },
    async check(input, current, request) {
      if (!current) await requireProjectPrivilege(db, request.admin!, input.projectId, 'EDITOR');
      else if (input.projectId !== current.projectId) throw validationError([{ field: 'projectId', message: 'A plan cannot move to another project.' }]);
      if (!(await dataTypeExists(db, input.dataType))) throw validationError([{ field: 'dataType', message: `${input.dataType} is not a data type.` }]);
    },
  });
}
