import type { Db } from '../../db/database';
import type { AlertMail } from '../../../src/shared';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';

export const alertMailListSpec: ListSpec = {
  sortable: { id: 'id', procedure: 'procedure', errorId: 'error_id', subtitle: 'subtitle', updatedAt: 'updated_at', createdAt: 'created_at' },
  defaultSort: ['procedure', 'ASC'],
  filters: { id: { column: 'id', kind: 'eq', type: 'integer' }, procedure: { column: 'procedure', kind: 'eq', type: 'text' }, errorId: { column: 'error_id', kind: 'eq', type: 'text' } },
  search: ['procedure', 'error_id', 'subtitle', 'content'],
};

const columns = ['id', 'procedure', 'error_id as errorId', 'subtitle', 'content', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

export function listAlertMails(db: Db, request: ListRequest) {
  return listPage(db.selectFrom('alert_mails'), request, (query) => query.select(columns), 'id');
}

export function findAlertMail(db: Db, id: number): Promise<AlertMail | undefined> {
  return db.selectFrom('alert_mails').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findAlertMailFor(db: Db, procedure: string, errorId: string): Promise<AlertMail | undefined> {
  return db.selectFrom('alert_mails').select(columns).where('procedure', '=', procedure).where('error_id', '=', errorId).executeTakeFirst();
}
