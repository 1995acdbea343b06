import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serverKo, serverPhrasesKo } from '../../src/i18n/server.ko';
import { serverTextIn } from '../../src/i18n/serverMessageKey';
import { readerOf, type ReaderLanguage } from './reader';
import { resourceLabelsKo } from './resource-labels';

/**
 * Fields of an answer that carry the server's own sentences for a person: the envelope's message,
 * field errors, and what was stored as written and is read back later (an upload's reason and its
 * problems, a task's error text and its run log, an access-history row's detail).
 */
const SENTENCE_FIELDS = new Set(['resultMessage', 'message', 'reason', 'errorText', 'detail']);

const KOREAN = { texts: serverKo, nouns: resourceLabelsKo.nouns, phrases: serverPhrasesKo };

/** A sentence the server wrote, in the reader's language: for what leaves outside an answer (a task's error text in an alert mail). */
export const serverTextFor = (text: string, language: ReaderLanguage): string => (language === 'ko' ? serverTextIn(text, KOREAN) : text);

/** Nesting an answer's sentences are looked for in (envelope → data → list → row → preview → problems → problem). */
const MAX_NESTING = 8;

/** Sentences already rewritten: most answers carry the same few ("Success"), and matching one against the catalogue is the cost. */
const koreanOf = new Map<string, string>();
const KNOWN_SENTENCES = 2_000;

function sentenceInKorean(text: string): string {
  let korean = koreanOf.get(text);
  if (korean === undefined) {
    korean = serverTextIn(text, KOREAN);
    if (koreanOf.size >= KNOWN_SENTENCES) koreanOf.clear();
    koreanOf.set(text, korean);
  }
  return korean;
}

/**
 * The answer with the server's sentences in Korean, the only language besides English the console
 * reads. A record or list holding none is answered as it is, not copied: a list page's rows rarely do.
 */
function inKorean(value: unknown, nesting: number): unknown {
  if (nesting > MAX_NESTING || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const korean = inKorean(item, nesting + 1);
      if (korean !== item) (copy ??= [...value])[index] = korean;
    });
    return copy ?? value;
  }
  // Only plain records: a Date or a Buffer is serialised as it is.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [name, item] of Object.entries(value)) {
    const korean = typeof item === 'string' && SENTENCE_FIELDS.has(name) ? sentenceInKorean(item) : inKorean(item, nesting + 1);
    if (korean !== item) (copy ??= { ...value })[name] = korean;
  }
  return copy ?? value;
}

/**
 * Every answer in the asker's language (Accept-Language, which the console sends as its own): the
 * server writes and stores its sentences in English, catalogued in src/i18n/server.en.ts with their
 * Korean in server.ko.ts, and a Korean reader gets them rewritten on the way out, stored ones
 * (written before, in a run or a check) included.
 */
export const readerLanguage = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (readerOf(request).language === 'en' || payload === null || typeof payload !== 'object' || !('result' in payload)) return payload;
    return inKorean(payload, 0);
  });
});
