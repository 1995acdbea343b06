import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_TEMPLATE_TYPES, type RenderedMail } from '../../src/shared';
import { detached, isSqlite, type Db } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Clock } from '../clock';
import type { FileStore } from '../files/store';
import type { SecretBox } from '../secrets/secret-box';
import { mailTemplateFor } from './active-template';
import { attachmentsOf } from './attachments';
import { mailOutbox, type OutboxMail } from './outbox';
import { readerOfAddress, valuesFor, type MailReader, type MailValue } from './recipient';
import { renderMail, type MailType } from './templates';

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
   * Queues the type's e-mail template in the reader's language (server/mail/active-template.ts)
   * rendered with the values as that reader reads them (times in their zone, words in their
   * language), and returns at once: no request waits for the SMTP peer, so its answer time does not
   * tell whether a mail was sent. Every mail names its reader: the request's, or 'recipient'.
   */
  send(type: MailType, to: string, values: Readonly<Record<string, MailValue>>, reader: MailReader): void;
  /** Runs work that ends in a mail (a reset link's token row, then its mail) in the queue, after the answer. */
  later(task: () => Promise<void>): void;
  /** Sends an already rendered mail with the given upload store files attached. */
  deliver(type: MailType, to: string, mail: RenderedMail, attachmentFileIds?: string[]): Promise<void>;
  /** Resolves once every queued mail has been sent or has failed. */
  idle(): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
  /**
   * Takes over the mails a stopped server left in the outbox: sends those still queued and fails
   * those it was sending (they may have gone). On PostgreSQL it keeps looking every half lease, for
   * mails of another instance that stopped.
   */
  start(): Promise<void>;
  /** Sends what is still queued, then closes the SMTP connection. */
  close(): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How long a queued or sending mail stays its instance's before another may take it over (MAIL_LEASE_MS). */
export const MAIL_LEASE_MS = 120_000;
/** How long the mail server may take to accept a connection, greet, or answer a command (SMTP_TIMEOUT_MS). */
export const SMTP_TIMEOUT_MS = 30_000;
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
  /** Seals a queued mail's clear content in the outbox until it is sent. */
  box: SecretBox;
  leaseMs?: number;
  smtpTimeoutMs?: number;
  /** Sees each mail as it is logged or sent (tests read codes here, since the outbox masks them). */
  observe?: (mail: OutgoingMail) => void;
  /** Counts each mail's outcome (the metrics). */
  counted?: (outcome: 'sent' | 'logged' | 'failed') => void;
}

/**
 * Every mail is written to mail_outbox, its secret values masked (and its clear content sealed
 * until it is sent: server/mail/outbox.ts). With SMTP_URL it is also sent over SMTP; without, the
 * server log prints it whole so the embedded default works with no mail server. Queued mails go
 * out one at a time, in the order they were queued; a mail server that does not answer fails the
 * mail after SMTP_TIMEOUT_MS rather than holding the queue.
 */
