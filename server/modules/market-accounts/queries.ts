import type { MarketAccount } from '../../../src/shared';
import type { Db } from '../../db/database';
import { listPage, type ListRequest, type ListSpec } from '../../http/list-query';

export const marketAccountListSpec: ListSpec = {
  sortable: {
    id: 'market_accounts.id', platform: 'market_accounts.platform', accountId: 'market_accounts.account_id', name: 'market_accounts.name',
    advertiser: 'market_accounts.advertiser_code', country: 'market_accounts.country_code', activeFlag: 'market_accounts.active_flag',
    createdAt: 'market_accounts.created_at', updatedAt: 'market_accounts.updated_at',
  },
  defaultSort: ['updatedAt', 'DESC'],
  natural: ['name'],
  filters: {
    id: { column: 'market_accounts.id', kind: 'eq', type: 'integer' },
    platform: { column: 'market_accounts.platform', kind: 'eq', type: 'text' },
    advertiser: { column: 'market_accounts.advertiser_code', kind: 'eq', type: 'text' },
    country: { column: 'market_accounts.country_code', kind: 'eq', type: 'text' },
    activeFlag: { column: 'market_accounts.active_flag', kind: 'eq', type: 'text' },
  },
  search: ['market_accounts.platform', 'market_accounts.account_id', 'market_accounts.name'],
};

const columns = [
      'market_accounts.id', 'market_accounts.platform', 'market_accounts.account_id as accountId', 'market_accounts.name', 'market_accounts.advertiser_code as advertiser',
      'market_accounts.country_code as country', 'market_accounts.secret_enc', 'market_accounts.allowed_hosts', 'market_accounts.active_flag as activeFlag',
      'market_accounts.created_at as createdAt', 'market_accounts.updated_at as updatedAt',
] as const;

type Row = Omit<MarketAccount, 'secretSet' | 'allowedHosts'> & { secret_enc: string | null; allowed_hosts: string };

/** The answer shape: the sealed secret becomes `secretSet` and never leaves the server. */
function present({ secret_enc, allowed_hosts, ...row }: Row): MarketAccount {
  return { ...row, secretSet: secret_enc !== null, allowedHosts: JSON.parse(allowed_hosts) as string[] };
}

export async function listMarketAccounts(db: Db, request: ListRequest) {
  const page = await listPage(db.selectFrom('market_accounts'), request, (query) => query.select(columns), 'market_accounts.id');
  return { ...page, list: (page.list as Row[]).map(present) };
}

export async function findMarketAccount(db: Db, id: number): Promise<MarketAccount | undefined> {
  const row = await db.selectFrom('market_accounts').select(columns).where('market_accounts.id', '=', id).executeTakeFirst();
  return row ? present(row as Row) : undefined;
}
