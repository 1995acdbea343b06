import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AREA_RANK, domainInput, domainListResponse, domainResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { deleteDomain, domainListSpec, findDomain, findDomainByName, insertDomain, listDomains, updateDomain } from './queries';

function duplicate(domain: string): AppError {
  return new AppError('CONFLICT', `${domain} is already on the allowed list.`, { errors: [{ field: 'domain', message: `${domain} is already on the allowed list.` }] });
}

/** /api/domains: the e-mail domains that may sign up (System Setting, rank 1). */
export async function domainsModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, so a caller without the rank is refused before their body is even validated.
  app.addHook('onRequest', requireRank(AREA_RANK.systemSetting));

  routes.get('/domains', { schema: { querystring: listQuerystring, response: { 200: domainListResponse } } }, async (request) =>
    success(await listDomains(db, parseListQuery(request.query, domainListSpec))),
  );

  routes.get('/domains/:id', { schema: { params: idParams, response: { 200: domainResponse } } }, async (request) => {
    const domain = await findDomain(db, request.params.id);
    if (!domain) throw new AppError('NOT_FOUND', 'No such domain.');
    return success(domain);
  });

  routes.post('/domains', { schema: { body: domainInput, response: { 200: domainResponse } } }, async (request) => {
    const input = request.body;
    return success(await rejectDuplicate(insertDomain(db, input, isoNow(clock)), () => duplicate(input.domain)), 'The domain has been added.');
  });

  routes.put('/domains/:id', { schema: { params: idParams, body: domainInput, response: { 200: domainResponse } } }, async (request) => {
    const input = request.body;
    const clash = await findDomainByName(db, input.domain);
    if (clash && clash.id !== request.params.id) throw duplicate(input.domain);
    const updated = await rejectDuplicate(updateDomain(db, request.params.id, input, isoNow(clock)), () => duplicate(input.domain));
    if (!updated) throw new AppError('NOT_FOUND', 'No such domain.');
    return success(await findDomain(db, request.params.id), 'The domain has been saved.');
  });

  routes.delete('/domains/:id', { schema: { params: idParams, response: { 200: domainResponse } } }, async (request) => {
    const domain = await findDomain(db, request.params.id);
    if (!domain) throw new AppError('NOT_FOUND', 'No such domain.');
    await deleteDomain(db, request.params.id);
    return success(domain, 'The domain has been deleted.');
  });
}
