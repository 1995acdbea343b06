import type { FastifyRequest } from 'fastify';
import { isKnownTimeZone, runtimeTimeZone } from '../../src/shared/date-time';

/** The header the browser's HTTP client sends with its IANA zone (src/providers/httpClient.ts). */
export const TIME_ZONE_HEADER = 'x-time-zone';

export type ReaderLanguage = 'en' | 'ko';

/** Whose clock and language what the server writes for a person (an export, a mail) follows. */
export interface Reader {
  timeZone: string;
  language: ReaderLanguage;
}

/**
 * The zone and language of the person asking: the zone their browser sends, else the server's own
 * (TZ), which the written time then names (docs/decisions.md "One clock for people"); Korean when
 * their first language is, else English.
 */
export function readerOf(request: FastifyRequest): Reader {
  const sent = request.headers[TIME_ZONE_HEADER];
  const zone = typeof sent === 'string' && sent.length <= 64 ? sent.trim() : '';
  return { timeZone: isKnownTimeZone(zone) ? zone : runtimeTimeZone(), language: readerLanguageOf(request) };
}

/** The reader's language alone (every answer asks it; the zone only what writes a time). */
export function readerLanguageOf(request: FastifyRequest): ReaderLanguage {
  return /^\s*ko\b/i.test(request.headers['accept-language'] ?? '') ? 'ko' : 'en';
}
