import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, dashboardTokenResponse, projectInput, projectListResponse, projectResponse, type ProjectDetail } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import type { SignedInAdmin } from '../../context';
import { recordAccess } from '../../audit/access-history';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { findTemplate } from '../templates/queries';
import { projectScopeOf, requireCreator, requireProjectPrivilege } from './access';
import { dashboardViewOf, mintDashboardToken } from './dashboard-token';
import { deleteProject, findProject, listProjects, officeOf, projectListSpec, saveProject, templateIdOf } from './queries';
import { checkProjectReferences } from './references';

/** `renew` marks a token fetched to keep an open dashboard alive: not a new view. */
const tokenQuery = z.object({ purpose: z.enum(['view', 'renew']).default('view') });

/**
 * /api/projects (rank 5): the projects a caller may see, by share privilege (VIEWER read, EDITOR
 * modify, OWNER share and delete) or admin scope; the embedded dashboard's Tableau token.
 */
export async function projectsModule(app: FastifyInstance) {
  const { db, clock, tokens, config } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const members = { onRequest: requireRank(AREA_RANK.project) };

  async function detail(caller: SignedInAdmin, id: number): Promise<ProjectDetail> {
    const project = await findProject(db, caller, await projectScopeOf(db, caller), id);
    if (!project) throw new AppError('NOT_FOUND', 'No such project.');
    const template = project.templateId ? await findTemplate(db, tokens, project.templateId) : undefined;
    return { ...project, templatePreviews: template?.previews ?? [] };
  }

  routes.get('/projects', { ...members, schema: { querystring: listQuerystring, response: { 200: projectListResponse } } }, async (request) => {
    const caller = request.admin!;
    return success(await listProjects(db, caller, await projectScopeOf(db, caller), parseListQuery(request.query, projectListSpec)));
  });

  routes.get('/projects/:id', { ...members, schema: { params: idParams, response: { 200: projectResponse } } }, async (request) => success(await detail(request.admin!, request.params.id)));

  // The creator check runs before the body is validated, like the rank guard.
  const creators = { onRequest: [requireRank(AREA_RANK.project), async (request: FastifyRequest) => requireCreator(db, request.admin!)] };
  routes.post('/projects', { ...creators, schema: { body: projectInput, response: { 200: projectResponse } } }, async (request) => {
    const caller = request.admin!;
    await checkProjectReferences(db, request.body, config.tableau?.serverUrl);
    const id = await saveProject(db, request.body, { adminId: caller.id, countryCode: await officeOf(db, caller.id) }, isoNow(clock));
    await recordAccess(app.ctx, { email: caller.email, adminId: caller.id, eventType: 'PROJECT_CREATE', success: true, ip: request.ip, detail: `Project ${id}: ${request.body.name}` });
    return success(await detail(caller, id!), 'The project has been created.');
  });

  routes.put('/projects/:id', { ...members, schema: { params: idParams, body: projectInput, response: { 200: projectResponse } } }, async (request) => {
    const caller = request.admin!;
    await requireProjectPrivilege(db, caller, request.params.id, 'EDITOR');
    await checkProjectReferences(db, request.body, config.tableau?.serverUrl, await templateIdOf(db, request.params.id));
    const id = await saveProject(db, request.body, { adminId: caller.id, countryCode: null }, isoNow(clock), request.params.id);
    if (id === undefined) throw new AppError('NOT_FOUND', 'No such project.');
    return success(await detail(caller, id), 'The project has been saved.');
  });

  routes.delete('/projects/:id', { ...members, schema: { params: idParams, response: { 200: projectResponse } } }, async (request) => {
    const caller = request.admin!;
    await requireProjectPrivilege(db, caller, request.params.id, 'OWNER');
    const project = await detail(caller, request.params.id);
    await deleteProject(db, project.id);
    return success(project, 'The project has been deleted.');
  });

  routes.get('/projects/:id/dashboard-token', { ...members, schema: { params: idParams, querystring: tokenQuery, response: { 200: dashboardTokenResponse } } }, async (request) => {
    const caller = request.admin!;
    const project = await detail(caller, request.params.id);
    if (!config.tableau) throw new AppError('TABLEAU_NOT_CONFIGURED', 'The dashboard is not available: Tableau is not configured on this server.');
    const view = dashboardViewOf(config.tableau, project);
    // The viewer's Tableau user name is their console e-mail (docs/decisions.md).
    const token = await mintDashboardToken(config.tableau, caller.email, clock.now(), view);
    if (request.query.purpose === 'view') {
      await recordAccess(app.ctx, { email: caller.email, adminId: caller.id, eventType: 'DASHBOARD_VIEW', success: true, ip: request.ip, detail: `Project ${project.id}: ${view.viewName}` });
    }
    return success(token);
  });
}
