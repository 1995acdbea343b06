import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALERT_MAIL_PLACEHOLDERS, alertMailInput, renderedMailResponse } from '../../../src/shared';
import { alertMailsResource } from '../../../src/shared/resources/alert-mails';
import { tableStore } from '../../db/table-store';
import { AppError } from '../../http/app-error';
import { crudRoutes } from '../../http/crud-routes';
import { success } from '../../http/envelope';
import { sampleValues } from '../../mail/templates';
import { findAlertMailFor } from './queries';
import { composeAlertMail } from './render';
import { sentence } from '../../../src/i18n/serverMessage';

function duplicate({ procedure, errorId }: { procedure: string; errorId: string }): AppError {
  const message = sentence('collect.anAlertMailForAnd', { procedure, errorId });
  return new AppError('CONFLICT', message, { errors: [{ field: 'errorId', message }] });
}

/** /api/alert-mails: what data-collection jobs mail when a task fails, per procedure and error (System Setting, rank 1). */
export async function alertMailsModule(app: FastifyInstance) {
  const { db } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const { writers } = crudRoutes(app, alertMailsResource, {
    store: tableStore(db, alertMailsResource, { table: 'alert_mails' }),
    duplicate: { error: duplicate, holder: { by: ['procedure', 'errorId'], find: (input) => findAlertMailFor(db, input.procedure, input.errorId) } },
  });

  // The mail as a job would send it, with sample values; nothing is saved.
  routes.post('/alert-mails/preview', { ...writers, schema: { body: alertMailInput, response: { 200: renderedMailResponse } } }, async (request) => {
    const { procedure, errorId, subtitle, content } = request.body;
    const { subject, text, html } = await composeAlertMail(db, { subtitle, content }, { procedure, errorId, values: sampleValues(['name', ...ALERT_MAIL_PLACEHOLDERS]) });
    return success({ subject, text, html });
  });
}
