import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, marketAccountInput, marketAccountListResponse, marketAccountResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { nextSealedSecret, secretBox } from '../../secrets/secret-box';
import type { Db } from '../../db/database';
import { unknownCode } from '../../collect/code-tables';
import { countConfigsUsing, deleteMarketAccount, findMarketAccount, findStoredSecret, insertMarketAccount, listMarketAccounts, marketAccountListSpec, updateMarketAccount } from './queries';

type Input = z.output<typeof marketAccountInput>;

function duplicate(input: Input): AppError {
  const message = `${input.platform} account ${input.accountId} is already registered.`;
  return new AppError('CONFLICT', message, { errors: [{ field: 'accountId', message }] });
}

async function checkCodes(db: Db, input: Input): Promise<void> {
  const errors = [...(await unknownCode(db, 'advertisers', input.advertiser, 'advertiser', 'an advertiser')), ...(await unknownCode(db, 'countries', input.country, 'country', 'a country'))];
  if (errors.length) throw validationError(errors);
}

/** The account's secret goes only to the hosts it names. */
const secretWrite = (input: Input) => ({ input: input.secret, destinations: input.allowedHosts, field: 'secret' });

/** /api/market-accounts: the ad-platform accounts and secrets collectors use (rank 2). */
export async function marketAccountsModule(app: FastifyInstance) {
  const { db, clock, config } = app.ctx;
  const box = secretBox(config.secretsKeys, config.jwtSecret);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.collectData));

  routes.get('/market-accounts', { schema: { querystring: listQuerystring, response: { 200: marketAccountListResponse } } }, async (request) =>
    success(await listMarketAccounts(db, parseListQuery(request.query, marketAccountListSpec))),
  );

  routes.get('/market-accounts/:id', { schema: { params: idParams, response: { 200: marketAccountResponse } } }, async (request) => {
    const account = await findMarketAccount(db, request.params.id);
    if (!account) throw new AppError('NOT_FOUND', 'No such market account.');
    return success(account);
  });

  routes.post('/market-accounts', { schema: { body: marketAccountInput, response: { 200: marketAccountResponse } } }, async (request) => {
    const input = request.body;
    await checkCodes(db, input);
    const id = await rejectDuplicate(insertMarketAccount(db, input, nextSealedSecret(box, secretWrite(input), null), isoNow(clock)), () => duplicate(input));
    return success(await findMarketAccount(db, id), 'The market account has been added.');
  });

  routes.put('/market-accounts/:id', { schema: { params: idParams, body: marketAccountInput, response: { 200: marketAccountResponse } } }, async (request) => {
    const input = request.body;
    const stored = await findStoredSecret(db, request.params.id);
    if (!stored) throw new AppError('NOT_FOUND', 'No such market account.');
    await checkCodes(db, input);
    const sealed = nextSealedSecret(box, secretWrite(input), stored);
    await rejectDuplicate(updateMarketAccount(db, request.params.id, input, sealed, isoNow(clock)), () => duplicate(input));
    return success(await findMarketAccount(db, request.params.id), 'The market account has been saved.');
  });

  routes.delete('/market-accounts/:id', { schema: { params: idParams, response: { 200: marketAccountResponse } } }, async (request) => {
    const account = await findMarketAccount(db, request.params.id);
    if (!account) throw new AppError('NOT_FOUND', 'No such market account.');
    const users = await countConfigsUsing(db, account.id);
    if (users > 0) throw new AppError('CONFLICT', `The account is used by ${users} collect configuration(s); change them first.`);
    await deleteMarketAccount(db, account.id);
    return success(account, 'The market account has been deleted.');
  });
}
