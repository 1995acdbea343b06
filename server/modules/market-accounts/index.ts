import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, marketAccountInput, marketAccountListResponse, marketAccountResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { nextSealedSecret, secretBox } from '../../jobs/secret-box';
import type { Db } from '../../db/database';
import { unknownCode } from '../collect-shared';
import { findMarketAccount, listMarketAccounts, marketAccountListSpec } from './queries';

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
  const { db, clock, config } = app.ctx;
  const box = secretBox(config.secretsKeys, config.jwtSecret);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.collectData));

  routes.get('/market-accounts', { schema: { querystring: listQuerystring, response: { 200: marketAccountListResponse } } }, async (request) => success(await listMarketAccounts(db, parseListQuery(request.query, marketAccountListSpec))));

  routes.get('/market-accounts/:id', { schema: { params: idParams, response: { 200: marketAccountResponse } } }, async (request) => {
    const account = await findMarketAccount(db, request.params.id);
    if (!account) throw new AppError('NOT_FOUND', 'No such market account.');
    return success(account);
  });

  routes.post('/market-accounts', { schema: { body: marketAccountInput, response: { 200: marketAccountResponse } } }, async (request) => {
    const input = request.body;
    await checkCodes(db, input);
    const now = isoNow(clock);
    const inserted = await db
      .insertInto('market_accounts')
      .values({
        platform: input.platform, account_id: input.accountId, name: input.name, advertiser_code: input.advertiser, country_code: input.country,
        secret_enc: nextSealedSecret(box, input.secret ?? null, null), allowed_hosts: JSON.stringify(input.allowedHosts), active_flag: input.activeFlag, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicate(input) : error;
      });
    return success(await findMarketAccount(db, inserted.id), 'The market account has been added.');
  });

  routes.put('/market-accounts/:id', { schema: { params: idParams, body: marketAccountInput, response: { 200: marketAccountResponse } } }, async (request) => {
    const input = request.body;
    const stored = await db.selectFrom('market_accounts').select('secret_enc').where('id', '=', request.params.id).executeTakeFirst();
    if (!stored) throw new AppError('NOT_FOUND', 'No such market account.');
    await checkCodes(db, input);
    await db
      .updateTable('market_accounts')
      .set({
        platform: input.platform, account_id: input.accountId, name: input.name, advertiser_code: input.advertiser, country_code: input.country,
        secret_enc: nextSealedSecret(box, input.secret, stored.secret_enc), allowed_hosts: JSON.stringify(input.allowedHosts), active_flag: input.activeFlag, updated_at: isoNow(clock),
      })
      .where('id', '=', request.params.id)
      .execute()
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicate(input) : error;
      });
    return success(await findMarketAccount(db, request.params.id), 'The market account has been saved.');
  });

  routes.delete('/market-accounts/:id', { schema: { params: idParams, response: { 200: marketAccountResponse } } }, async (request) => {
    const account = await findMarketAccount(db, request.params.id);
    if (!account) throw new AppError('NOT_FOUND', 'No such market account.');
    const users = await db.selectFrom('collect_configs').select(db.fn.countAll<number>().as('count')).where('market_account_id', '=', account.id).executeTakeFirstOrThrow();
    if (Number(users.count) > 0) throw new AppError('CONFLICT', `The account is used by ${users.count} collect configuration(s); change them first.`);
    await db.deleteFrom('market_accounts').where('id', '=', account.id).execute();
    return success(account, 'The market account has been deleted.');
  });
}
