import type { AppContext, SignedInAdmin } from '../../context';
import type { Db } from '../../db/database';
import { AUTHORITY_RANKS, type AccountStatus, type Authority } from '../../../src/shared';
import { displayName, type Admin } from '../../auth/accounts';
import { AppError } from '../../http/app-error';
import { usersEn } from '../../../src/i18n/resources/users.en';
import { usersKo } from '../../../src/i18n/resources/users.ko';
import { activeSystemAdmins, lockSystemAdmins } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

const TOP_RANK = AUTHORITY_RANKS['system-admin'].rank;

/** How a change takes a system-admin out of the active system-admins: deactivated, demoted to another level, or both. */
export interface SystemAdminRemoval {
  deactivated: boolean;
  demotedTo?: Authority;
}

/** The removal a change of status or level makes of the account, if it is an active system-admin's. */
export function removalOf(target: Admin, change: { statusCode: AccountStatus; authority?: Authority }): SystemAdminRemoval | undefined {
  if (target.account_rank !== TOP_RANK || target.status_code !== 'ACTIVE' || target.approval_status_code !== 'APPROVED') return undefined;
  const deactivated = change.statusCode === 'INACTIVE';
  const demotedTo = change.authority && AUTHORITY_RANKS[change.authority].rank !== TOP_RANK ? change.authority : undefined;
  return deactivated || demotedTo ? { deactivated, demotedTo } : undefined;
}

export const LAST_SYSTEM_ADMIN_MESSAGE = sentence('users.theConsoleMustKeepAnActiveSystemAdmin');

/**
 * Runs a write that removes a system-admin, in one transaction with every system-admin's row locked
 * first: the caller must still be an active system-admin once the rows are theirs (a peer may have
 * removed them a moment ago), and at least one active system-admin must remain afterwards.
 */
export async function removeSystemAdmin(db: Db, caller: SignedInAdmin, write: (trx: Db) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await lockSystemAdmins(trx);
    const me = rows.find((row) => row.id === caller.id);
    if (!me || me.status_code !== 'ACTIVE' || me.approval_status_code !== 'APPROVED') {
      throw new AppError('FORBIDDEN', sentence('users.youAreNoLongerAnActiveSystemAdmin'));
    }
    await write(trx);
    if ((await activeSystemAdmins(trx)).length === 0) throw new AppError('CONFLICT', LAST_SYSTEM_ADMIN_MESSAGE);
  });
}

/** Tells every active system-admin, and the one removed, who removed whom, how and when. */
export async function mailSystemAdminRemoved(ctx: AppContext, caller: SignedInAdmin, target: Admin, removal: SystemAdminRemoval, at: string): Promise<void> {
  const readers = [...(await activeSystemAdmins(ctx.db)), target];
  const level = (authority: Authority, words: typeof usersEn) => words.levels[AUTHORITY_RANKS[authority].level];
  const change = {
    en: [removal.deactivated && 'deactivated and signed out', removal.demotedTo && `moved to the ${level(removal.demotedTo, usersEn)} level`].filter(Boolean).join(', '),
    ko: [removal.deactivated && '비활성화 및 로그아웃', removal.demotedTo && `${level(removal.demotedTo, usersKo)} 등급으로 변경`].filter(Boolean).join(', '),
  };
  for (const reader of readers) {
    ctx.mailer.send(
      'system-admin-removed',
      reader.email,
      {
        name: displayName(reader) || reader.email,
        actor: `${caller.name || caller.email} (${caller.email})`,
        target: displayName(target) || target.email,
        email: target.email,
        change,
        changedAt: { at },
        link: `${ctx.config.publicUrl}/user/users/${target.id}/show`,
      },
      'recipient',
    );
  }
}
