import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_TEMPLATE_TYPES, FALLBACK_MAIL_LANGUAGE, renderedMailResponse, emailTemplatePreviewInput, isSystemEmailTemplateType, type EmailTemplate } from '../../../src/shared';
import { emailTemplatesResource } from '../../../src/shared/resources/email-templates';
import { requireRank } from '../../auth/guard';
import type { Db } from '../../db/database';
import { AppError, validationError } from '../../http/app-error';
import { fileReferenceErrors } from '../../files/references';
import { success } from '../../http/envelope';
import { rowHomes } from '../../db/record-rows';
import { crudRoutes } from '../../http/crud-routes';
import { renderMail, sampleValues } from '../../mail/templates';
import { countActiveOfType, deleteEmailTemplate, findEmailTemplate, findEmailTemplates, listEmailTemplates, saveEmailTemplate } from './queries';
import { codeValue, sentence } from '../../../src/i18n/serverMessage';

/** Every statement's file must be in the upload store as an e-mail attachment. */
async function checkAttachments(db: Db, statements: { fileId?: string | null }[]): Promise<void> {
  const errors = (
    await Promise.all(statements.map((statement, index) => (statement.fileId ? fileReferenceErrors(db, `statements.${index}.fileId`, [statement.fileId], 'email-attachment') : [])))
  ).flat();
  if (errors.length) throw validationError(errors);
}

/** Two saves activating the same type and language at once: the partial unique index refuses the second. */
function activationRace(): AppError {
  return new AppError('CONFLICT', sentence('emailTemplates.anotherTemplateOfThisType'), {
    errors: [{ field: 'activeFlag', message: sentence('emailTemplates.anotherTemplateOfThisType2') }],
  });
}

/**
 * A system type keeps an active English template, the one a reader without an active template in
 * their language gets: deleting it, deactivating it or moving it to another type or language is
 * refused while it is the last (activate another English template of the type first). A Korean one
 * may go: Korean readers then get the English one.
 */
async function refuseRetiringLastActive(db: Db, template: Pick<EmailTemplate, 'activeFlag'> & { type: string; language: string }, change: 'delete' | 'deactivate'): Promise<void> {
  if (template.activeFlag !== 'Y' || template.language !== FALLBACK_MAIL_LANGUAGE || !isSystemEmailTemplateType(template.type)) return;
  if ((await countActiveOfType(db, template.type, FALLBACK_MAIL_LANGUAGE)) > 1) return;
  const message = sentence('emailTemplates.thisIsTheOnlyActive', {
    type: codeValue('emailTemplateType', template.type),
    type2: codeValue('emailTemplateType', template.type),
    choice: change === 'delete' ? 'deleted' : 'deactivated',
    type3: codeValue('emailTemplateType', template.type),
  });
  throw new AppError('CONFLICT', message, { errors: [{ field: 'activeFlag', message }] });
}

/** /api/email-templates: the mails the server sends, one active template per type and language (System Setting, rank 1). */
export async function emailTemplatesModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  crudRoutes(app, emailTemplatesResource, {
    store: {
      list: (request) => listEmailTemplates(db, request),
      find: (id, caller) => findEmailTemplate(db, caller!, id),
      findMany: (ids, caller) => findEmailTemplates(db, caller, ids),
      insert: async (input) => (await saveEmailTemplate(db, clock, input))!,
      update: async (id, input) => (await saveEmailTemplate(db, clock, input, id)) !== undefined,
      remove: (_template, id) => deleteEmailTemplate(db, id),
    },
    duplicate: { error: activationRace },
    check: async (input, current) => {
      if (current && (input.activeFlag !== 'Y' || input.type !== current.type || input.language !== current.language)) await refuseRetiringLastActive(db, current, 'deactivate');
      await checkAttachments(db, input.statements);
    },
    beforeDelete: (template) => refuseRetiringLastActive(db, template, 'delete'),
  });
  // Its store reads its own list (no `table` to qualify): the row a delete takes is named here.
  rowHomes(app.ctx).set(emailTemplatesResource.name, (id) => ({ table: 'email_templates', id: Number(id) }));

  // Renders what is being edited with sample values; nothing is saved.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/email-templates/preview',
      { onRequest: requireRank(emailTemplatesResource.rank.write), schema: { body: emailTemplatePreviewInput, response: { 200: renderedMailResponse } } },
      async (request) => {
        const { type, language, title, body, statements } = request.body;
        return success(renderMail({ title, body, statements: statements.map((statement) => statement.statement) }, sampleValues(EMAIL_TEMPLATE_TYPES[type].placeholders, language)));
      },
    );
}
