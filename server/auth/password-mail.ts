import type { FastifyRequest } from 'fastify';
import { NEW_PASSWORD_PATH } from '../../src/shared/paths';
import type { AppContext } from '../context';
import { readerOf } from '../http/reader';
import { displayName, findAdminById } from './accounts';

/**
 * Tells the owner their password was changed (in the profile or by a reset link): when, in the zone
 * of the browser that changed it (named) and in its language, and where to set a new one if it was not them.
 */
export async function mailPasswordChanged(ctx: AppContext, request: FastifyRequest, adminId: number, changedAt: string): Promise<void> {
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
