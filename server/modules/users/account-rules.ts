import type { Db } from '../../db/database';
import type { SignedInAdmin } from '../../context';
import { AREA_RANK, rankAllows, rankManages } from '../../../src/shared';
import { FORBIDDEN_MESSAGE } from '../../auth/guard';
import { AppError } from '../../http/app-error';
import { findAdminById, type Admin } from '../../auth/accounts';
import { inScope, scopeOf, type UserScope } from './scope';
import { sentence, type ServerMessage } from '../../../src/i18n/serverMessage';

/**
 * The one rule for every write on another account, whatever the endpoint (users, manual
 * permissions …): in the caller's scope (else 404, so ids outside it cannot be probed), not their
 * own (they use Profile) and of a lower level than theirs (else 403).
 */
export async function accountToChange(db: Db, caller: SignedInAdmin, scope: UserScope, id: number, action: ServerMessage): Promise<Admin> {
  const target = (await inScope(db, scope, id)) ? await findAdminById(db, id) : undefined;
  if (!target) throw new AppError('NOT_FOUND', sentence('profile.noSuchAccount'));
  if (target.id === caller.id) throw new AppError('FORBIDDEN', sentence('users.youCannotYourOwnAccount', { action }));
  if (!rankManages(caller.rank, target.account_rank)) throw new AppError('FORBIDDEN', sentence('users.youCannotAnAccountOf', { action }));
  return target;
}

/**
 * The one rule for reading another account's details (the users screen, another's profile): user
 * managers only (else 403), and only accounts in their scope (else 404).
 */
export async function assertCanReadAccount(db: Db, caller: SignedInAdmin, id: number): Promise<void> {
  if (!rankAllows(AREA_RANK.userManagement, caller.rank)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  if (!(await inScope(db, await scopeOf(db, caller), id))) throw new AppError('NOT_FOUND', sentence('profile.noSuchAccount'));
}
