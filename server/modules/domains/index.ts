import type { FastifyInstance } from 'fastify';
import { domainsResource } from '../../../src/shared/resources/domains';
import { AppError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { tableStore } from '../../db/table-store';
import { sentence } from '../../../src/i18n/serverMessage';

function duplicate({ domain }: { domain: string }): AppError {
  return new AppError('CONFLICT', sentence('domains.isAlreadyOnTheAllowed', { domain }), { errors: [{ field: 'domain', message: sentence('domains.isAlreadyOnTheAllowed', { domain }) }] });
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
