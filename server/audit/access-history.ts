import type { Db } from '../db/database';
import type { AppContext } from '../context';
import { isoNow } from '../clock';
import type { ServerMessage } from '../../src/i18n/serverMessage';

export type AccessEvent = 'SIGN_IN' | 'DASHBOARD_VIEW' | 'PROJECT_CREATE' | 'UPLOAD';

export interface AccessRecord {
  email: string;
  adminId: number | null;
  eventType: AccessEvent;
  success: boolean;
  ip: string | null;
  detail: ServerMessage | null;
}

export async function recordAccess(ctx: AppContext, event: AccessRecord): Promise<void> {
  await insertAccess(ctx.db, isoNow(ctx.clock), event);
}

/** Writes the event through `db`: given a transaction, the event stands or falls with what it records (an upload's commit). */
export async function insertAccess(db: Db, now: string, event: AccessRecord): Promise<void> {
  await db
    .insertInto('access_history')
    .values({
      admin_id: event.adminId,
      email: event.email,
      event_type: event.eventType,
      success_flag: event.success ? 'Y' : 'N',
      source_ip: event.ip,
      detail: event.detail,
      occurred_at: now,
    })
    .execute();
}
