import type { Db } from '../../db/database';
import { ANY_ERROR_ID, type MailLanguage, type RenderedMail } from '../../../src/shared';
import type { AppContext } from '../../context';
import type { Reader } from '../../http/reader';
import { mailTemplateFor } from '../../mail/active-template';
import { readerOfAddress, storedReader, valuesFor, type MailValue } from '../../mail/recipient';
import { renderHtmlFragment, renderMail, renderText } from '../../mail/templates';
import { findAlertMailFor } from './queries';

interface AlertText {
  subtitle: string;
  content: string;
}

/**
 * The alert used when a procedure has neither a template for the error nor a catch-all one, in each
 * language; the catch-all templates of the collect and post procedures start as the English text
 * (migrations 018, 024). The subject says what failed in words; the error code appears once, in the
 * body, for support.
 */
export const DEFAULT_ALERT_MAILS: Record<MailLanguage, AlertText> = {
  en: {
    subtitle: '{{summary}}',
    content: 'Task {{taskId}} of the collect configuration "{{configName}}" stopped at {{occurredAt}} with error {{errorId}}.\n\n{{detail}}',
  },
  ko: {
    subtitle: '{{summary}}',
    content: '수집 설정 "{{configName}}"의 작업 {{taskId}}이(가) {{occurredAt}}에 오류 {{errorId}}(으)로 중단되었습니다.\n\n{{detail}}',
  },
};
export const DEFAULT_ALERT_MAIL = DEFAULT_ALERT_MAILS.en;

/**
 * An alert text for a reader: a catch-all still reading the built-in English text is the built-in
 * alert, which exists in every language; one an administrator wrote is sent as they wrote it.
 */
function alertTextFor(alert: AlertText, language: MailLanguage): AlertText {
  const unedited = alert.subtitle === DEFAULT_ALERT_MAIL.subtitle && alert.content === DEFAULT_ALERT_MAIL.content;
  return unedited ? DEFAULT_ALERT_MAILS[language] : alert;
}

export interface AlertRequest {
  procedure: string;
  errorId: string;
  /**
   * Values of the alert placeholders (summary, taskId, configId, configName, occurredAt, detail,
   * link…) and the recipient's name: a time or words in each language are written for the reader.
   */
  values: Readonly<Record<string, MailValue>>;
}

/** An alert mail with the upload store files its `alert` e-mail template attaches. */
export interface RenderedAlert extends RenderedMail {
  attachmentFileIds: string[];
}

/**
 * Composes an alert template with the `alert` e-mail template of the reader's language: the
 * alert's subtitle and content fill that template's {{subtitle}} and {{detail}}.
 */
export async function composeAlertMail(db: Db, alert: AlertText, { procedure, errorId, values }: AlertRequest, reader: Reader = storedReader(undefined)): Promise<RenderedAlert> {
  const alertValues = { ...valuesFor(values, reader), procedure, errorId };
  const wrapper = await mailTemplateFor(db, 'alert', reader.language);
  const mail = renderMail(
    wrapper,
    { ...alertValues, subtitle: renderText(alert.subtitle, alertValues), detail: renderText(alert.content, alertValues) },
    // The detail's HTML escapes its own values; escaping it again would show entities in the mail.
    { detail: renderHtmlFragment(alert.content, alertValues) },
  );
  return { ...mail, attachmentFileIds: wrapper.attachmentFileIds };
}

/**
 * The mail a data-collection job sends when a task fails, for a reader (an outside address reads
 * English): the (procedure, errorId) template, else the procedure's catch-all (errorId `*`), else
 * the built-in alert.
 */
export async function renderAlertMail(db: Db, request: AlertRequest, reader: Reader = storedReader(undefined)): Promise<RenderedAlert> {
  const alert = (await findAlertMailFor(db, request.procedure, request.errorId)) ?? (await findAlertMailFor(db, request.procedure, ANY_ERROR_ID)) ?? DEFAULT_ALERT_MAIL;
  return composeAlertMail(db, alertTextFor(alert, reader.language), request, reader);
}

/** Renders and sends an alert to one recipient, in their stored language and zone, through the mailer (outbox, SMTP when configured). */
export async function sendAlertMail(ctx: Pick<AppContext, 'db' | 'mailer'>, to: string, request: AlertRequest): Promise<void> {
  const { attachmentFileIds, ...mail } = await renderAlertMail(ctx.db, request, await readerOfAddress(ctx.db, to));
  await ctx.mailer.deliver('alert', to, mail, attachmentFileIds);
}
