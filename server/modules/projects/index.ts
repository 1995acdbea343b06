import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardTokenResponse, type SharePrivilege } from '../../../src/shared';
import { projectsResource } from '../../../src/shared/resources/projects';
import { recordAccess } from '../../audit/access-history';
import { AppError } from '../../http/app-error';
import { crudRoutes, type Access } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { requireCreator, requireProjectPrivilege } from './access';
import { dashboardViewOf, mintDashboardToken } from './dashboard-token';
import { checkProjectReferences } from './references';
import { projectStore } from './store';
import { sentence } from '../../../src/i18n/serverMessage';

/** `renew` marks a token fetched to keep an open dashboard alive: not a new view. */
const tokenQuery = z.object({ purpose: z.enum(['view', 'renew']).default('view') });

/** The share privilege a change and a delete need; any share (VIEWER up) or admin scope reads. */
const NEEDED: Record<Exclude<Access, 'read'>, SharePrivilege> = { write: 'EDITOR', delete: 'OWNER' };

/**
 * /api/projects (rank 5): the projects a caller may see, by share privilege or admin scope; the
 * embedded dashboard's Tableau token.
 */
export async function projectsModule(app: FastifyInstance) {
  const { db, clock, config } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const store = projectStore(app.ctx);
  const { load, readers } = crudRoutes(app, projectsResource, {
    store: {
      ...store,
      // A new project is in the creator's access history too, in the same transaction as the project.
      async insert(input, now, context) {
        const id = await store.insert!(input, now, context);
        const { request } = context;
        await recordAccess(app.ctx, {
          email: request.admin!.email,
          adminId: request.admin!.id,
          eventType: 'PROJECT_CREATE',
          success: true,
          ip: request.ip,
          detail: sentence('accessHistory.projectDetail', { id, name: input.name }),
        });
        return id;
      },
    },
    scope: {
      // The store finds only projects the caller sees, which they may read; a change or a delete asks
      // for more, and without it is a 403 of its own.
      async sees(request, project, access) {
        if (access !== 'read') await requireProjectPrivilege(db, request.admin!, project.id, NEEDED[access]);
        return true;
      },
    },
    // A modified project may keep the template it already has, even if retired since.
    check: (input, current) => checkProjectReferences(db, input, config.tableau?.serverUrl, current?.templateId ?? null),
    guards: { create: async (request) => requireCreator(db, request.admin!) },
    messages: (event) => (event === 'added' ? sentence('projects.theProjectHasBeenCreated') : undefined),
    // A project reads its countries with their names; its form sends their codes.
    form: ({ dataFilters }) => {
      const { countries, keywordFilters, conditionFilters } = dataFilters as { countries: { code: string }[]; keywordFilters: unknown; conditionFilters: unknown };
      return { dataFilters: { countries: countries.map((country) => country.code), keywordFilters, conditionFilters } };
    },
  });

  routes.get('/projects/:id/dashboard-token', { ...readers, schema: { params: idParams, querystring: tokenQuery, response: { 200: dashboardTokenResponse } } }, async (request) => {
    const caller = request.admin!;
    const project = await load(request, request.params.id);
    if (!config.tableau) throw new AppError('TABLEAU_NOT_CONFIGURED', sentence('projects.theDashboardIsNotAvailable'));
    const view = dashboardViewOf(config.tableau, project);
    // The viewer's Tableau user name is their console e-mail (docs/decisions.md).
    const token = await mintDashboardToken(config.tableau, caller.email, clock.now(), view);
    if (request.query.purpose === 'view') {
      await recordAccess(app.ctx, {
        email: caller.email,
        adminId: caller.id,
        eventType: 'DASHBOARD_VIEW',
        success: true,
        ip: request.ip,
        detail: sentence('accessHistory.projectDetail', { id: project.id, name: view.viewName }),
      });
    }
    return success(token);
  });
}
