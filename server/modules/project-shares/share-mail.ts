import type { MailLanguage, SharePrivilege } from '../../../src/shared';
import { projectSharesEn } from '../../../src/i18n/resources/projects.en';
import { projectSharesKo } from '../../../src/i18n/resources/projects.ko';
import { PROJECT_DETAIL_ROUTE } from '../../../src/shared/paths';
import { displayName } from '../../auth/accounts';
import type { AppContext, SignedInAdmin } from '../../context';
import { findShareMailFacts } from './queries';

/** A privilege as the mail words it in each language: the screen's words (resources.project-shares.privileges). */
const privilegeWords = (privilege: SharePrivilege): Record<MailLanguage, string> => ({ en: projectSharesEn.privileges[privilege], ko: projectSharesKo.privileges[privilege] });

/** Tells the colleague a project was shared with them: who shared which project, and a link to it. */
export async function mailProjectShared(ctx: AppContext, sharer: SignedInAdmin, projectId: number, adminId: number, privilege: SharePrivilege): Promise<void> {
  const facts = await findShareMailFacts(ctx.db, projectId, adminId);
  if (!facts) return;
  ctx.mailer.send(
    'project-shared',
    facts.colleague.email,
    {
      name: displayName(facts.colleague) || facts.colleague.email,
      sharer: sharer.name || sharer.email,
      project: facts.projectName,
      privilege: privilegeWords(privilege),
      link: `${ctx.config.publicUrl}${PROJECT_DETAIL_ROUTE.replace(':id', String(projectId))}`,
    },
    'recipient',
  );
}
