import type { Db } from '../../db/database';
import type { Domain } from '../../../src/shared';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';

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
