import type { Db } from '../../db/database';
import type { StoredSecret } from '../../secrets/secret-box';

/** The account's stored (sealed) secret and the hosts it may go to; undefined when there is no such account. */
export async function findStoredSecret(db: Db, id: number): Promise<StoredSecret | undefined> {
  const row = await db.selectFrom('market_accounts').select(['secret_enc', 'allowed_hosts']).where('id', '=', id).executeTakeFirst();
  return row && { sealed: row.secret_enc, destinations: JSON.parse(row.allowed_hosts) as string[] };
}

/** How many collect configurations use the account. */
export async function countConfigsUsing(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('collect_configs').select(db.fn.countAll<number>().as('count')).where('market_account_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.count);
}
