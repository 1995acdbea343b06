import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { propertyInput, PropertyKind } from '../../../src/shared';
import { propertiesResource } from '../../../src/shared/resources/properties';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import type { Db } from '../../db/database';
import { deleteProperty, findProperty, findPropertyByCode, insertProperty, listProperties, parsePropertyId, updateProperty } from './queries';
import { describeUsages, usagesOf } from './tables';

type PropertyValuesInput = z.output<typeof propertyInput>;

/** A property's id is its kind and row, such as countries-5 (see parsePropertyId). */
const propertyParams = z.object({ id: z.string().max(40) });

function duplicate(code: string): AppError {
  const message = `The code ${code} already exists.`;
  return new AppError('CONFLICT', message, { errors: [{ field: 'code', message }] });
}

async function assertRegion(db: Db, kind: PropertyKind, regionCode: string | null | undefined): Promise<string | null> {
  if (kind !== 'countries') return null;
  if (!regionCode || !(await findPropertyByCode(db, 'regions', regionCode))) {
    throw validationError([{ field: 'regionCode', message: 'Choose the region this country belongs to.' }]);
  }
  return regionCode;
}

/**
 * /api/properties: regions, countries, companies, advertisers and data types. Managed in System
 * Setting (rank 1); every signed-in user may read them, because the project, dataset and
 * collect-data forms pick their codes from these tables.
 */
export async function propertiesModule(app: FastifyInstance) {
  const { db } = app.ctx;
  const valuesOf = async ({ kind, code, name, no, regionCode }: PropertyValuesInput) => ({ kind, values: { code, name, no, regionCode: await assertRegion(db, kind, regionCode) } });
  crudRoutes(app, propertiesResource, {
    params: propertyParams,
    store: {
      columns: { no: 'sort_no' },
      list: (request) => listProperties(db, request),
      find: async (id) => {
        const ref = parsePropertyId(id);
        return ref && findProperty(db, ref.kind, ref.rowId);
      },
      insert: async (input) => {
        const { kind, values } = await valuesOf(input);
        return `${kind}:${await insertProperty(db, kind, values)}`;
      },
      update: async (id, input) => {
        const { kind, values } = await valuesOf(input);
        await updateProperty(db, kind, parsePropertyId(id)!.rowId, values);
        return true;
      },
      remove: (_property, id) => {
        const ref = parsePropertyId(id)!;
        return deleteProperty(db, ref.kind, ref.rowId);
      },
    },
    duplicate: {
      error: ({ code }) => duplicate(code),
      holder: {
        by: ['kind', 'code'],
        find: async ({ kind, code }) => {
          const holder = await findPropertyByCode(db, kind, code);
          return holder && { id: `${kind}:${holder.id}` };
        },
      },
    },
    check: async (input, current) => {
      if (current && input.kind !== current.kind) throw validationError([{ field: 'kind', message: 'The kind of a property cannot change.' }]);
      await assertRegion(db, input.kind, input.regionCode);
      if (current && input.code !== current.code) {
        const usages = await usagesOf(db, current.kind, current.code);
        if (usages.length)
          throw new AppError('CONFLICT', `The code cannot change: ${describeUsages(current.code, usages)}`, { errors: [{ field: 'code', message: describeUsages(current.code, usages) }] });
      }
    },
    beforeDelete: async (property) => {
      const usages = await usagesOf(db, property.kind, property.code);
      if (usages.length) throw new AppError('CONFLICT', `It cannot be deleted: ${describeUsages(property.code, usages)}`);
    },
  });
}
