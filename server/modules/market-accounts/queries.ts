import type { z } from 'zod';
import type { MarketAccount, marketAccountInput } from '../../../src/shared';
import type { Db } from '../../db/database';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';
import type { StoredSecret } from '../../secrets/secret-box';

export const marketAccountListSpec: ListSpec = {
  table: 'market_accounts',
  sortable: {
    id: 'id',
    platform: 'platform',
    accountId: 'account_id',
    name: 'name',
    advertiser: 'advertiser_code',
    country: 'country_code',
    activeFlag: 'active_flag',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
  defaultSort: ['updatedAt', 'DESC'],
  natural: ['name'],
  filters: {
    id: { column: 'id', kind: 'eq', type: 'integer' },
    platform: { column: 'platform', kind: 'eq', type: 'text' },
    advertiser: { column: 'advertiser_code', kind: 'eq', type: 'text' },
    country: { column: 'country_code', kind: 'eq', type: 'text' },
    activeFlag: { column: 'active_flag', kind: 'eq', type: 'text' },
  },
  search: ['platform', 'account_id', 'name'],
};

const columns = [
  'market_accounts.id',
  'market_accounts.platform',
  'market_accounts.account_id as accountId',
  'market_accounts.name',
  'market_accounts.advertiser_code as advertiser',
  'market_accounts.country_code as country',
  'market_accounts.secret_enc',
  'market_accounts.allowed_hosts',
  'market_accounts.active_flag as activeFlag',
  'market_accounts.created_at as createdAt',
  'market_accounts.updated_at as updatedAt',
] as const;

type Row = Omit<MarketAccount, 'secretSet' | 'allowedHosts'> & { secret_enc: string | null; allowed_hosts: string };

/** The answer shape: the sealed secret becomes `secretSet` and never leaves the server. */
function present({ secret_enc, allowed_hosts, ...row }: Row): MarketAccount {
  return { ...row, secretSet: secret_enc !== null, allowedHosts: JSON.parse(allowed_hosts) as string[] };
}

export async function listMarketAccounts(db: Db, request: ListRequest) {
  const page = await listPage(db.selectFrom('market_accounts'), request, (query) => query.select(columns), 'market_accounts.id', { db });
  return { ...page, list: (page.list as Row[]).map(present) };
}

export async function findMarketAccount(db: Db, id: number): Promise<MarketAccount | undefined> {
  const row = await db.selectFrom('market_accounts').select(columns).where('market_accounts.id', '=', id).executeTakeFirst();
  return row ? present(row as Row) : undefined;
}

type MarketAccountValues = z.output<typeof marketAccountInput>;

/** The account's columns as the form gives them; the secret comes sealed (see nextSealedSecret). */
const rowOf = (input: MarketAccountValues, secretEnc: string | null) => ({
  platform: input.platform,
  account_id: input.accountId,
  name: input.name,
  advertiser_code: input.advertiser,
  country_code: input.country,
  secret_enc: secretEnc,
  allowed_hosts: JSON.stringify(input.allowedHosts),
  active_flag: input.activeFlag,
});

export async function insertMarketAccount(db: Db, input: MarketAccountValues, secretEnc: string | null, now: string): Promise<number> {
  const { id } = await db
    .insertInto('market_accounts')
    .values({ ...rowOf(input, secretEnc), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateMarketAccount(db: Db, id: number, input: MarketAccountValues, secretEnc: string | null, now: string): Promise<void> {
  await db
    .updateTable('market_accounts')
    .set({ ...rowOf(input, secretEnc), updated_at: now })
    .where('id', '=', id)
    .execute();
}

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

export async function deleteMarketAccount(db: Db, id: number): Promise<void> {
  await db.deleteFrom('market_accounts').where('id', '=', id).execute();
}
