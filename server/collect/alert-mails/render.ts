import type { Db } from '../../db/database';
import { ANY_ERROR_ID, type RenderedMail } from '../../../src/shared';
import type { AppContext } from '../../context';
import { activeTemplate } from '../../mail/active-template';
import { DEFAULT_TEMPLATES, renderHtmlFragment, renderMail, renderText } from '../../mail/templates';
import { findAlertMailFor } from './queries';

/**
 * The alert used when a procedure has neither a template for the error nor a catch-all one; the
 * catch-all templates of the collect and post procedures start as this text (migration 018).
 * The subject says what failed in words; the error code appears once, in the body, for support.
 */
export const DEFAULT_ALERT_MAIL = {
  subtitle: '{{summary}}',
  content: 'Task {{taskId}} of the collect configuration "{{configName}}" stopped at {{occurredAt}} with error {{errorId}}.\n\n{{detail}}',
};

export interface AlertRequest {
  procedure: string;
  errorId: string;
  /** Values of the alert placeholders (summary, taskId, configId, configName, occurredAt, detail, link…) and the recipient's name. */
  values: Record<string, string>;
}

/** An alert mail with the upload store files its `alert` e-mail template attaches. */
export interface RenderedAlert extends RenderedMail {
  attachmentFileIds: string[];
}

/**
 * Composes an alert template with the `alert` e-mail template: the alert's subtitle and content
 * fill that template's {{subtitle}} and {{detail}}.
 */
export async function composeAlertMail(db: Db, alert: { subtitle: string; content: string }, { procedure, errorId, values }: AlertRequest): Promise<RenderedAlert> {
  const alertValues = { ...values, procedure, errorId };
  const wrapper = await activeTemplate(db, 'alert');
  const mail = renderMail(
    wrapper ?? DEFAULT_TEMPLATES.alert,
    { ...alertValues, subtitle: renderText(alert.subtitle, alertValues), detail: renderText(alert.content, alertValues) },
    // The detail's HTML escapes its own values; escaping it again would show entities in the mail.
    { detail: renderHtmlFragment(alert.content, alertValues) },
  );
  return { ...mail, attachmentFileIds: wrapper?.attachmentFileIds ?? [] };
}

/**
 * The mail a data-collection job sends when a task fails: the (procedure, errorId) template,
 * else the procedure's catch-all (errorId `*`), else the built-in alert.
 */
export async function renderAlertMail(db: Db, request: AlertRequest): Promise<RenderedAlert> {
  const alert = (await findAlertMailFor(db, request.procedure, request.errorId)) ?? (await findAlertMailFor(db, request.procedure, ANY_ERROR_ID)) ?? DEFAULT_ALERT_MAIL;
  return composeAlertMail(db, alert, request);
}

/** Renders and sends an alert to one recipient through the mailer (outbox, SMTP when configured). */
export async function sendAlertMail(ctx: Pick<AppContext, 'db' | 'mailer'>, to: string, request: AlertRequest): Promise<void> {
  const { attachmentFileIds, ...mail } = await renderAlertMail(ctx.db, request);
  await ctx.mailer.deliver('alert', to, mail, attachmentFileIds);
}
