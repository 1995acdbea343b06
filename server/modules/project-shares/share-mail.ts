import type { SharePrivilege } from '../../../src/shared';
import { PROJECT_DETAIL_ROUTE } from '../../../src/shared/paths';
import { displayName } from '../../auth/accounts';
import type { AppContext, SignedInAdmin } from '../../context';
import { findShareMailFacts } from './queries';

/** A privilege as the mail words it (the screen's English labels, resources.projects.privileges). */
const PRIVILEGE_WORDS: Record<SharePrivilege, string> = { VIEWER: 'Viewer', EDITOR: 'Editor', OWNER: 'Owner' };

/** Tells the colleague a project was shared with them: who shared which project, and a link to it. */
export async function mailProjectShared(ctx: AppContext, sharer: SignedInAdmin, projectId: number, adminId: number, privilege: SharePrivilege): Promise<void> {
  const facts = await findShareMailFacts(ctx.db, projectId, adminId);
  if (!facts) return;
  ctx.mailer.send('project-shared', facts.colleague.email, {
    name: displayName(facts.colleague) || facts.colleague.email,
    sharer: sharer.name || sharer.email,
    project: facts.projectName,
    privilege: PRIVILEGE_WORDS[privilege],
    link: `${ctx.config.publicUrl}${PROJECT_DETAIL_ROUTE.replace(':id', String(projectId))}`,
  });
}
