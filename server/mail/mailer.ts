import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_TEMPLATE_TYPES, type RenderedMail } from '../../src/shared';
import type { Db } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Clock } from '../clock';
import { isoNow } from '../clock';
import type { FileStore } from '../files/store';
import { activeTemplate } from './active-template';
import { attachmentsOf } from './attachments';
import { DEFAULT_TEMPLATES, renderMail, type MailType } from './templates';

/** What the outbox keeps in place of a secret value (a code, a reset link). */
export const MASKED = '••••••';

/** A mail as it leaves the server, secrets in clear: what an observer of the mailer sees. */
export interface OutgoingMail {
  type: MailType;
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /**
   * Queues the type's active e-mail template (the built-in default when none is active) rendered
   * with the values, and returns at once: no request waits for the SMTP peer, so its answer time
   * does not tell whether a mail was sent.
   */
  send(type: MailType, to: string, values: Record<string, string>): void;
  /** Runs work that ends in a mail (a reset link's token row, then its mail) in the queue, after the answer. */
  later(task: () => Promise<void>): void;
  /** Sends an already rendered mail with the given upload store files attached. */
  deliver(type: MailType, to: string, mail: RenderedMail, attachmentFileIds?: string[]): Promise<void>;
  /** Resolves once every queued mail has been sent or has failed. */
  idle(): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
  /** Sends what is still queued, then closes the SMTP connection. */
  close(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** A queued mail whose database work failed on an unavailable database is tried again this often... */
const DATABASE_RETRY_MS = 2000;
/** ...for this long, then given up (and logged). */
const DATABASE_WAIT_MS = 120_000;

export interface MailerOptions {
  db: Db;
  clock: Clock;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  files: FileStore;
  /** Sees each mail as it is logged or sent (tests read codes here, since the outbox masks them). */
  observe?: (mail: OutgoingMail) => void;
  /** Counts each mail's outcome (the metrics). */
  counted?: (outcome: 'sent' | 'logged' | 'failed') => void;
}

/**
 * Every mail is written to mail_outbox, its secret values masked. With SMTP_URL it is also sent
 * over SMTP; without, the server log prints it whole so the embedded default works with no mail
 * server. Queued mails go out one at a time, in the order they were queued.
 */
export function createMailer(options: MailerOptions): Mailer {
  const transporter: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  let queue: Promise<void> = Promise.resolve();
  /** Mails handed to SMTP or the log so far: a task that got that far is never run again (no mail twice). */
  let handedOver = 0;

  const transmit = async (type: MailType, to: string, mail: RenderedMail, stored: RenderedMail, attachmentFileIds: string[]) => {
    const { id } = await options.db
      .insertInto('mail_outbox')
      .values({ to_address: to, subject: stored.subject, body_text: stored.text, body_html: stored.html, template_type: type, status: 'QUEUED', created_at: isoNow(options.clock) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { subject, text, html } = mail;
    handedOver++;
    if (!transporter) {
      options.log.info({ mailTo: to, mailType: type }, `mail to ${to}: ${subject}\n${text}`);
      options.observe?.({ type, to, subject, text });
      await options.db.updateTable('mail_outbox').set({ status: 'LOGGED' }).where('id', '=', id).execute();
      options.counted?.('logged');
      return;
    }
    try {
      await transporter.sendMail({ from: options.from, to, subject, text, html, attachments: await attachmentsOf(options.db, options.files, attachmentFileIds) });
      options.observe?.({ type, to, subject, text });
      await options.db
        .updateTable('mail_outbox')
        .set({ status: 'SENT', sent_at: isoNow(options.clock) })
        .where('id', '=', id)
        .execute();
      options.counted?.('sent');
    } catch (error) {
      options.log.error({ err: error, mailTo: to }, 'mail delivery failed');
      options.counted?.('failed');
      await options.db
        .updateTable('mail_outbox')
        .set({ status: 'FAILED', error: String(error) })
        .where('id', '=', id)
        .execute();
    }
  };

  /** Runs a task again while the database is unavailable, as long as no mail of it has left yet. */
  const untilDatabaseAnswers = async (task: () => Promise<void>) => {
    const giveUpAt = Date.now() + DATABASE_WAIT_MS;
    for (;;) {
      const before = handedOver;
      try {
        return await task();
      } catch (error) {
        if (!isDatabaseUnavailable(error) || handedOver !== before || Date.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
      }
    }
  };

  const idle = async () => {
    // A mail queued while waiting extends the queue: wait until it stops growing.
    for (let seen = queue; ; seen = queue) {
      await seen;
      if (seen === queue) return;
    }
  };

  const later: Mailer['later'] = (task) => {
    // Each task waits for a later turn of the event loop, so the answer is written first: SQLite
    // calls are synchronous and would otherwise delay it, by more for a known account.
    queue = queue
      .then(nextTurn)
      .then(() => untilDatabaseAnswers(task))
      .catch((error: unknown) => options.log.error({ err: error }, 'queued mail could not be sent'));
  };

  return {
    transport: transporter ? 'smtp' : 'outbox',
    send(type, to, values) {
      const masked = Object.fromEntries(EMAIL_TEMPLATE_TYPES[type].secrets.map((name) => [name, MASKED]));
      later(async () => {
        const active = await activeTemplate(options.db, type);
        const template = active ?? DEFAULT_TEMPLATES[type];
        await transmit(type, to, renderMail(template, values), renderMail(template, { ...values, ...masked }), active?.attachmentFileIds ?? []);
      });
    },
    later,
    deliver: (type, to, mail, attachmentFileIds = []) => transmit(type, to, mail, mail, attachmentFileIds),
    idle,
    async close() {
      await idle();
      transporter?.close();
    },
  };
}
