import type { Db } from '../../db/database';

export function findDomainByName(db: Db, domain: string) {
  return db.selectFrom('domains').select('id').where('domain', '=', domain).executeTakeFirst();
}
