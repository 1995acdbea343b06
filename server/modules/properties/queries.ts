import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { PROPERTY_KINDS, type Property, type PropertyKind } from '../../../src/shared';
import { validationError } from '../../http/app-error';
import { listPage, type ListRequest } from '../../db/list-page';
import { PROPERTY_TABLE } from './tables';
import { sentence } from '../../../src/i18n/serverMessage';

/** `countries:3` → kind and row id; anything else is a 404-worthy miss. */
export function parsePropertyId(id: string): { kind: PropertyKind; rowId: number } | undefined {
  const [kind, rowId] = id.split(':');
  if (!PROPERTY_KINDS.includes(kind as PropertyKind) || !/^\d{1,12}$/.test(rowId ?? '')) return undefined;
  return { kind: kind as PropertyKind, rowId: Number(rowId) };
}

function columnsOf(kind: PropertyKind) {
  const regionColumn = kind === 'countries' ? sql<string | null>`region_code` : sql<string | null>`null`;
  return ['id', 'code', 'name', 'sort_no as no', regionColumn.as('regionCode')] as const;
}

function selectKind(db: Db, kind: PropertyKind) {
  return db.selectFrom(PROPERTY_TABLE[kind] as 'countries').select(columnsOf(kind));
}

function toProperty(kind: PropertyKind, row: { id: number; code: string; name: string; no: number; regionCode: string | null }): Property {
  return { ...row, id: `${kind}:${row.id}`, kind };
}

/** One kind per list (the screen shows one table per tab); `kind` is required. */
export async function listProperties(db: Db, request: ListRequest) {
  const kind = request.conditions.find((condition) => condition.column === 'kind')?.value as PropertyKind | undefined;
  if (typeof kind !== 'string' || !PROPERTY_KINDS.includes(kind)) {
    throw validationError([{ field: 'filter.kind', message: sentence('properties.chooseOneOf', { PROPERTY_KINDS: PROPERTY_KINDS.join(', ') }) }]);
  }
  const conditions = request.conditions.filter((condition) => condition.column !== 'kind');
  if (kind !== 'countries' && conditions.length) throw validationError([{ field: 'filter.regionCode', message: sentence('properties.onlyCountriesHaveARegion') }]);
  const page = await listPage(db.selectFrom(PROPERTY_TABLE[kind] as 'countries'), { ...request, conditions }, (query) => query.select(columnsOf(kind)), 'id', { db });
  return { ...page, list: page.list.map((row) => toProperty(kind, row)) };
}

export async function findProperty(db: Db, kind: PropertyKind, rowId: number): Promise<Property | undefined> {
  const row = await selectKind(db, kind).where('id', '=', rowId).executeTakeFirst();
  return row && toProperty(kind, row);
}

export function findPropertyByCode(db: Db, kind: PropertyKind, code: string) {
  return db
    .selectFrom(PROPERTY_TABLE[kind] as 'regions')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirst();
}

/** What a property row holds; regionCode only for countries. */
export interface PropertyValues {
  code: string;
  name: string;
  no: number;
  regionCode: string | null;
}

const rowOf = (kind: PropertyKind, values: PropertyValues) =>
  ({ code: values.code, name: values.name, sort_no: values.no, ...(kind === 'countries' ? { region_code: values.regionCode! } : {}) }) as never;

export async function insertProperty(db: Db, kind: PropertyKind, values: PropertyValues): Promise<number> {
  const { id } = await db
    .insertInto(PROPERTY_TABLE[kind] as 'countries')
    .values(rowOf(kind, values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProperty(db: Db, kind: PropertyKind, rowId: number, values: PropertyValues): Promise<void> {
  await db
    .updateTable(PROPERTY_TABLE[kind] as 'countries')
    .set(rowOf(kind, values))
    .where('id', '=', rowId)
    .execute();
}

export async function deleteProperty(db: Db, kind: PropertyKind, rowId: number): Promise<void> {
  await db
    .deleteFrom(PROPERTY_TABLE[kind] as 'countries')
    .where('id', '=', rowId)
    .execute();
}
