import type { FastifyInstance } from 'fastify';
import { domainsResource } from '../../../src/shared/resources/domains';
import { AppError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { tableStore } from '../../db/table-store';

function duplicate({ domain }: { domain: string }): AppError {
  return new AppError('CONFLICT', `${domain} is already on the allowed list.`, { errors: [{ field: 'domain', message: `${domain} is already on the allowed list.` }] });
}

/** /api/domains: the e-mail domains that may sign up (System Setting, rank 1). */
export async function domainsModule(app: FastifyInstance) {
  const { db } = app.ctx;
  crudRoutes(app, domainsResource, {
    store: tableStore(db, domainsResource, { table: 'domains' }),
    // The column's unique constraint is the whole rule: a taken name is refused by the write itself, with no lookup before it.
    duplicate: { error: duplicate },
  });
}
