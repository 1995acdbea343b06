import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { RenderedMail } from '../../src/shared';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { isoNow } from '../clock';
import type { FileStore } from '../files/store';
import { activeTemplate } from './active-template';
import { attachmentsOf } from './attachments';
import { DEFAULT_TEMPLATES, renderMail, type MailType } from './templates';

export interface Mailer {
  /** Renders the type's active e-mail template (the built-in default when none is active) and sends it. */
  send(type: MailType, to: string, values: Record<string, string>): Promise<void>;
  /** Sends an already rendered mail with the given upload store files attached. */
  deliver(type: MailType, to: string, mail: RenderedMail, attachmentFileIds?: string[]): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
  close(): void;
}

/**
 * Every mail is written to mail_outbox. With SMTP_URL it is also sent over SMTP; without, the
 * server log prints it so the embedded default works with no mail server.
 */
export function createMailer(options: { db: Db; clock: Clock; smtpUrl?: string; from: string; log: FastifyBaseLogger; files: FileStore }): Mailer {
  const transporter: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const deliver: Mailer['deliver'] = async (type, to, { subject, text, html }, attachmentFileIds = []) => {
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
      await transporter.sendMail({ from: options.from, to, subject, text, html, attachments: await attachmentsOf(options.db, options.files, attachmentFileIds) });
      await options.db.updateTable('mail_outbox').set({ status: 'SENT', sent_at: isoNow(options.clock) }).where('id', '=', id).execute();
    } catch (error) {
      options.log.error({ err: error, mailTo: to }, 'mail delivery failed');
      await options.db.updateTable('mail_outbox').set({ status: 'FAILED', error: String(error) }).where('id', '=', id).execute();
    }
  };
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(type, to, values) {
      const stored = await activeTemplate(options.db, type);
      await deliver(type, to, renderMail(stored ?? DEFAULT_TEMPLATES[type], values), stored?.attachmentFileIds);
    },
    deliver,
    close() {
      transporter?.close();
    },
  };
}
