import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FALLBACK_MAIL_LANGUAGE, formatZonedDateTime, isKnownTimeZone, MAIL_LANGUAGES, runtimeTimeZone, type MailLanguage } from '../../src/shared';
import type { Db } from '../db/database';
import { readerLanguageOf, readerOf, TIME_ZONE_HEADER, type Reader, type ReaderLanguage } from '../http/reader';

/**
 * Whose language and clock a mail follows: the request's, for a mail to whoever asked (a code, a
 * reset link, a sign-up), or `'recipient'`, for a mail to someone else (an approval, a share, an
 * alert, a lock), whose stored ones the mailer looks up.
 */
export type MailReader = Reader | 'recipient';

/** A time, written for the reader in their zone as YYYY-MM-DD HH:mm with the zone named. */
export interface MailTime {
  at: string | Date;
}

/** A placeholder's value: as it is, a time, or words in each language (a privilege, a summary). */
export type MailValue = string | MailTime | Readonly<Record<MailLanguage, string>>;

/** The placeholder values as the reader reads them. */
export function valuesFor(values: Readonly<Record<string, MailValue>>, reader: Reader): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value : 'at' in value ? formatZonedDateTime(value.at, reader.timeZone) : value[reader.language]]),
  );
}

const isMailLanguage = (value: string): value is MailLanguage => (MAIL_LANGUAGES as readonly string[]).includes(value);

/** A stored account's language and zone as a reader; anyone else (an outside alert recipient) reads English on the server's clock. */
export function storedReader(row: { language: string; time_zone: string | null } | undefined): Reader {
  const zone = row?.time_zone;
  return {
    language: row && isMailLanguage(row.language) ? row.language : FALLBACK_MAIL_LANGUAGE,
    timeZone: zone && isKnownTimeZone(zone) ? zone : runtimeTimeZone(),
  };
}

/** The reader an address is: its account's stored language and zone, else English on the server's clock. */
export async function readerOfAddress(db: Db, email: string): Promise<Reader> {
  const row = await db.selectFrom('admins').select(['language', 'time_zone']).where('email', '=', email.toLowerCase()).executeTakeFirst();
  return storedReader(row);
}

/** How long an instance trusts what it last saw stored for an account before reading it again. */
const REMEMBERED_MS = 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * Keeps each account's language and zone as its browser last sent them (Accept-Language follows the
 * console's language, X-Time-Zone its zone: src/providers/httpClient.ts), so a mail someone else
 * causes reaches them in their language and on their clock. Written after the answer, and only
 * when it changed: a switch of language is stored with the next request the console makes.
 */
export const rememberReader = fp(async (app: FastifyInstance) => {
  const seen = new Map<number, { stored: string; until: number }>();
  // A callback hook: it runs on every request, and an async one costs a promise each time; a store is rare.
  app.addHook('onResponse', (request, _reply, done) => {
    const admin = request.admin;
    if (!admin) return done();
    const language = readerLanguageOf(request);
    // Without the header the zone is the server's, which says nothing of the person (and is not looked up on every call a script makes).
    const zone = request.headers[TIME_ZONE_HEADER] === undefined ? null : readerOf(request).timeZone;
    const sent = `${language} ${zone ?? ''}`;
    const known = seen.get(admin.id);
    if (known && known.until > Date.now() && known.stored === sent) return done();
    void store(request, admin, language, zone, sent).finally(done);
  });

  async function store(request: FastifyRequest, admin: { id: number }, language: ReaderLanguage, zone: string | null, sent: string): Promise<void> {
    try {
      const row = await app.ctx.db.selectFrom('admins').select(['language', 'time_zone']).where('id', '=', admin.id).executeTakeFirst();
      if (!row) return;
      if (row.language !== language || (zone !== null && row.time_zone !== zone)) {
        await app.ctx.db
          .updateTable('admins')
          .set({ language, ...(zone === null ? {} : { time_zone: zone }) })
          .where('id', '=', admin.id)
          .execute();
      }
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(admin.id, { stored: sent, until: Date.now() + REMEMBERED_MS });
    } catch (error) {
      request.log.warn({ err: error }, "could not store the account's language and zone");
    }
  }
});
