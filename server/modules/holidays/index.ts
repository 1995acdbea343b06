import type { FastifyInstance } from 'fastify';
import { holidaysResource } from '../../../src/shared/resources/holidays';
import { crudRoutes } from '../../http/crud-routes';
import { tableStore } from '../../db/table-store';
import { AppError, validationError } from '../../http/app-error';
import { sentence } from '../../../src/i18n/serverMessage';
import { findHolidayOnDay } from './queries';

function duplicate({ name, date }: { name: string; date: string }): AppError {
  const message = sentence('holidays.alreadyOnThatDay', { name, date });
  return new AppError('CONFLICT', message, { errors: [{ field: 'name', message }] });
}
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
    // Two holidays may fall on one day in one country (they do coincide); the same name there is the same holiday twice.
    duplicate: { error: duplicate, holder: { by: ['date', 'country', 'name'], find: (input) => findHolidayOnDay(db, input) } },
  });
}
