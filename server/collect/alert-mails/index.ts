import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALERT_MAIL_PLACEHOLDERS, AREA_RANK, alertMailInput, alertMailListResponse, alertMailResponse, renderedMailResponse } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { isoNow } from '../../clock';
import { rejectDuplicate } from '../../db/unique-violation';
import { AppError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseListQuery } from '../../http/list-query';
import { sampleValues } from '../../mail/templates';
import { alertMailListSpec, deleteAlertMail, findAlertMail, findAlertMailFor, insertAlertMail, listAlertMails, updateAlertMail } from './queries';
import { composeAlertMail } from './render';

function duplicate(procedure: string, errorId: string): AppError {
  const message = `An alert mail for ${procedure} and error ${errorId} already exists.`;
  return new AppError('CONFLICT', message, { errors: [{ field: 'errorId', message }] });
}

/** /api/alert-mails: what data-collection jobs mail when a task fails, per procedure and error (System Setting, rank 1). */
export async function alertMailsModule(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireRank(AREA_RANK.systemSetting));

  routes.get('/alert-mails', { schema: { querystring: listQuerystring, response: { 200: alertMailListResponse } } }, async (request) =>
    success(await listAlertMails(db, parseListQuery(request.query, alertMailListSpec))),
  );

  routes.get('/alert-mails/:id', { schema: { params: idParams, response: { 200: alertMailResponse } } }, async (request) => {
    const alertMail = await findAlertMail(db, request.params.id);
    if (!alertMail) throw new AppError('NOT_FOUND', 'No such alert mail.');
    return success(alertMail);
  });

  // The mail as a job would send it, with sample values; nothing is saved.
  routes.post('/alert-mails/preview', { schema: { body: alertMailInput, response: { 200: renderedMailResponse } } }, async (request) => {
    const { procedure, errorId, subtitle, content } = request.body;
    const { subject, text, html } = await composeAlertMail(db, { subtitle, content }, { procedure, errorId, values: sampleValues(['name', ...ALERT_MAIL_PLACEHOLDERS]) });
    return success({ subject, text, html });
  });

  routes.post('/alert-mails', { schema: { body: alertMailInput, response: { 200: alertMailResponse } } }, async (request) => {
    const input = request.body;
    if (await findAlertMailFor(db, input.procedure, input.errorId)) throw duplicate(input.procedure, input.errorId);
    const id = await rejectDuplicate(insertAlertMail(db, input, isoNow(clock)), () => duplicate(input.procedure, input.errorId));
    return success(await findAlertMail(db, id), 'The alert mail has been added.');
  });

  routes.put('/alert-mails/:id', { schema: { params: idParams, body: alertMailInput, response: { 200: alertMailResponse } } }, async (request) => {
    const input = request.body;
    const clash = await findAlertMailFor(db, input.procedure, input.errorId);
    if (clash && clash.id !== request.params.id) throw duplicate(input.procedure, input.errorId);
    const updated = await rejectDuplicate(updateAlertMail(db, request.params.id, input, isoNow(clock)), () => duplicate(input.procedure, input.errorId));
    if (!updated) throw new AppError('NOT_FOUND', 'No such alert mail.');
    return success(await findAlertMail(db, request.params.id), 'The alert mail has been saved.');
  });

  routes.delete('/alert-mails/:id', { schema: { params: idParams, response: { 200: alertMailResponse } } }, async (request) => {
    const alertMail = await findAlertMail(db, request.params.id);
    if (!alertMail) throw new AppError('NOT_FOUND', 'No such alert mail.');
    await deleteAlertMail(db, request.params.id);
    return success(alertMail, 'The alert mail has been deleted.');
  });
}
