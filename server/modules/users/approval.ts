import type { AppContext } from '../../context';
import { isoNow } from '../../clock';
import { AppError } from '../../http/app-error';
import { displayName, findAdminById } from '../../auth/accounts';

export type ApprovalDecision = { approvalStatusCode: 'APPROVED' } | { approvalStatusCode: 'REJECTED'; reason: string };

/** Decides a pending sign-up once; approval mails the applicant. */
export async function decideApproval(ctx: AppContext, adminId: number, decision: ApprovalDecision): Promise<void> {
  const now = isoNow(ctx.clock);
  const updated = await ctx.db
    .updateTable('admins')
    .set({
      approval_status_code: decision.approvalStatusCode,
      reject_reason: decision.approvalStatusCode === 'REJECTED' ? decision.reason : null,
      updated_at: now,
    })
    .where('id', '=', adminId)
    .where('approval_status_code', '=', 'PENDING')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const exists = await findAdminById(ctx.db, adminId);
    if (!exists) throw new AppError('NOT_FOUND', 'No such account.');
    throw new AppError('CONFLICT', `This account is already ${exists.approval_status_code.toLowerCase()}.`);
  }
  if (decision.approvalStatusCode === 'APPROVED') {
    const admin = (await findAdminById(ctx.db, adminId))!;
    await ctx.mailer.send('signup-approved', admin.email, { name: displayName(admin), email: admin.email, link: `${ctx.config.publicUrl}/sign-in` });
  }
}
