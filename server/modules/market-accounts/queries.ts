import type { z } from 'zod';
import type { MarketAccount, marketAccountInput } from '../../../src/shared';
import type { Db } from '../../db/database';
import { preparedList } from '../../db/list-page';
import type { CrudStore } from '../../db/store';
import { nextSealedSecret, type SecretBox, type StoredSecret } from '../../secrets/secret-box';

type Input = z.output<typeof marketAccountInput>;

const columns = [
  'id',
  'platform',
  'account_id as accountId',
  'name',
  'advertiser_code as advertiser',
  'country_code as country',
  'secret_enc as secretEnc',
  'allowed_hosts as allowedHosts',
  'active_flag as activeFlag',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

type Row = { secretEnc: string | null; allowedHosts: string } & Omit<MarketAccount, 'secretSet' | 'allowedHosts'>;

/** The sealed secret becomes `secretSet` and never leaves the server. */
const present = ({ secretEnc, allowedHosts, ...row }: Row): MarketAccount => ({ ...row, secretSet: secretEnc !== null, allowedHosts: JSON.parse(allowedHosts) as string[] });

// One table and its columns for every caller: the list's queries are compiled once per request shape.
const list = preparedList<Row>(
  (db) => db.selectFrom('market_accounts'),
  (query) => query.select(columns),
  'market_accounts.id',
);

/** The account's stored (sealed) secret and the hosts it may go to; undefined when there is no such account. */
export async function findStoredSecret(db: Db, id: number): Promise<StoredSecret | undefined> {
  const row = await db.selectFrom('market_accounts').select(['secret_enc', 'allowed_hosts']).where('id', '=', id).executeTakeFirst();
  return row && { sealed: row.secret_enc, destinations: JSON.parse(row.allowed_hosts) as string[] };
}

/**
 * The accounts' records: a table whose record is not its columns one for one, as the secret is
 * sealed on the way in (and goes only to the hosts the account names) and answered as `secretSet`.
 */
export function marketAccountStore(db: Db, box: SecretBox): CrudStore<Input, MarketAccount, number> {
  const values = async ({ secret, ...input }: Input, id?: number) => {
    const stored = id === undefined ? null : ((await findStoredSecret(db, id)) ?? null);
    return {
      platform: input.platform,
      account_id: input.accountId,
      name: input.name,
      advertiser_code: input.advertiser,
      country_code: input.country,
      secret_enc: nextSealedSecret(box, { input: secret, destinations: input.allowedHosts, field: 'secret' }, stored),
      allowed_hosts: JSON.stringify(input.allowedHosts),
      active_flag: input.activeFlag,
    };
  };
  return {
    table: 'market_accounts',
    columns: { advertiser: 'advertiser_code', country: 'country_code' },
    list: async (request) => {
      const page = await list(db, request);
      return { ...page, list: page.list.map(present) };
    },
    find: async (id) => {
      const row = await db.selectFrom('market_accounts').select(columns).where('market_accounts.id', '=', id).executeTakeFirst();
      return row && present(row as Row);
    },
    async insert(input, now) {
      const { id } = await db
        .insertInto('market_accounts')
        .values({ ...(await values(input)), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async update(id, input, now) {
      const updated = await db
        .updateTable('market_accounts')
        .set({ ...(await values(input, id)), updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },
    async remove(_row, id) {
      await db.deleteFrom('market_accounts').where('id', '=', id).execute();
    },
  };
}

/** How many collect configurations use the account. */
export async function countConfigsUsing(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('collect_configs').select(db.fn.countAll<number>().as('count')).where('market_account_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.count);
}
