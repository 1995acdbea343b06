import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '../../../src/shared/validation-messages';
import { AREA_RANK, shareCandidatesResponse, shareInput, shareListResponse, sharePrivilegeInput, shareResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import type { SignedInAdmin } from '../../context';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams, recordId } from '../../http/id-params';
import { listQuerystring, parseListQuery, type ListRequest } from '../../http/list-query';
import { requireProjectPrivilege } from '../projects/access';
import { mailProjectShared } from './share-mail';
import { changeShare, findActiveAccount, findCandidates, findShare, findShareOf, insertShare, listShares, shareListSpec } from './queries';

const candidateQuery = z.object({ projectId: recordId, q: z.string().trim().min(2, msg.shareSearchTooShort).max(100) });

/** The project id a share list is for: required, since shares only make sense per project. */
function projectIdOf(list: ListRequest): number {
  const projectId = list.conditions.find((condition) => condition.column === 'project_shares.project_id')?.value;
  if (typeof projectId !== 'number' || !Number.isInteger(projectId)) throw validationError([{ field: 'filter.projectId', message: 'Give the projectId.' }]);
  return projectId;
}

/**
 * /api/project-shares (rank 5): who may see or change a project. Everyone who can see the project
 * reads its share list; only owners add, change or remove entries, and the last owner stays.
 */
export async function projectSharesModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const members = { onRequest: requireRank(AREA_RANK.project) };

  async function visibleShare(caller: SignedInAdmin, id: number, needed: 'VIEWER' | 'OWNER') {
    const share = await findShare(db, id);
    if (!share) throw new AppError('NOT_FOUND', 'No such share entry.');
    await requireProjectPrivilege(db, caller, share.projectId, needed);
    return share;
  }

  routes.get('/project-shares', { ...members, schema: { querystring: listQuerystring, response: { 200: shareListResponse } } }, async (request) => {
    const list = parseListQuery(request.query, shareListSpec);
    await requireProjectPrivilege(db, request.admin!, projectIdOf(list), 'VIEWER');
    return success(await listShares(db, list));
  });

  routes.get('/project-shares/candidates', { ...members, schema: { querystring: candidateQuery, response: { 200: shareCandidatesResponse } } }, async (request) => {
    await requireProjectPrivilege(db, request.admin!, request.query.projectId, 'OWNER');
    return success(await findCandidates(db, request.query.projectId, request.query.q));
  });

  routes.get('/project-shares/:id', { ...members, schema: { params: idParams, response: { 200: shareResponse } } }, async (request) =>
    success(await visibleShare(request.admin!, request.params.id, 'VIEWER')),
  );

  routes.post('/project-shares', { ...members, schema: { body: shareInput, response: { 200: shareResponse } } }, async (request) => {
    const { projectId, email, privilege } = request.body;
    await requireProjectPrivilege(db, request.admin!, projectId, 'OWNER');
    const account = await findActiveAccount(db, email);
    if (!account) throw validationError([{ field: 'email', message: `No active account uses ${email}.` }]);
    const taken = () => {
      const message = `${email} already has access to this project; change their privilege instead.`;
      return new AppError('CONFLICT', message, { errors: [{ field: 'email', message }] });
    };
    if (await findShareOf(db, projectId, account.id)) throw taken();
    const id = await rejectDuplicate(insertShare(db, projectId, account.id, privilege, isoNow(clock)), taken);
    await mailProjectShared(app.ctx, request.admin!, projectId, account.id, privilege);
    return success(await findShare(db, id), `The project is now shared with ${email}.`);
  });

  routes.put('/project-shares/:id', { ...members, schema: { params: idParams, body: sharePrivilegeInput, response: { 200: shareResponse } } }, async (request) => {
    const share = await visibleShare(request.admin!, request.params.id, 'OWNER');
    await changeShare(db, share, request.body.privilege, isoNow(clock));
    return success(await findShare(db, share.id), 'The privilege has been changed.');
  });

  routes.delete('/project-shares/:id', { ...members, schema: { params: idParams, response: { 200: shareResponse } } }, async (request) => {
    const share = await visibleShare(request.admin!, request.params.id, 'OWNER');
    await changeShare(db, share, null, isoNow(clock));
    return success(share, `${share.email} no longer has access to this project.`);
  });
}
