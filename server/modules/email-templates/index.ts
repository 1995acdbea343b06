import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_TEMPLATE_TYPES, FALLBACK_MAIL_LANGUAGE, renderedMailResponse, emailTemplatePreviewInput, isSystemEmailTemplateType, type EmailTemplate } from '../../../src/shared';
import { emailTemplatesResource } from '../../../src/shared/resources/email-templates';
import { requireRank } from '../../auth/guard';
import type { Db } from '../../db/database';
import { AppError, validationError } from '../../http/app-error';
import { fileReferenceErrors } from '../../files/references';
import { success } from '../../http/envelope';
import { crudRoutes } from '../../http/crud-routes';
import { renderMail, sampleValues } from '../../mail/templates';
import { countActiveOfType, deleteEmailTemplate, findEmailTemplate, listEmailTemplates, saveEmailTemplate } from './queries';

/** Every statement's file must be in the upload store as an e-mail attachment. */
async function checkAttachments(db: Db, statements: { fileId?: string | null }[]): Promise<void> {
  const errors = (
    await Promise.all(statements.map((statement, index) => (statement.fileId ? fileReferenceErrors(db, `statements.${index}.fileId`, [statement.fileId], 'email-attachment') : [])))
  ).flat();
  if (errors.length) throw validationError(errors);
}

/** Two saves activating the same type and language at once: the partial unique index refuses the second. */
function activationRace(): AppError {
  return new AppError('CONFLICT', 'Another template of this type and language was activated at the same time; reload and try again.', {
    errors: [{ field: 'activeFlag', message: 'Another template of this type and language was activated at the same time.' }],
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
  const message = `This is the only active English "${template.type}" template and the console sends every ${template.type} mail from it to readers without an active template in their language, so it cannot be ${change === 'delete' ? 'deleted' : 'deactivated'}. Activate another English "${template.type}" template first.`;
  throw new AppError('CONFLICT', message, { errors: [{ field: 'activeFlag', message }] });
}

/** /api/email-templates: the mails the server sends, one active template per type and language (System Setting, rank 1). */
export async function emailTemplatesModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  crudRoutes(app, emailTemplatesResource, {
    store: {
      list: (request) => listEmailTemplates(db, request),
      find: (id, caller) => findEmailTemplate(db, caller!, id),
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
