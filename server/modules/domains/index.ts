import type { FastifyInstance } from 'fastify';
import { domainsResource } from '../../../src/shared/resources/domains';
import { AppError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { tableStore } from '../../db/table-store';
import { findDomainByName } from './queries';

function duplicate({ domain }: { domain: string }): AppError {
  return new AppError('CONFLICT', `${domain} is already on the allowed list.`, { errors: [{ field: 'domain', message: `${domain} is already on the allowed list.` }] });
}

/** /api/domains: the e-mail domains that may sign up (System Setting, rank 1). */
export async function domainsModule(app: FastifyInstance) {
  const { db } = app.ctx;
  crudRoutes(app, domainsResource, {
    store: tableStore(db, domainsResource, { table: 'domains' }),
    duplicate: { error: duplicate, holder: { by: ['domain'], find: (input) => findDomainByName(db, input.domain) } },
  });
}
