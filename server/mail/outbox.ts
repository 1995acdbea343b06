import type { RenderedMail } from '../../src/shared';
import type { Clock } from '../clock';
import { isoNow } from '../clock';
import type { Db } from '../db/database';
import type { SecretBox } from '../secrets/secret-box';
import type { MailType } from './templates';

/** A mail as it will leave, with the upload store files it attaches: what the outbox seals while it waits. */
export interface QueuedMail extends RenderedMail {
  attachmentFileIds: string[];
  /** Its secret values by placeholder (`code`, `link`): without SMTP_URL they are fields of the mail's log line. */
  secrets?: Record<string, string>;
}

export interface OutboxMail {
  id: number;
  type: MailType;
  to: string;
  mail: QueuedMail;
}

/** Why a mail a stopped server was handing to SMTP is not sent again: it may already have been delivered. */
export const STOPPED_WHILE_SENDING = 'The server stopped while handing this mail to the mail server; it may have been delivered, so it is not sent again.';
/** Why a queued mail left by a stopped server cannot be sent: its clear content is gone or no key opens it. */
export const CONTENT_NOT_KEPT = 'The server stopped before this mail was sent and its content can no longer be opened (SECRETS_KEY changed, or it was queued by an older version); ask for it again.';

export type MailOutcome = { status: 'SENT' | 'LOGGED' } | { status: 'FAILED'; error: string };

/**
 * mail_outbox as a queue that survives a restart. A mail is written QUEUED with its secrets masked
 * for the record and its clear content sealed (sealed_mail), held by the instance that queued it
 * until lease_until. Sending starts by claiming it (QUEUED → SENDING, one instance wins), renews the
 * lease while the mail server takes its time, and ends by settling it, which drops the sealed
 * content. A mail is never sent twice: one left SENDING by a stopped instance is failed, not sent
 * again.
 */
export function mailOutbox(db: Db, clock: Clock, box: SecretBox, leaseMs: number) {
  const leaseEnd = () => new Date(clock.now().getTime() + leaseMs).toISOString();
  /** Rows whose holder is gone: every one on a single instance's start, else those whose lease ran out. */
  const unheld = (everyRow: boolean) => (everyRow ? null : isoNow(clock));

  return {
    async queue(type: MailType, to: string, mail: QueuedMail, stored: RenderedMail): Promise<number> {
      const { id } = await db
        .insertInto('mail_outbox')
        .values({
          to_address: to,
          subject: stored.subject,
          body_text: stored.text,
          body_html: stored.html,
          template_type: type,
          status: 'QUEUED',
          created_at: isoNow(clock),
          sealed_mail: box.seal(JSON.stringify(mail)),
          lease_until: leaseEnd(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Takes a queued mail for sending: false when another instance (or an earlier turn) took it first. */
    async claim(id: number): Promise<boolean> {
      const claimed = await db.updateTable('mail_outbox').set({ status: 'SENDING', lease_until: leaseEnd() }).where('id', '=', id).where('status', '=', 'QUEUED').executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** Keeps a mail being sent this instance's for another lease. */
    async renew(id: number): Promise<void> {
      await db.updateTable('mail_outbox').set({ lease_until: leaseEnd() }).where('id', '=', id).where('status', '=', 'SENDING').execute();
    },

    async settle(id: number, outcome: MailOutcome): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          status: outcome.status,
          error: outcome.status === 'FAILED' ? outcome.error : null,
          sent_at: outcome.status === 'FAILED' ? null : isoNow(clock),
          sealed_mail: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Takes over what stopped instances left: mails they were sending are failed (they may have
     * gone), mails still waiting are held by this instance and answered for sending; those whose
     * content cannot be opened are failed with the reason. `everyRow` on a single instance's start
     * (SQLite), where every row left behind is an orphan whatever its lease says. Never the mails in
     * `ownWork`, those this instance is itself still sending or about to send.
     */
    async takeOver(everyRow: boolean, ownWork: readonly number[]): Promise<{ failed: number; waiting: OutboxMail[] }> {
      const cutoff = unheld(everyRow);
      const failedSending = await db
        .updateTable('mail_outbox')
        .set({ status: 'FAILED', error: STOPPED_WHILE_SENDING, sealed_mail: null, lease_until: null })
        .where('status', '=', 'SENDING')
        .$if(cutoff !== null, (query) => query.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', cutoff!)])))
        .$if(ownWork.length > 0, (query) => query.where('id', 'not in', ownWork))
        .executeTakeFirst();
      // Held for a lease before sending, so a second instance looking at the same time leaves them alone.
      const held = await db
        .updateTable('mail_outbox')
        .set({ lease_until: leaseEnd() })
        .where('status', '=', 'QUEUED')
        .$if(cutoff !== null, (query) => query.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', cutoff!)])))
        .$if(ownWork.length > 0, (query) => query.where('id', 'not in', ownWork))
        .returning(['id', 'template_type', 'to_address', 'sealed_mail'])
        .execute();
      const waiting: OutboxMail[] = [];
      const unreadable: number[] = [];
      for (const row of held.sort((a, b) => a.id - b.id)) {
        try {
          waiting.push({ id: row.id, type: row.template_type as MailType, to: row.to_address, mail: JSON.parse(box.open(row.sealed_mail ?? '')) as QueuedMail });
        } catch {
          unreadable.push(row.id);
        }
      }
      if (unreadable.length) {
        await db.updateTable('mail_outbox').set({ status: 'FAILED', error: CONTENT_NOT_KEPT, sealed_mail: null, lease_until: null }).where('id', 'in', unreadable).execute();
      }
      return { failed: Number(failedSending.numUpdatedRows) + unreadable.length, waiting };
    },
  };
}

export type MailOutbox = ReturnType<typeof mailOutbox>;
