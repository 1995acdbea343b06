import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AREA_RANK,
  EMAIL_TEMPLATE_TYPES,
  emailTemplateInput,
  emailTemplateListResponse,
  emailTemplateResponse,
  renderedMailResponse,
  emailTemplatePreviewInput,
  isSystemEmailTemplateType,
  type EmailTemplate,
} from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import type { Db } from '../../db/database';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError, validationError } from '../../http/app-error';
import { fileReferenceErrors } from '../../files/references';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { renderMail, sampleValues } from '../../mail/templates';
import { countActiveOfType, deleteEmailTemplate, emailTemplateListSpec, findEmailTemplate, listEmailTemplates, saveEmailTemplate } from './queries';

/** Every statement's file must be in the upload store as an e-mail attachment. */
async function checkAttachments(db: Db, statements: { fileId?: string | null }[]): Promise<void> {
  const errors = (
    await Promise.all(statements.map((statement, index) => (statement.fileId ? fileReferenceErrors(db, `statements.${index}.fileId`, [statement.fileId], 'email-attachment') : [])))
  ).flat();
  if (errors.length) throw validationError(errors);
}

/** Two saves activating the same type at once: the partial unique index refuses the second. */
function activationRace(): AppError {
  return new AppError('CONFLICT', 'Another template of this type was activated at the same time; reload and try again.', {
    errors: [{ field: 'activeFlag', message: 'Another template of this type was activated at the same time.' }],
  });
}

/**
 * A system type keeps an active template: deleting it, deactivating it or moving it to another type
 * is refused while it is the type's last active one (activate another template of the type first).
 */
async function refuseRetiringLastActive(db: Db, template: EmailTemplate, change: 'delete' | 'deactivate'): Promise<void> {
  if (template.activeFlag !== 'Y' || !isSystemEmailTemplateType(template.type) || (await countActiveOfType(db, template.type)) > 1) return;
  const message = `This is the only active "${template.type}" template and the console sends every ${template.type} mail from it, so it cannot be ${change === 'delete' ? 'deleted' : 'deactivated'}. Activate another "${template.type}" template first.`;
  throw new AppError('CONFLICT', message, { errors: [{ field: 'activeFlag', message }] });
}

/** /api/email-templates: the mails the server sends, one active template per type (System Setting, rank 1). */
export async function emailTemplatesModule(app: FastifyInstance) {
  const { db, clock, tokens } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.systemSetting));

  routes.get('/email-templates', { schema: { querystring: listQuerystring, response: { 200: emailTemplateListResponse } } }, async (request) =>
    success(await listEmailTemplates(db, parseListQuery(request.query, emailTemplateListSpec))),
  );

  routes.get('/email-templates/:id', { schema: { params: idParams, response: { 200: emailTemplateResponse } } }, async (request) => {
    const template = await findEmailTemplate(db, tokens, request.params.id);
    if (!template) throw new AppError('NOT_FOUND', 'No such e-mail template.');
    return success(template);
  });

  // Renders what is being edited with sample values; nothing is saved.
  routes.post('/email-templates/preview', { schema: { body: emailTemplatePreviewInput, response: { 200: renderedMailResponse } } }, async (request) => {
    const { type, title, body, statements } = request.body;
    return success(renderMail({ title, body, statements: statements.map((statement) => statement.statement) }, sampleValues(EMAIL_TEMPLATE_TYPES[type].placeholders)));
  });

  routes.post('/email-templates', { schema: { body: emailTemplateInput, response: { 200: emailTemplateResponse } } }, async (request) => {
    await checkAttachments(db, request.body.statements);
    const id = await rejectDuplicate(saveEmailTemplate(db, clock, request.body), activationRace);
    return success(await findEmailTemplate(db, tokens, id!), 'The e-mail template has been added.');
  });

  routes.put('/email-templates/:id', { schema: { params: idParams, body: emailTemplateInput, response: { 200: emailTemplateResponse } } }, async (request) => {
    const current = await findEmailTemplate(db, tokens, request.params.id);
    if (current && (request.body.activeFlag !== 'Y' || request.body.type !== current.type)) await refuseRetiringLastActive(db, current, 'deactivate');
    await checkAttachments(db, request.body.statements);
    const id = await rejectDuplicate(saveEmailTemplate(db, clock, request.body, request.params.id), activationRace);
    if (id === undefined) throw new AppError('NOT_FOUND', 'No such e-mail template.');
    return success(await findEmailTemplate(db, tokens, id), 'The e-mail template has been saved.');
  });

  routes.delete('/email-templates/:id', { schema: { params: idParams, response: { 200: emailTemplateResponse } } }, async (request) => {
    const template = await findEmailTemplate(db, tokens, request.params.id);
    if (!template) throw new AppError('NOT_FOUND', 'No such e-mail template.');
    await refuseRetiringLastActive(db, template, 'delete');
    await deleteEmailTemplate(db, request.params.id);
    return success(template, 'The e-mail template has been deleted.');
  });
}
