import type { AppContext } from '../../context';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { displayName, findAdminById } from '../../auth/accounts';
import { scopeCondition, type UserScope } from './scope';
import { sentence } from '../../../src/i18n/serverMessage';

export type ApprovalDecision = { approvalStatusCode: 'APPROVED' } | { approvalStatusCode: 'REJECTED'; reason: string };

/**
 * Decides pending sign-ups, all or nothing: one id out of scope (404) or already decided (409)
 * leaves every account as it was. Approval mails each applicant once the decision is stored.
 */
export async function decideApprovals(ctx: AppContext, scope: UserScope, ids: number[], decision: ApprovalDecision): Promise<void> {
  const unique = [...new Set(ids)];
  const now = isoNow(ctx.clock);
  await ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('admins').select(['admins.id', 'admins.email', 'admins.approval_status_code']).where('admins.id', 'in', unique);
    const condition = scopeCondition(scope);
    if (condition) query = query.where(condition);
    const rows = await query.execute();
    const missing = unique.filter((id) => !rows.some((row) => row.id === id));
    if (missing.length)
      throw new AppError('NOT_FOUND', missing.length === 1 ? sentence('users.noSuchAccount', { missing: missing[0] }) : sentence('users.noSuchAccounts', { missing: missing.join(', ') }));
    const decided = rows.filter((row) => row.approval_status_code !== 'PENDING');
    if (decided.length) {
      const refusals = decided.map((row) => sentence(row.approval_status_code === 'APPROVED' ? 'users.isAlreadyApproved' : 'users.isAlreadyRejected', { email: row.email }));
      throw new AppError('CONFLICT', sentence('users.isAlreadyNothingChanged', { refusals: { sentences: refusals } }));
    }
    const updated = await trx
      .updateTable('admins')
      .set({ approval_status_code: decision.approvalStatusCode, reject_reason: decision.approvalStatusCode === 'REJECTED' ? decision.reason : null, updated_at: now })
      .where('id', 'in', unique)
      .where('approval_status_code', '=', 'PENDING')
      .executeTakeFirst();
    // A concurrent decision got there first: roll back rather than decide half of them.
    if (Number(updated.numUpdatedRows) !== unique.length) throw new AppError('CONFLICT', sentence('users.anotherAdministratorDecidedSomeOf'));
  });
  for (const id of unique) await ctx.sessions.changed({ adminId: id });
  if (decision.approvalStatusCode !== 'APPROVED') return;
  for (const id of unique) {
    const admin = (await findAdminById(ctx.db, id))!;
    ctx.mailer.send('signup-approved', admin.email, { name: displayName(admin), email: admin.email, link: `${ctx.config.publicUrl}/sign-in` }, 'recipient');
  }
}
