import type { FastifyInstance } from 'fastify';
import { holidaysResource } from '../../../src/shared/resources/holidays';
import { crudRoutes } from '../../http/crud-routes';
import { tableStore } from '../../db/table-store';
import { validationError } from '../../http/app-error';
import { unknownCode } from '../../collect/code-tables';

/** /api/holidays: Holidays (rank 1). */
export async function holidaysModule(app: FastifyInstance) {
  const { db } = app.ctx;
  crudRoutes(app, holidaysResource, {
    store: tableStore(db, holidaysResource, { table: 'holidays' }),
    // A country is a code of the countries table: one it does not hold is a field error, said where the form shows it.
    check: async (input) => {
      const errors = [...(input.country ? await unknownCode(db, 'countries', input.country, 'country', 'a country') : [])];
      if (errors.length) throw validationError(errors);
    },
  });
}
