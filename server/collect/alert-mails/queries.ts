import type { Db } from '../../db/database';
import type { z } from 'zod';
import type { AlertMail, alertMailInput } from '../../../src/shared';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';

export const alertMailListSpec: ListSpec = {
  sortable: { id: 'id', procedure: 'procedure', errorId: 'error_id', subtitle: 'subtitle', updatedAt: 'updated_at', createdAt: 'created_at' },
  defaultSort: ['procedure', 'ASC'],
  filters: { id: { column: 'id', kind: 'eq', type: 'integer' }, procedure: { column: 'procedure', kind: 'eq', type: 'text' }, errorId: { column: 'error_id', kind: 'eq', type: 'text' } },
  search: ['procedure', 'error_id', 'subtitle', 'content'],
};

const columns = ['id', 'procedure', 'error_id as errorId', 'subtitle', 'content', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

export function listAlertMails(db: Db, request: ListRequest) {
  return listPage(db.selectFrom('alert_mails'), request, (query) => query.select(columns), 'id', { db });
}

export function findAlertMail(db: Db, id: number): Promise<AlertMail | undefined> {
  return db.selectFrom('alert_mails').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findAlertMailFor(db: Db, procedure: string, errorId: string): Promise<AlertMail | undefined> {
  return db.selectFrom('alert_mails').select(columns).where('procedure', '=', procedure).where('error_id', '=', errorId).executeTakeFirst();
}

type AlertMailValues = z.output<typeof alertMailInput>;

const valuesOf = (input: AlertMailValues) => ({ procedure: input.procedure, error_id: input.errorId, subtitle: input.subtitle, content: input.content });

/** Adds an alert mail; answers its id. A second one for the same procedure and error breaks the unique index. */
export async function insertAlertMail(db: Db, input: AlertMailValues, nowIso: string): Promise<number> {
  const { id } = await db
    .insertInto('alert_mails')
    .values({ ...valuesOf(input), created_at: nowIso, updated_at: nowIso })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Saves an alert mail; answers false when there is none with this id. */
export async function updateAlertMail(db: Db, id: number, input: AlertMailValues, nowIso: string): Promise<boolean> {
  const updated = await db
    .updateTable('alert_mails')
    .set({ ...valuesOf(input), updated_at: nowIso })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function deleteAlertMail(db: Db, id: number): Promise<void> {
  await db.deleteFrom('alert_mails').where('id', '=', id).execute();
}
