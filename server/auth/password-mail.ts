import type { FastifyRequest } from 'fastify';
import { NEW_PASSWORD_PATH } from '../../src/shared/paths';
import type { AppContext } from '../context';
import { readerOf } from '../http/reader';
import { displayName, findAdminById } from './accounts';
import { revokeAllSessions } from './sessions';

/**
 * The one way a route settles a changed password (chosen at first sign-in, changed in the profile,
 * set by a reset link): every other session of the account ends, saying why on its next screen,
 * and the owner is told by mail.
 */
export async function passwordChanged(
  ctx: AppContext,
  request: FastifyRequest,
  adminId: number,
  { reason, changedAt, keepSessionId }: { reason: 'PASSWORD_CHANGED' | 'PASSWORD_RESET'; changedAt: string; keepSessionId?: string },
): Promise<void> {
  await revokeAllSessions(ctx, adminId, reason, keepSessionId);
  await mailPasswordChanged(ctx, request, adminId, changedAt);
}

/**
 * Tells the owner their password was changed (in the profile or by a reset link): when, in the zone
 * of the browser that changed it (named) and in its language, and where to set a new one if it was not them.
 */
async function mailPasswordChanged(ctx: AppContext, request: FastifyRequest, adminId: number, changedAt: string): Promise<void> {
  const admin = await findAdminById(ctx.db, adminId);
  if (!admin) return;
  ctx.mailer.send(
    'password-changed',
    admin.email,
    {
      name: displayName(admin) || admin.email,
      email: admin.email,
      changedAt: { at: changedAt },
      link: `${ctx.config.publicUrl}${NEW_PASSWORD_PATH}`,
    },
    readerOf(request),
  );
}
