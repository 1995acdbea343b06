import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AREA_RANK, type templateInput, type FieldError } from '../../../src/shared';
import { templatesResource } from '../../../src/shared/resources/templates';
import { fileReferenceErrors } from '../../files/references';
import { AppError, validationError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import type { Db } from '../../db/database';
import { dataTypeExists, deleteTemplate, findTemplate, findTemplateByName, listTemplates, saveTemplate, templateColumns } from './queries';
import { sentence } from '../../../src/i18n/serverMessage';

type TemplateValues = z.output<typeof templateInput>;

function duplicate({ name }: TemplateValues): AppError {
  const message = sentence('templates.aTemplateNamedAlreadyExists', { name });
  return new AppError('CONFLICT', message, { errors: [{ field: 'name', message }] });
}

/** The data type must be a known code and every file must exist with the right upload purpose. */
async function checkReferences(db: Db, input: TemplateValues): Promise<void> {
  const errors: FieldError[] = [];
  if (!(await dataTypeExists(db, input.dataType))) errors.push({ field: 'dataType', message: sentence('datasets.isNotADataType', { dataType: input.dataType }) });
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
  const { db } = app.ctx;
  const seesInactive = (rank: number) => rank <= AREA_RANK.systemSetting;
  crudRoutes(app, templatesResource, {
    store: {
      ...templateColumns,
      // Inactive templates are rank 1's alone.
      list: (request, caller) => {
        if (!seesInactive(caller.admin!.rank)) request.conditions.push({ column: 'templates.status', kind: 'eq', value: 'Y' });
        return listTemplates(db, caller, request);
      },
      find: (id, caller) => findTemplate(db, caller!, id),
      insert: async (input, now) => (await saveTemplate(db, input, now))!,
      update: async (id, input, now) => (await saveTemplate(db, input, now, id)) !== undefined,
      // The uploaded files stay: another record may reference them, and rows and blobs cannot share a transaction.
      remove: (template) => deleteTemplate(db, template.id),
    },
    duplicate: { error: duplicate, holder: { by: ['name'], find: (input) => findTemplateByName(db, input.name) } },
    check: (input) => checkReferences(db, input),
    scope: {
      sees: (request, template) => template.status === 'Y' || seesInactive(request.admin!.rank),
    },
  });
}
