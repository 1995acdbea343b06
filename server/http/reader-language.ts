import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { codesEn } from '../../src/i18n/codes.en';
import { codesKo } from '../../src/i18n/codes.ko';
import type { ResourceLabels } from '../../src/i18n/resourceLabels';
import { serverKo } from '../../src/i18n/server.ko';
import { englishWords, renderServerText, withParticles, type MessageWords } from '../../src/i18n/serverMessage';
import { CODE_MESSAGES, type CodeSet } from '../../src/shared/code-sets';
import { readerLanguageOf, type ReaderLanguage } from './reader';
import { resourceLabelsEn, resourceLabelsKo } from './resource-labels';

/**
 * Fields of an answer that carry the server's own sentences for a person: the envelope's message,
 * field errors, and what was stored as written and is read back later (an upload's reason and its
 * problems, a task's error text and its run log, an access-history row's detail, a source test's mapping problem).
 */
const SENTENCE_FIELDS = new Set(['resultMessage', 'message', 'reason', 'errorText', 'detail', 'mappingProblem']);

/** A code's words, found where the console's own screens find them (CODE_MESSAGES): a resource's labels or console.codes. */
function codeWordsIn(labels: ResourceLabels, codes: Record<string, Record<string, string>>): MessageWords['codeWords'] {
  return (set: CodeSet, code: string) => {
    const [root, area, ...path] = CODE_MESSAGES[set].split('.');
    let node: unknown = root === 'resources' ? labels.messages[area] : codes;
    for (const part of [...path, code]) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
}

const WORDS: Record<ReaderLanguage, MessageWords> = {
  en: { ...englishWords, codeWords: codeWordsIn(resourceLabelsEn, codesEn) },
  ko: { texts: serverKo, nouns: resourceLabelsKo.nouns, listSeparator: ', ', finish: withParticles, codeWords: codeWordsIn(resourceLabelsKo, codesKo) },
};

/** Sentences already put into words, per language: most answers say one of a few (a save's "The domain has been saved"), each parsed and worded anew on every call otherwise. */
const RENDERED: Record<ReaderLanguage, Map<string, string>> = { en: new Map(), ko: new Map() };
/** Rendered sentences kept per language, each at most MAX_RENDERED_CHARS long (a run's log is not kept); past it the cache starts again, so sentences naming many values cannot grow it without bound. */
const MAX_RENDERED = 1_000;
const MAX_RENDERED_CHARS = 500;

/** A sentence the server wrote, in the reader's language: a message by its key and values; any other text (a third party's words, a row stored before sentences were keys) as it is. */
export function serverTextFor(text: string, language: ReaderLanguage): string {
  if (text.length > MAX_RENDERED_CHARS) return renderServerText(text, WORDS[language]);
  const rendered = RENDERED[language];
  let words = rendered.get(text);
  if (words === undefined) {
    if (rendered.size >= MAX_RENDERED) rendered.clear();
    rendered.set(text, (words = renderServerText(text, WORDS[language])));
  }
  return words;
}

/** Nesting an answer's sentences are looked for in (envelope → data → list → row → preview → problems → problem). */
const MAX_NESTING = 8;

/**
 * The answer with the server's sentences in the reader's language. A record or list holding none is
 * answered as it is, not copied: a list page's rows rarely do.
 */
function inLanguage(value: unknown, language: ReaderLanguage, nesting: number): unknown {
  if (nesting > MAX_NESTING || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const rendered = inLanguage(item, language, nesting + 1);
      if (rendered !== item) (copy ??= [...value])[index] = rendered;
    });
    return copy ?? value;
  }
  // Only plain records: a Date or a Buffer is serialised as it is.
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  // for…in over own keys, not Object.entries: a list page walks every field of every row, and the pairs were most of the walk.
  for (const name in record) {
    if (!Object.hasOwn(record, name)) continue;
    const item = record[name];
    if (item === null || (typeof item !== 'object' && typeof item !== 'string')) continue;
    const rendered = typeof item === 'string' ? (SENTENCE_FIELDS.has(name) ? serverTextFor(item, language) : item) : inLanguage(item, language, nesting + 1);
    if (rendered !== item) (copy ??= { ...record })[name] = rendered;
  }
  return copy ?? value;
}

/** A value (an exported list row) with the server's sentences in its fields put into the reader's language, as an answer's are. */
export const inReaderLanguage = <T>(value: T, language: ReaderLanguage): T => inLanguage(value, language, 0) as T;

/**
 * Every answer in the asker's language (Accept-Language, which the console sends as its own): the
 * server answers and stores its sentences as message keys with values (src/i18n/serverMessage.ts),
 * put into words here, as the answer leaves, stored ones (written before, in a run or a check) included.
 */
export const readerLanguage = fp(async (app: FastifyInstance) => {
  // A callback hook: it runs on every answer, and an async one costs a promise each time.
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (payload === null || typeof payload !== 'object' || !('result' in payload)) return done(null, payload);
    done(null, inLanguage(payload, readerLanguageOf(request), 0));
  });
});
