import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, templateInput, templateListResponse, templateResponse, type FieldError } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { rejectDuplicate } from '../../db/unique-violation';
import { fileReferenceErrors } from '../../files/references';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import type { Db } from '../../db/database';
import { dataTypeExists, deleteTemplate, findTemplate, findTemplateByName, listTemplates, saveTemplate, templateListSpec } from './queries';

type TemplateValues = z.output<typeof templateInput>;

function duplicate(name: string): AppError {
  const message = `A template named ${name} already exists.`;
  return new AppError('CONFLICT', message, { errors: [{ field: 'name', message }] });
}

/** The data type must be a known code and every file must exist with the right upload purpose. */
async function checkReferences(db: Db, input: TemplateValues): Promise<void> {
  const errors: FieldError[] = [];
  if (!(await dataTypeExists(db, input.dataType))) errors.push({ field: 'dataType', message: `${input.dataType} is not a data type.` });
  errors.push(...(await fileReferenceErrors(db, 'fileId', input.fileId ? [input.fileId] : [], 'template-dashboard')));
  errors.push(
    ...(await fileReferenceErrors(
      db,
      'previews',
      input.previews.map((preview) => preview.fileId),
      'template-preview',
    )),
  );
  if (errors.length) throw validationError(errors);
}

/**
 * /api/templates: dashboard templates (System Setting, rank 1). Any signed-in user may read the
 * active ones, which the project forms offer; only rank 1 sees inactive ones or writes.
 */
export async function templatesModule(app: FastifyInstance) {
  const { db, clock, tokens } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readers = { onRequest: requireRank(AREA_RANK.project) };
  const managers = { onRequest: requireRank(AREA_RANK.systemSetting) };
  const seesInactive = (rank: number) => rank <= AREA_RANK.systemSetting;

  routes.get('/templates', { ...readers, schema: { querystring: listQuerystring, response: { 200: templateListResponse } } }, async (request) => {
    const list = parseListQuery(request.query, templateListSpec);
    if (!seesInactive(request.admin!.rank)) list.conditions.push({ column: 'templates.status', kind: 'eq', value: 'Y' });
    return success(await listTemplates(db, tokens, list));
  });

  routes.get('/templates/:id', { ...readers, schema: { params: idParams, response: { 200: templateResponse } } }, async (request) => {
    const template = await findTemplate(db, tokens, request.params.id);
    if (!template || (template.status !== 'Y' && !seesInactive(request.admin!.rank))) throw new AppError('NOT_FOUND', 'No such template.');
    return success(template);
  });

  routes.post('/templates', { ...managers, schema: { body: templateInput, response: { 200: templateResponse } } }, async (request) => {
    const input = request.body;
    await checkReferences(db, input);
    if (await findTemplateByName(db, input.name)) throw duplicate(input.name);
    const id = await rejectDuplicate(saveTemplate(db, input, isoNow(clock)), () => duplicate(input.name));
    return success(await findTemplate(db, tokens, id!), 'The template has been added.');
  });

  routes.put('/templates/:id', { ...managers, schema: { params: idParams, body: templateInput, response: { 200: templateResponse } } }, async (request) => {
    const input = request.body;
    await checkReferences(db, input);
    const clash = await findTemplateByName(db, input.name);
    if (clash && clash.id !== request.params.id) throw duplicate(input.name);
    const id = await rejectDuplicate(saveTemplate(db, input, isoNow(clock), request.params.id), () => duplicate(input.name));
    if (id === undefined) throw new AppError('NOT_FOUND', 'No such template.');
    return success(await findTemplate(db, tokens, id), 'The template has been saved.');
  });

  // The uploaded files stay: another record may reference them, and rows and blobs cannot share a transaction.
  routes.delete('/templates/:id', { ...managers, schema: { params: idParams, response: { 200: templateResponse } } }, async (request) => {
    const template = await findTemplate(db, tokens, request.params.id);
    if (!template) throw new AppError('NOT_FOUND', 'No such template.');
    await deleteTemplate(db, template.id);
    return success(template, 'The template has been deleted.');
  });
}
