import type { CodeSet } from '../shared/code-sets';
import { serverEn, type ServerMessageKey } from './server.en';

/** A language's words for each of the server's sentences. */
export type ServerTexts = Record<ServerMessageKey, string>;

declare const messageBrand: unique symbol;

/**
 * A sentence the server writes for a person, as its key (src/i18n/server.en.ts) and named values,
 * encoded as a JSON text so it travels and is stored where a string goes (an answer's
 * resultMessage, a task's log line, a failure reason, an access-history detail). It is put into
 * words only when read (server/http/reader-language.ts), in the reader's language.
 */
export type ServerMessage = string & { readonly [messageBrand]: true };

/** A value of a message: a number, a text written as it is (a name, a file's cell), or words of its own. */
export type MessageValue = string | number | ServerMessage | NounValue | CodeValue | SentencesValue | ClausesValue | readonly MessageValue[];

/** Whole sentences one after another (a refusal per account), where a list would be joined by commas. */
export interface SentencesValue {
  sentences: readonly ServerMessage[];
}

/** Clauses joined by semicolons (a row's problems, rows' problems), whose own words may hold commas. */
export interface ClausesValue {
  clauses: readonly MessageValue[];
}

/** A record's noun ("market account"), which each language names (src/i18n/resources). */
export interface NounValue {
  noun: string;
}

interface MessageBody {
  key: ServerMessageKey;
  values?: Record<string, MessageValue>;
}

const MARK = '{"key":"';

/** The one way a server sentence is made. */
export function sentence(key: ServerMessageKey, values?: Record<string, MessageValue>): ServerMessage {
  return JSON.stringify(values ? { key, values } : { key }) as ServerMessage;
}

/**
 * Words the server did not write and cannot put in another language (a third party's error, a
 * field error already in the reader's hands by its key), passed on as they are.
 */
export const asWritten = (text: string): ServerMessage => (isServerMessage(text) ? text : sentence('common.asWritten', { text }));

/** Clauses joined by semicolons (a row's problems, rows' problems), whose own words may hold commas. */
export interface ClausesValue {
  clauses: readonly MessageValue[];
}

/** A record's noun as a value, named in the reader's language. */
export const recordNoun = (name: string): NounValue => ({ noun: name });

/** A code of a code table (src/shared/code-sets.ts), named by its words in the reader's language: a sentence never shows a code standing alone. */
export interface CodeValue {
  set: CodeSet;
  code: string;
}

/** A code as a value, worded through its code set. */
export const codeValue = (set: CodeSet, code: string): CodeValue => ({ set, code });

/** The key and values of an encoded message, or undefined for any other text (an old row's English, a third party's words). */
export function messageBody(text: string): MessageBody | undefined {
  if (!text.startsWith(MARK)) return undefined;
  try {
    const body = JSON.parse(text) as MessageBody;
    return body.key in serverEn ? body : undefined;
  } catch {
    return undefined;
  }
}

export const isServerMessage = (text: string): text is ServerMessage => messageBody(text) !== undefined;

/** A language's words for the server's messages. */
export interface MessageWords {
  texts: ServerTexts;
  nouns: Record<string, string>;
  /** Joins a list value ("17 users (country of office), 22 user country connections"). */
  listSeparator: string;
  /** Korean particles written for either ending ("을(를)") fitted to the word before them. */
  finish?: (text: string) => string;
  /** The words of a code of a code set; a code without words shows as it is. */
  codeWords?: (set: CodeSet, code: string) => string | undefined;
}

const MAX_DEPTH = 6;

const isList = (value: MessageValue): value is readonly MessageValue[] => Array.isArray(value);

function valueIn(value: MessageValue, words: MessageWords, depth: number): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const body = depth < MAX_DEPTH ? messageBody(value) : undefined;
    return body ? bodyIn(body, words, depth + 1) : value;
  }
  if (isList(value)) return value.map((item) => valueIn(item, words, depth)).join(words.listSeparator);
  if ('sentences' in value) return value.sentences.map((item) => valueIn(item, words, depth)).join(' ');
  if ('clauses' in value) return value.clauses.map((item) => valueIn(item, words, depth)).join('; ');
  if ('set' in value) return words.codeWords?.(value.set, value.code) ?? value.code;
  return words.nouns[value.noun] ?? value.noun;
}

function bodyIn({ key, values = {} }: MessageBody, words: MessageWords, depth: number): string {
  const text = words.texts[key].replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? valueIn(values[name], words, depth) : whole));
  return words.finish ? words.finish(text) : text;
}

export const englishWords: MessageWords = { texts: serverEn, nouns: {}, listSeparator: ', ' };

/** A text the server wrote, in the given words: a message rendered, anything else (an old row's English) as it is. */
export function renderServerText(text: string, words: MessageWords): string {
  const body = messageBody(text);
  return body ? bodyIn(body, words, 0) : text;
}

/** A text the server wrote, in English: for the operator's log and for tests. */
export const inEnglish = (text: string): string => renderServerText(text, englishWords);

/** The message with each written-as-is text of its values passed through `change` (masking a secret), keys and numbers untouched. */
export function withTextsChanged(text: string, change: (written: string) => string): string {
  const body = messageBody(text);
  if (!body) return change(text);
  const changed = (value: MessageValue): MessageValue => {
    if (typeof value === 'number') return value;
    if (typeof value === 'string') return withTextsChanged(value, change);
    if (isList(value)) return value.map(changed);
    if ('sentences' in value) return { sentences: value.sentences.map((item) => withTextsChanged(item, change) as ServerMessage) };
    if ('clauses' in value) return { clauses: value.clauses.map(changed) };
    return value;
  };
  return sentence(body.key, body.values && Object.fromEntries(Object.entries(body.values).map(([name, value]) => [name, changed(value)])));
}

/** A text cut to `max` characters for a column or a quote; a message is kept whole, since a cut one would not read. */
export const shortened = (text: string, max: number): string => (isServerMessage(text) ? text : text.slice(0, max));

/** A Korean particle written for either ending ("을(를)"), and its form after a final consonant and after a vowel. */
const PARTICLES: Record<string, [string, string]> = { '을(를)': ['을', '를'], '이(가)': ['이', '가'], '은(는)': ['은', '는'], '와(과)': ['과', '와'], '(으)로': ['으로', '로'] };

/** Each "을(를)" after a Hangul syllable as the one form that fits it ("도메인을", "계정을"); after anything else it stays. */
export function withParticles(text: string): string {
  return text.replace(/([\uAC00-\uD7A3])(을\(를\)|이\(가\)|은\(는\)|와\(과\)|\(으\)로)/g, (_, syllable: string, particle: string) => {
    const final = (syllable.charCodeAt(0) - 0xac00) % 28;
    // ㄹ (8) takes 로, not 으로.
    const consonant = particle === '(으)로' ? final !== 0 && final !== 8 : final !== 0;
    return syllable + PARTICLES[particle][consonant ? 0 : 1];
  });
}
