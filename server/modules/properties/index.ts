import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { propertyInput, PropertyKind } from '../../../src/shared';
import { propertiesResource } from '../../../src/shared/resources/properties';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import type { Db } from '../../db/database';
import { rowHomes } from '../../db/record-rows';
import { deleteProperty, findProperty, findPropertyByCode, insertProperty, listProperties, parsePropertyId, updateProperty } from './queries';
import { describeUsages, PROPERTY_TABLE, usagesOf } from './tables';
import { sentence } from '../../../src/i18n/serverMessage';

type PropertyValuesInput = z.output<typeof propertyInput>;

/** A property's id is its kind and row, such as countries-5 (see parsePropertyId). */

function duplicate(code: string): AppError {
  const message = sentence('properties.theCodeAlreadyExists', { code });
  return new AppError('CONFLICT', message, { errors: [{ field: 'code', message }] });
}

async function assertRegion(db: Db, kind: PropertyKind, regionCode: string | null | undefined): Promise<string | null> {
  if (kind !== 'countries') return null;
  if (!regionCode || !(await findPropertyByCode(db, 'regions', regionCode))) {
    throw validationError([{ field: 'regionCode', message: sentence('properties.chooseTheRegionThisCountry') }]);
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
    store: {
      columns: { no: 'sort_no' },
      list: (request) => listProperties(db, request),
      find: async (id: string) => {
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
      if (current && input.kind !== current.kind) throw validationError([{ field: 'kind', message: sentence('properties.theKindOfAProperty') }]);
      await assertRegion(db, input.kind, input.regionCode);
      if (current && input.code !== current.code) {
        const usages = await usagesOf(db, current.kind, current.code);
        if (usages.length)
          throw new AppError('CONFLICT', sentence('properties.theCodeCannotChange', { usages: describeUsages(current.code, usages) }), {
            errors: [{ field: 'code', message: describeUsages(current.code, usages) }],
          });
      }
    },
    beforeDelete: async (property) => {
      const usages = await usagesOf(db, property.kind, property.code);
      if (usages.length) throw new AppError('CONFLICT', sentence('properties.itCannotBeDeleted', { usages: describeUsages(property.code, usages) }));
    },
  });
  // A property's id names its kind and row (`countries:3`): its row is in its kind's table.
  rowHomes(app.ctx).set(propertiesResource.name, (id) => {
    const ref = parsePropertyId(id)!;
    return { table: PROPERTY_TABLE[ref.kind], id: ref.rowId };
  });
}
