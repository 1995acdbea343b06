import type { z } from 'zod';
import type { Template, templateInput } from '../../../src/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { findFileRows, presentFiles } from '../../files/references';
import { listPage, type ListRequest } from '../../db/list-page';

/** For the list whitelist: the columns not named as their field, qualified by the table (the list joins data_types). */
export const templateColumns = { table: 'templates', columns: { dataType: 'data_type_code' } } as const;

const columns = [
  'templates.id',
  'templates.name',
  'templates.data_type_code as dataType',
  'data_types.name as dataTypeName',
  'templates.description',
  'templates.status',
  'templates.file_id as fileId',
  'templates.created_at as createdAt',
  'templates.updated_at as updatedAt',
] as const;

type TemplateRow = Omit<Template, 'file' | 'previews'>;

const baseQuery = (db: Db) => db.selectFrom('templates').leftJoin('data_types', 'data_types.code', 'templates.data_type_code');

/** Adds each template's dashboard file and ordered previews, two queries for the whole page. */
async function withFiles(db: Db, caller: FastifyRequest, rows: TemplateRow[]): Promise<Template[]> {
  if (rows.length === 0) return [];
  const previews = await db
    .selectFrom('template_previews')
    .select(['template_id', 'file_id'])
    .where(
      'template_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('template_id')
    .orderBy('sort_no')
    .execute();
  const fileIds = [...new Set([...previews.map((preview) => preview.file_id), ...rows.flatMap((row) => (row.fileId ? [row.fileId] : []))])];
  const files = await presentFiles(caller, await findFileRows(db, fileIds));
  return rows.map((row) => ({
    ...row,
    file: row.fileId ? (files.get(row.fileId) ?? null) : null,
    previews: previews.filter((preview) => preview.template_id === row.id).flatMap((preview) => files.get(preview.file_id) ?? []),
  }));
}

export async function listTemplates(db: Db, caller: FastifyRequest, request: ListRequest) {
  const page = await listPage(baseQuery(db), request, (query) => query.select(columns), 'templates.id', { db });
  return { ...page, list: await withFiles(db, caller, page.list as TemplateRow[]) };
}

export async function findTemplate(db: Db, caller: FastifyRequest, id: number): Promise<Template | undefined> {
  const row = await baseQuery(db).select(columns).where('templates.id', '=', id).executeTakeFirst();
  return row ? (await withFiles(db, caller, [row as TemplateRow]))[0] : undefined;
}

/** The templates of `ids` in one read (an unknown id is left out). */
export async function findTemplates(db: Db, caller: FastifyRequest, ids: readonly number[]): Promise<Template[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db).select(columns).where('templates.id', 'in', ids).execute();
  return withFiles(db, caller, rows as TemplateRow[]);
}

export function findTemplateByName(db: Db, name: string) {
  return db.selectFrom('templates').select('id').where('name', '=', name).executeTakeFirst();
}

export function dataTypeExists(db: Db, code: string) {
  return db.selectFrom('data_types').select('id').where('code', '=', code).executeTakeFirst();
}

type SavedInput = z.output<typeof templateInput>;

/** Writes a template and replaces its previews, in one transaction; answers the template id. */
export function saveTemplate(db: Db, input: SavedInput, now: string, id?: number): Promise<number | undefined> {
  const values = {
    name: input.name,
    data_type_code: input.dataType,
    description: input.description ?? null,
    status: input.status,
    file_id: input.fileId ?? null,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    let templateId = id;
    if (templateId === undefined) {
      templateId = (
        await trx
          .insertInto('templates')
          .values({ ...values, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const updated = await trx.updateTable('templates').set(values).where('id', '=', templateId).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return undefined;
      await trx.deleteFrom('template_previews').where('template_id', '=', templateId).execute();
    }
    if (input.previews.length) {
      await trx
        .insertInto('template_previews')
        .values(input.previews.map((preview, sortNo) => ({ template_id: templateId, sort_no: sortNo, file_id: preview.fileId })))
        .execute();
    }
    return templateId;
  });
}

/** The template and its previews. */
export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('template_previews').where('template_id', '=', id).execute();
    await trx.deleteFrom('templates').where('id', '=', id).execute();
  });
}
