import type { Db } from '../../db/database';
import type { z } from 'zod';
import type { Domain, domainInput } from '../../../src/shared';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';
import { preparedStatement } from '../../db/prepared-statement';

type DomainValues = z.output<typeof domainInput>;

export const domainListSpec: ListSpec = {
  sortable: { id: 'id', domain: 'domain', activeFlag: 'active_flag', updatedAt: 'updated_at', createdAt: 'created_at' },
  defaultSort: ['domain', 'ASC'],
  filters: { id: { column: 'id', kind: 'eq', type: 'integer' }, activeFlag: { column: 'active_flag', kind: 'eq', type: 'text' } },
  search: ['domain', 'description'],
};

const columns = ['id', 'domain', 'description', 'active_flag as activeFlag', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

export function listDomains(db: Db, request: ListRequest) {
  return listPage(db.selectFrom('allowed_domains'), request, (query) => query.select(columns), 'id', { db });
}

export function findDomain(db: Db, id: number): Promise<Domain | undefined> {
  return db.selectFrom('allowed_domains').select(columns).where('id', '=', id).executeTakeFirst() as Promise<Domain | undefined>;
}

export function findDomainByName(db: Db, domain: string) {
  return db.selectFrom('allowed_domains').select('id').where('domain', '=', domain).executeTakeFirst();
}

const insertStatement = preparedStatement<{ domain: string; description: string | null; activeFlag: string; now: string }, Domain>((db, value) =>
  db
    .insertInto('allowed_domains')
    .values({ domain: value('domain'), description: value('description'), active_flag: value('activeFlag'), created_at: value('now'), updated_at: value('now') })
    .returning(columns),
);

/** One statement: the unique constraint refuses a taken name (see rejectDuplicate). */
export async function insertDomain(db: Db, input: DomainValues, now: string): Promise<Domain> {
  const inserted = await insertStatement.first(db, { domain: input.domain, description: input.description ?? null, activeFlag: input.activeFlag, now });
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** False when there is no such domain. */
export async function updateDomain(db: Db, id: number, input: DomainValues, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('allowed_domains')
    .set({ domain: input.domain, description: input.description ?? null, active_flag: input.activeFlag, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function deleteDomain(db: Db, id: number): Promise<void> {
  await db.deleteFrom('allowed_domains').where('id', '=', id).execute();
}
