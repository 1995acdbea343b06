import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, propertyInput, propertyListResponse, propertyResponse, type PropertyKind } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Db } from '../../db/database';
import { findProperty, findPropertyByCode, listProperties, parsePropertyId, propertyListSpec } from './queries';
import { describeUsages, PROPERTY_TABLE, usagesOf } from './tables';

const idParams = z.object({ id: z.string().max(40) });

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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readers = { onRequest: requireRank(AREA_RANK.project) };
  const managers = { onRequest: requireRank(AREA_RANK.systemSetting) };

  async function load(id: string) {
    const ref = parsePropertyId(id);
    const property = ref && (await findProperty(db, ref.kind, ref.rowId));
    if (!ref || !property) throw new AppError('NOT_FOUND', 'No such property.');
    return { ref, property };
  }

  routes.get('/properties', { ...readers, schema: { querystring: listQuerystring, response: { 200: propertyListResponse } } }, async (request) =>
    success(await listProperties(db, parseListQuery(request.query, propertyListSpec))));

  routes.get('/properties/:id', { ...readers, schema: { params: idParams, response: { 200: propertyResponse } } }, async (request) => success((await load(request.params.id)).property));

  routes.post('/properties', { ...managers, schema: { body: propertyInput, response: { 200: propertyResponse } } }, async (request) => {
    const { kind, code, name, no } = request.body;
    const regionCode = await assertRegion(db, kind, request.body.regionCode);
    if (await findPropertyByCode(db, kind, code)) throw duplicate(code);
    const { id } = await db
      .insertInto(PROPERTY_TABLE[kind] as 'countries')
      .values({ code, name, sort_no: no, ...(kind === 'countries' ? { region_code: regionCode! } : {}) } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicate(code) : error;
      });
    return success(await findProperty(db, kind, id), 'The property has been added.');
  });

  routes.put('/properties/:id', { ...managers, schema: { params: idParams, body: propertyInput, response: { 200: propertyResponse } } }, async (request) => {
    const { ref, property } = await load(request.params.id);
    const { kind, code, name, no } = request.body;
    if (kind !== ref.kind) throw validationError([{ field: 'kind', message: 'The kind of a property cannot change.' }]);
    const regionCode = await assertRegion(db, kind, request.body.regionCode);
    if (code !== property.code) {
      const usages = await usagesOf(db, kind, property.code);
      if (usages.length) throw new AppError('CONFLICT', `The code cannot change: ${describeUsages(property.code, usages)}`, { errors: [{ field: 'code', message: describeUsages(property.code, usages) }] });
      const clash = await findPropertyByCode(db, kind, code);
      if (clash) throw duplicate(code);
    }
    await db
      .updateTable(PROPERTY_TABLE[kind] as 'countries')
      .set({ code, name, sort_no: no, ...(kind === 'countries' ? { region_code: regionCode! } : {}) } as never)
      .where('id', '=', ref.rowId)
      .execute()
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicate(code) : error;
      });
    return success(await findProperty(db, kind, ref.rowId), 'The property has been saved.');
  });

  routes.delete('/properties/:id', { ...managers, schema: { params: idParams, response: { 200: propertyResponse } } }, async (request) => {
    const { ref, property } = await load(request.params.id);
    const usages = await usagesOf(db, ref.kind, property.code);
    if (usages.length) throw new AppError('CONFLICT', `It cannot be deleted: ${describeUsages(property.code, usages)}`);
    await db.deleteFrom(PROPERTY_TABLE[ref.kind] as 'countries').where('id', '=', ref.rowId).execute();
    return success(property, 'The property has been deleted.');
  });
}
