import type { AppContext } from '../context';
import { isoNow } from '../clock';

export type AccessEvent = 'SIGN_IN' | 'DASHBOARD_VIEW' | 'PROJECT_CREATE' | 'UPLOAD';

export async function recordAccess(
  ctx: AppContext,
  event: { email: string; adminId: number | null; eventType: AccessEvent; success: boolean; ip: string | null; detail: string | null },
): Promise<void> {
  await ctx.db
    .insertInto('access_history')
    .values({
      admin_id: event.adminId,
      email: event.email,
      event_type: event.eventType,
      success_flag: event.success ? 'Y' : 'N',
      source_ip: event.ip,
      detail: event.detail,
      occurred_at: isoNow(ctx.clock),
    })
    .execute();
}
