import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { marketAccountInput } from '../../../src/shared';
import { marketAccountsResource } from '../../../src/shared/resources/market-accounts';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { secretBox } from '../../secrets/secret-box';
import type { Db } from '../../db/database';
import { unknownCode } from '../../collect/code-tables';
import { countConfigsUsing, marketAccountStore } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

type Input = z.output<typeof marketAccountInput>;

function duplicate(input: Input): AppError {
  const message = sentence('marketAccounts.accountIsAlreadyRegistered', { platform: input.platform, accountId: input.accountId });
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
    store: marketAccountStore(db, box),
    duplicate: { error: duplicate },
    check: (input) => checkCodes(db, input),
    beforeDelete: async (account) => {
      const users = await countConfigsUsing(db, account.id);
      if (users > 0) throw new AppError('CONFLICT', sentence('marketAccounts.theAccountIsUsedBy', { users }));
    },
  });
}
