import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '../../../src/shared/validation-messages';
import { shareCandidatesResponse } from '../../../src/shared';
import { projectSharesResource } from '../../../src/shared/resources/project-shares';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { recordId } from '../../http/id-params';
import type { ListRequest } from '../../db/list-page';
import { requireProjectPrivilege } from '../projects/access';
import { scopeOf } from '../users/scope';
import { mailProjectShared } from './share-mail';
import { findCandidates, findShareOf } from './queries';
import { activeAccountOf, shareStore, type ShareValues } from './store';
import { sentence } from '../../../src/i18n/serverMessage';

const candidateQuery = z.object({ projectId: recordId, q: z.string().trim().min(2, msg.shareSearchTooShort).max(100) });

/** The project id a share list is for: required, since shares only make sense per project. */
function projectIdOf(list: ListRequest): number {
  const projectId = list.conditions.find((condition) => condition.column === 'project_shares.project_id')?.value;
  if (typeof projectId !== 'number' || !Number.isInteger(projectId)) throw validationError([{ field: 'filter.projectId', message: sentence('plans.giveTheProjectid') }]);
  return projectId;
}

function taken({ email }: ShareValues): AppError {
  const message = sentence('projectShares.alreadyHasAccessToThis', { email });
  return new AppError('CONFLICT', message, { errors: [{ field: 'email', message }] });
}

/**
 * /api/project-shares (rank 5): who may see or change a project. Everyone who can see the project
 * reads its share list; only owners add, change or remove entries, and the last owner stays.
 */
export async function projectSharesModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const shares = shareStore(db, clock);
  const { readers } = crudRoutes(app, projectSharesResource, {
    store: {
      ...shares,
      // A list is one project's, read by whoever can see that project.
      list: async (list, request) => {
        await requireProjectPrivilege(db, request.admin!, projectIdOf(list), 'VIEWER');
        return shares.list!(list, request);
      },
      // The person a project is shared with is mailed, in the same transaction as the share.
      async insert(input, now, context) {
        const id = await shares.insert!(input, now, context);
        const share = (await shares.find!(id))!;
        await mailProjectShared(app.ctx, context.request.admin!, share.projectId, share.adminId, share.privilege);
        return id;
      },
    },
    scope: {
      // An entry of a project out of sight is that project's 404; reading needs a share, changing one ownership.
      async sees(request, share, access) {
        await requireProjectPrivilege(db, request.admin!, share.projectId, access === 'read' ? 'VIEWER' : 'OWNER');
        return true;
      },
    },
    // A new entry: its project's owner shares it, with an active account not yet on it. A change is of the privilege alone.
    async check(input, current, request) {
      if (current) return;
      const share = input as ShareValues;
      await requireProjectPrivilege(db, request.admin!, share.projectId, 'OWNER');
      const account = await activeAccountOf(db, share.email);
      if (await findShareOf(db, share.projectId, account.id)) throw taken(share);
    },
    // Two owners adding the same person at once: the unique constraint refuses the second.
    duplicate: { error: (input) => taken(input as ShareValues) },
    messages: (event, share) =>
      ({
        added: sentence('projectShares.theProjectIsNowShared', { email: share.email }),
        saved: sentence('projectShares.thePrivilegeHasBeenChanged'),
        deleted: sentence('projectShares.noLongerHasAccessTo', { email: share.email }),
      })[event],
  });

  routes.get('/project-shares/candidates', { ...readers, schema: { querystring: candidateQuery, response: { 200: shareCandidatesResponse } } }, async (request) => {
    await requireProjectPrivilege(db, request.admin!, request.query.projectId, 'OWNER');
    const sharer = request.admin!;
    return success(await findCandidates(db, { rank: sharer.rank, scope: await scopeOf(db, sharer) }, request.query.projectId, request.query.q));
  });
}
