import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, propertyInput, propertyListResponse, propertyResponse, type PropertyKind } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { rejectDuplicate } from '../../db/unique-violation';
import type { Db } from '../../db/database';
import { deleteProperty, findProperty, findPropertyByCode, insertProperty, listProperties, parsePropertyId, propertyListSpec, updateProperty } from './queries';
import { describeUsages, usagesOf } from './tables';

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
    success(await listProperties(db, parseListQuery(request.query, propertyListSpec))),
  );

  routes.get('/properties/:id', { ...readers, schema: { params: propertyParams, response: { 200: propertyResponse } } }, async (request) => success((await load(request.params.id)).property));

  routes.post('/properties', { ...managers, schema: { body: propertyInput, response: { 200: propertyResponse } } }, async (request) => {
    const { kind, code, name, no } = request.body;
    const regionCode = await assertRegion(db, kind, request.body.regionCode);
    if (await findPropertyByCode(db, kind, code)) throw duplicate(code);
    const id = await rejectDuplicate(insertProperty(db, kind, { code, name, no, regionCode }), () => duplicate(code));
    return success(await findProperty(db, kind, id), 'The property has been added.');
  });

  routes.put('/properties/:id', { ...managers, schema: { params: propertyParams, body: propertyInput, response: { 200: propertyResponse } } }, async (request) => {
    const { ref, property } = await load(request.params.id);
    const { kind, code, name, no } = request.body;
    if (kind !== ref.kind) throw validationError([{ field: 'kind', message: 'The kind of a property cannot change.' }]);
    const regionCode = await assertRegion(db, kind, request.body.regionCode);
    if (code !== property.code) {
      const usages = await usagesOf(db, kind, property.code);
      if (usages.length)
        throw new AppError('CONFLICT', `The code cannot change: ${describeUsages(property.code, usages)}`, { errors: [{ field: 'code', message: describeUsages(property.code, usages) }] });
      const clash = await findPropertyByCode(db, kind, code);
      if (clash) throw duplicate(code);
    }
    await rejectDuplicate(updateProperty(db, kind, ref.rowId, { code, name, no, regionCode }), () => duplicate(code));
    return success(await findProperty(db, kind, ref.rowId), 'The property has been saved.');
  });

  routes.delete('/properties/:id', { ...managers, schema: { params: propertyParams, response: { 200: propertyResponse } } }, async (request) => {
    const { ref, property } = await load(request.params.id);
    const usages = await usagesOf(db, ref.kind, property.code);
    if (usages.length) throw new AppError('CONFLICT', `It cannot be deleted: ${describeUsages(property.code, usages)}`);
    await deleteProperty(db, ref.kind, ref.rowId);
    return success(property, 'The property has been deleted.');
  });
}
