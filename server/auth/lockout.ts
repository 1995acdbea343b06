import type { AppContext } from '../context';
import { isoAfter } from '../clock';
import { displayName, type Admin } from './accounts';

/** When a lock put in place now ends (wrong passwords and wrong codes lock alike). */
export function lockEnd(ctx: AppContext): string {
  return isoAfter(ctx.clock, ctx.config.lockout.lockMinutes * 60_000);
}

/** Tells the owner their account was locked, once per lock: the answers to the caller never say. */
export function mailAccountLocked(ctx: AppContext, admin: Pick<Admin, 'email' | 'first_name' | 'last_name'>): void {
  ctx.mailer.send(
    'account-locked',
    admin.email,
    {
      name: displayName(admin),
      email: admin.email,
      minutes: String(ctx.config.lockout.lockMinutes),
      link: `${ctx.config.publicUrl}/new-password`,
    },
    // Whoever reached the limit may not be the owner: the owner's own language and clock.
    'recipient',
  );
}