export function createMailer(options: MailerOptions): Mailer {
  const timeoutMs = options.smtpTimeoutMs ?? SMTP_TIMEOUT_MS;
  const transporter: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs })
    : undefined;
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  const outbox = mailOutbox(options.db, options.clock, options.box, leaseMs);
  /** Work that writes mails to the outbox (rendering, a reset link's token row), in order, after the answer. */
  let queue: Promise<void> = Promise.resolve();
  /** Mails being handed to SMTP or the log, one at a time: a slow mail server never holds up writing mails to the outbox. */
  let sending: Promise<void> = Promise.resolve();
  let sweeper: NodeJS.Timeout | undefined;
  /** Mails written to the outbox so far: a task that got that far is never run again (the outbox sends each once). */
  let handedOver = 0;
  /** The outbox's mails this instance has taken its turn to send and not yet settled: its own sweep leaves them be, however long the queue or the mail server takes. */
  const mine = new Set<number>();

  /** Hands a mail in the outbox to SMTP or the log, unless another instance (or an earlier turn) took it. */
  const handOver = async ({ id, type, to, mail }: OutboxMail) => {
    if (!(await outbox.claim(id))) return;
    const { subject, text, html } = mail;
    if (!transporter) {
      // The secrets are fields of their own as well as in the text, so a reader finds a sign-in
      // code by `code` however its template is worded (README).
      options.log.info({ mailTo: to, mailType: type, ...mail.secrets }, `mail to ${to}: ${subject}\n${text}`);
      options.observe?.({ type, to, subject, text });
      await outbox.settle(id, { status: 'LOGGED' });
      options.counted?.('logged');
      return;
    }
    // Its lease is renewed three times a lease while the mail server takes its time, as a task's and an
    // upload's are: another instance takes over only a mail whose sender stopped, whatever SMTP_TIMEOUT_MS is.
    const renewal = setInterval(() => void outbox.renew(id).catch(() => undefined), leaseMs / 3).unref();
    try {
      await transporter.sendMail({ from: options.from, to, subject, text, html, attachments: await attachmentsOf(options.db, options.files, mail.attachmentFileIds) });
    } catch (error) {
      options.log.error({ err: error, mailTo: to }, 'mail delivery failed');
      options.counted?.('failed');
      await outbox.settle(id, { status: 'FAILED', error: String(error) });
      return;
    } finally {
      clearInterval(renewal);
    }
    options.observe?.({ type, to, subject, text });
    options.counted?.('sent');
    await outbox.settle(id, { status: 'SENT' });
  };

  /** Hands the mail over after those before it; resolves once it is sent or has failed. */
  const inTurn = (mail: OutboxMail) => {
    mine.add(mail.id);
    sending = detached(() =>
      sending
        .then(() => handOver(mail))
        .catch((error: unknown) => options.log.error({ err: error, mailTo: mail.to }, 'queued mail could not be sent'))
        .finally(() => mine.delete(mail.id)),
    );
    return sending;
  };

  /** Writes the mail to the outbox, from where it is sent once (by this instance or, should it stop, the next), and takes its turn. */
  const transmit = async (type: MailType, to: string, mail: RenderedMail, stored: RenderedMail, attachmentFileIds: string[], secrets?: Record<string, string>) => {
    const queued = { ...mail, attachmentFileIds, ...(secrets ? { secrets } : {}) };
    const id = await outbox.queue(type, to, queued, stored);
    handedOver++;
    return { sent: inTurn({ id, type, to, mail: queued }) };
  };

  const takeOver = async (everyRow: boolean) => {
    const { failed, waiting } = await outbox.takeOver(everyRow, [...mine]);
    if (failed) options.log.warn({ mails: failed }, 'mails left by a stopped server were marked FAILED (mail_outbox.error says why)');
    for (let i = 0; i < failed; i++) options.counted?.('failed');
    if (waiting.length) options.log.info({ mails: waiting.length }, 'sending the mails a stopped server left queued');
    for (const mail of waiting) void inTurn(mail);
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
    // A mail queued while waiting extends the queues: wait until neither grows.
    for (;;) {
      const seen = [queue, sending];
      await Promise.all(seen);
      if (seen[0] === queue && seen[1] === sending) return;
    }
  };

  const later: Mailer['later'] = (task) => {
    // Each task waits for a later turn of the event loop, so the answer is written first: SQLite
    // calls are synchronous and would otherwise delay it, by more for a known account.
    // Written after the answer, so apart from the transaction of the save that sends it.
    queue = detached(() =>
      queue
        .then(nextTurn)
        .then(() => untilDatabaseAnswers(task))
        .catch((error: unknown) => options.log.error({ err: error }, 'queued mail could not be sent')),
    );
  };

  return {
    transport: transporter ? 'smtp' : 'outbox',
    send(type, to, values, reader) {
      const secretNames: readonly string[] = EMAIL_TEMPLATE_TYPES[type].secrets;
      const masked = Object.fromEntries(secretNames.map((name) => [name, MASKED]));
      later(async () => {
        const read = reader === 'recipient' ? await readerOfAddress(options.db, to) : reader;
        const written = valuesFor(values, read);
        const secrets = Object.fromEntries(secretNames.flatMap((name) => (written[name] === undefined ? [] : [[name, written[name]]])));
        const template = await mailTemplateFor(options.db, type, read.language);
        await transmit(type, to, renderMail(template, written), renderMail(template, { ...written, ...masked }), template.attachmentFileIds, secrets);
      });
    },
    later,
    deliver: async (type, to, mail, attachmentFileIds = []) => (await transmit(type, to, mail, mail, attachmentFileIds)).sent,
    idle,
    async start() {
      // On SQLite this is the database's only instance: whatever it finds was left by a stopped one.
      const shared = !isSqlite(options.db);
      await takeOver(!shared);
      if (shared) {
        sweeper = setInterval(() => void takeOver(false).catch((error: unknown) => options.log.error({ err: error }, 'could not take over mails left by a stopped server')), leaseMs / 2);
        sweeper.unref();
      }
    },
    async close() {
      clearInterval(sweeper);
      await idle();
      transporter?.close();
    },
  };
}
