import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { MarketAccount, marketAccountInput } from '../../../src/shared';
import { marketAccountsResource } from '../../../src/shared/resources/market-accounts';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { tableStore } from '../../db/table-store';
import { nextSealedSecret, secretBox } from '../../secrets/secret-box';
import type { Db } from '../../db/database';
import { unknownCode } from '../../collect/code-tables';
import { countConfigsUsing, findStoredSecret } from './queries';

type Input = z.output<typeof marketAccountInput>;

function duplicate(input: Input): AppError {
  const message = `${input.platform} account ${input.accountId} is already registered.`;
  return new AppError('CONFLICT', message, { errors: [{ field: 'accountId', message }] });
}

async function checkCodes(db: Db, input: Input): Promise<void> {
  const errors = [...(await unknownCode(db, 'advertisers', input.advertiser, 'advertiser', 'an advertiser')), ...(await unknownCode(db, 'countries', input.country, 'country', 'a country'))];
  if (errors.length) throw validationError(errors);
}

/** /api/market-accounts: the ad-platform accounts and secrets collectors use (rank 2). */
export async function marketAccountsModule(app: FastifyInstance) {
  const { db, config } = app.ctx;
  const box = secretBox(config.secretsKeys, config.jwtSecret);
  crudRoutes(app, marketAccountsResource, {
    store: tableStore(db, marketAccountsResource, {
      table: 'market_accounts',
      columns: { advertiser: 'advertiser_code', country: 'country_code' },
      read: ['id', 'platform', 'accountId', 'name', 'advertiser', 'country', 'secretEnc', 'allowedHosts', 'activeFlag', 'createdAt', 'updatedAt'],
      // The sealed secret becomes `secretSet` and never leaves the server.
      present: ({ secretEnc, allowedHosts, ...row }) => ({ ...row, secretSet: secretEnc !== null, allowedHosts: JSON.parse(allowedHosts as string) as string[] }) as MarketAccount,
      // The account's secret goes only to the hosts it names.
      write: async ({ secret, ...input }, id) => {
        const stored = id === undefined ? null : ((await findStoredSecret(db, id)) ?? null);
        const secretEnc = nextSealedSecret(box, { input: secret, destinations: input.allowedHosts, field: 'secret' }, stored);
        return { ...input, secretEnc, allowedHosts: JSON.stringify(input.allowedHosts) };
      },
    }),
    duplicate: { error: duplicate },
    check: (input) => checkCodes(db, input),
    beforeDelete: async (account) => {
      const users = await countConfigsUsing(db, account.id);
      if (users > 0) throw new AppError('CONFLICT', `The account is used by ${users} collect configuration(s); change them first.`);
    },
  });
}
