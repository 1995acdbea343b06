import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '../../../src/shared/validation-messages';
import { shareCandidatesResponse, shareInput, shareResponse } from '../../../src/shared';
import { projectSharesResource } from '../../../src/shared/resources/project-shares';
import { isoNow } from '../../clock';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { idParams, recordId } from '../../http/id-params';
import type { ListRequest } from '../../http/list-query';
import { requireProjectPrivilege } from '../projects/access';
import { mailProjectShared } from './share-mail';
import { findCandidates, findShare, findShareOf } from './queries';
import { activeAccountOf, shareStore } from './store';

const candidateQuery = z.object({ projectId: recordId, q: z.string().trim().min(2, msg.shareSearchTooShort).max(100) });

/** The project id a share list is for: required, since shares only make sense per project. */
function projectIdOf(list: ListRequest): number {
  const projectId = list.conditions.find((condition) => condition.column === 'project_shares.project_id')?.value;
  if (typeof projectId !== 'number' || !Number.isInteger(projectId)) throw validationError([{ field: 'filter.projectId', message: 'Give the projectId.' }]);
  return projectId;
}

function taken(email: string): AppError {
  const message = `${email} already has access to this project; change their privilege instead.`;
  return new AppError('CONFLICT', message, { errors: [{ field: 'email', message }] });
}

/**
 * /api/project-shares (rank 5): who may see or change a project. Everyone who can see the project
 * reads its share list; only owners add, change or remove entries, and the last owner stays.
 */
export async function projectSharesModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const store = shareStore(db, clock);

  // Create and delete answer with the person's e-mail, which the factory's messages cannot say yet: they stay beside it.
  const { load, readers, writers } = crudRoutes(
    app,
    { ...projectSharesResource, operations: ['list', 'get', 'update'] },
    {
      store,
      scope: {
        list: async (request, list) => {
          await requireProjectPrivilege(db, request.admin!, projectIdOf(list), 'VIEWER');
        },
        // An entry of a project out of sight is that project's 404; reading needs a share, changing one ownership.
        async sees(request, share, access) {
          await requireProjectPrivilege(db, request.admin!, share.projectId, access === 'read' ? 'VIEWER' : 'OWNER');
          return true;
        },
      },
      messages: { saved: () => 'The privilege has been changed.' },
    },
  );

  routes.get('/project-shares/candidates', { ...readers, schema: { querystring: candidateQuery, response: { 200: shareCandidatesResponse } } }, async (request) => {
    await requireProjectPrivilege(db, request.admin!, request.query.projectId, 'OWNER');
    return success(await findCandidates(db, request.query.projectId, request.query.q));
  });

  routes.post('/project-shares', { ...writers, schema: { body: shareInput, response: { 200: shareResponse } } }, async (request) => {
    const { projectId, email, privilege } = request.body;
    await requireProjectPrivilege(db, request.admin!, projectId, 'OWNER');
    const account = await activeAccountOf(db, email);
    if (await findShareOf(db, projectId, account.id)) throw taken(email);
    const id = await rejectDuplicate(store.insert!(request.body, isoNow(clock), { request }), () => taken(email));
    await mailProjectShared(app.ctx, request.admin!, projectId, account.id, privilege);
    return success(await findShare(db, id), `The project is now shared with ${email}.`);
  });

  routes.delete('/project-shares/:id', { ...writers, schema: { params: idParams, response: { 200: shareResponse } } }, async (request) => {
    const share = await load(request, request.params.id, 'delete');
    await store.remove!(share, share.id, request);
    return success(share, `${share.email} no longer has access to this project.`);
  });
}
