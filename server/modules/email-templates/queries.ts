import type { Clock } from '../../clock';
import { isoNow } from '../../clock';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { EMAIL_TEMPLATE_TYPES, type EmailTemplate, type EmailTemplateStatement, type EmailTemplateType, type emailTemplateInput } from '../../../src/shared';
import { listPage, type ListRequest } from '../../db/list-page';
import type { FastifyRequest } from 'fastify';
import { findFileRows, presentFiles } from '../../files/references';

const columns = ['id', 'type', 'language', 'title', 'body', 'active_flag as activeFlag', 'created_at as createdAt', 'updated_at as updatedAt'] as const;

type TemplateRow = Omit<EmailTemplate, 'typeId' | 'statements'>;

const withTypeId = <Row extends { type: string }>(row: Row) => ({ ...row, typeId: EMAIL_TEMPLATE_TYPES[row.type as EmailTemplateType]?.typeId ?? 0 });

export async function listEmailTemplates(db: Db, request: ListRequest) {
  const page = await listPage(db.selectFrom('email_templates'), request, (query) => query.select(columns), 'id', { db });
  return { ...page, list: page.list.map(withTypeId) };
}

/** Templates with their statements, each attached file presented with a fresh download link, in one read for all of `ids` (an unknown id is left out). */
export async function findEmailTemplates(db: Db, caller: FastifyRequest, ids: readonly number[]): Promise<EmailTemplate[]> {
  if (ids.length === 0) return [];
  const rows = (await db.selectFrom('email_templates').select(columns).where('id', 'in', ids).execute()) as TemplateRow[];
  if (rows.length === 0) return [];
  const statements = await db
    .selectFrom('email_template_statements')
    .select(['template_id', 'id', 'statement', 'file_id'])
    .where(
      'template_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('sort_no')
    .execute();
  const files = await presentFiles(
    caller,
    await findFileRows(
      db,
      statements.flatMap((statement) => (statement.file_id ? [statement.file_id] : [])),
    ),
  );
  return rows.map((row) => ({
    ...withTypeId(row),
    statements: statements
      .filter((statement) => statement.template_id === row.id)
      .map((statement): EmailTemplateStatement => {
        const file = statement.file_id ? files.get(statement.file_id) : undefined;
        return { statementId: statement.id, statement: statement.statement, fileId: statement.file_id, fileType: file?.type ?? null, originalName: file?.originalName ?? null, url: file?.url ?? null };
      }),
  }));
}

/** One template, read as findEmailTemplates reads a page of them. */
export async function findEmailTemplate(db: Db, caller: FastifyRequest, id: number): Promise<EmailTemplate | undefined> {
  return (await findEmailTemplates(db, caller, [id]))[0];
}

type SavedInput = z.output<typeof emailTemplateInput>;

/**
 * Writes a template and its statements in one transaction; an active template first retires the
 * other active one of its type and language, so the partial unique index never sees two.
 */
export async function saveEmailTemplate(db: Db, clock: Clock, input: SavedInput, id?: number): Promise<number | undefined> {
  const now = isoNow(clock);
  return db.transaction().execute(async (trx) => {
    if (id !== undefined && !(await trx.selectFrom('email_templates').select('id').where('id', '=', id).executeTakeFirst())) return undefined;
    if (input.activeFlag === 'Y') {
      let others = trx.updateTable('email_templates').set({ active_flag: 'N', updated_at: now }).where('type', '=', input.type).where('language', '=', input.language).where('active_flag', '=', 'Y');
      if (id !== undefined) others = others.where('id', '!=', id);
      await others.execute();
    }
    const fields = { type: input.type, language: input.language, title: input.title, body: input.body, active_flag: input.activeFlag, updated_at: now };
    let templateId = id;
    if (templateId === undefined) {
      templateId = (
        await trx
          .insertInto('email_templates')
          .values({ ...fields, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      await trx.updateTable('email_templates').set(fields).where('id', '=', templateId).execute();
      await trx.deleteFrom('email_template_statements').where('template_id', '=', templateId).execute();
    }
    if (input.statements.length) {
      await trx
        .insertInto('email_template_statements')
        .values(input.statements.map((statement, index) => ({ template_id: templateId, sort_no: index + 1, statement: statement.statement, file_id: statement.fileId ?? null })))
        .execute();
    }
    return templateId;
  });
}

/** How many active templates a type has in a language (the partial unique index keeps it at 0 or 1). */
export async function countActiveOfType(db: Db, type: string, language: string): Promise<number> {
  const row = await db
    .selectFrom('email_templates')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('type', '=', type)
    .where('language', '=', language)
    .where('active_flag', '=', 'Y')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteEmailTemplate(db: Db, id: number): Promise<void> {
  await db.deleteFrom('email_templates').where('id', '=', id).execute();
}
