import type { Db } from '../../db/database';
import type { AlertMail } from '../../../src/shared';

const columns = ['id', 'procedure', 'error_id as errorId', 'subtitle', 'content', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

/** The alert mail of a procedure and error, if one is set: a second one for the pair is a 409. */
export function findAlertMailFor(db: Db, procedure: string, errorId: string): Promise<AlertMail | undefined> {
  return db.selectFrom('alert_mails').select(columns).where('procedure', '=', procedure).where('error_id', '=', errorId).executeTakeFirst();
}
