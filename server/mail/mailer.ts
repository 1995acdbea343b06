import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { isoNow } from '../clock';
import { DEFAULT_TEMPLATES, renderHtml, renderText, type MailType } from './templates';

export interface Mailer {
  send(type: MailType, to: string, values: Record<string, string>): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
  close(): void;
}

/**
 * Every mail is written to mail_outbox. With SMTP_URL it is also sent over SMTP; without, the
 * server log prints it so the embedded default works with no mail server.
 */
export function createMailer(options: { db: Db; clock: Clock; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transporter: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(type, to, values) {
      const template = DEFAULT_TEMPLATES[type];
      const subject = renderText(template.title, values);
      const text = renderText(template.body, values);
      const html = renderHtml(template.body, values);
      const { id } = await options.db
        .insertInto('mail_outbox')
        .values({ to_address: to, subject, body_text: text, body_html: html, template_type: type, status: 'QUEUED', created_at: isoNow(options.clock) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transporter) {
        options.log.info({ mailTo: to, mailType: type }, `mail to ${to}: ${subject}\n${text}`);
        await options.db.updateTable('mail_outbox').set({ status: 'LOGGED' }).where('id', '=', id).execute();
        return;
      }
      try {
        await transporter.sendMail({ from: options.from, to, subject, text, html });
        await options.db.updateTable('mail_outbox').set({ status: 'SENT', sent_at: isoNow(options.clock) }).where('id', '=', id).execute();
      } catch (error) {
        options.log.error({ err: error, mailTo: to }, 'mail delivery failed');
        await options.db.updateTable('mail_outbox').set({ status: 'FAILED', error: String(error) }).where('id', '=', id).execute();
      }
    },
    close() {
      transporter?.close();
    },
  };
}
