import { serverEn, serverPhrasesEn, type ServerMessageKey } from './server.en';

export type ServerTexts = Record<ServerMessageKey, string>;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each sentence of server.en.ts as a pattern: `%{name}` matches the value the server wrote there
 * (possibly empty, as an optional clause is). Sentences with more fixed words are tried first, so
 * "Foo is not a column of this dataset." is that sentence and not the looser "%{code} is not %{label}.".
 */
function patternsOf<K extends string>(catalogue: Record<K, string>) {
  return (Object.entries(catalogue) as [K, string][])
    .map(([key, text]) => {
      const names = [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]);
      const fixed = text.split(/%\{\w+\}/);
      return { key, names, fixedLength: fixed.join('').length, pattern: new RegExp(`^${fixed.map(escape).join('([\\s\\S]*?)')}$`) };
    })
    .sort((a, b) => b.fixedLength - a.fixedLength || a.names.length - b.names.length);
}

function matcher<K extends string>(catalogue: Record<K, string>) {
  const patterns = patternsOf(catalogue);
  return (text: string): { key: K; params: Record<string, string> } | undefined => {
    for (const { key, names, pattern } of patterns) {
      const match = pattern.exec(text);
      if (match) return { key, params: Object.fromEntries(names.map((name, index) => [name, match[index + 1]])) };
    }
    return undefined;
  };
}

/** The key (and values) of one of the server's English sentences, or undefined for a text server.en.ts does not hold. */
export const serverMessageKey = matcher<ServerMessageKey>(serverEn);

/** The key (and values) of one of the server's place phrases ("Page 2 of the source"). */
export const serverPhraseKey = matcher<keyof typeof serverPhrasesEn>(serverPhrasesEn);

const filled = (template: string, params: Record<string, string>, value: (written: string) => string) =>
  withParticles(template.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in params ? value(params[name]) : whole)));

const MAX_DEPTH = 3;

/** A language's words for the server: its sentences, and the nouns records are named by. */
export interface ServerWords {
  texts: ServerTexts;
  nouns: Record<string, string>;
  phrases: Record<keyof typeof serverPhrasesEn, string>;
}

/**
 * A text the server wrote, in the words of another language: each sentence found in server.en.ts
 * is rewritten, its values too when they are a record's noun, a place phrase or themselves such sentences (a
 * refusal quoted inside a task failure); anything else (a file's own cell, a third party's error)
 * stays as written.
 */
export function serverTextIn(text: string, words: ServerWords, depth = 0): string {
  const found = serverMessageKey(text);
  if (found) {
    const value = (written: string) => {
      const phrase = serverPhraseKey(written);
      if (phrase) return filled(words.phrases[phrase.key], phrase.params, (part) => part);
      return words.nouns[written] ?? (depth < MAX_DEPTH ? serverTextIn(written, words, depth + 1) : written);
    };
    return filled(words.texts[found.key], found.params, value);
  }
  // A code before the sentence (a run log's "SOURCE_TIMEOUT: …") stays as it is, for support.
  const coded = /^([A-Z][A-Z0-9_]+): ([\s\S]+)$/.exec(text);
  if (coded && depth < MAX_DEPTH) return `${coded[1]}: ${serverTextIn(coded[2], words, depth + 1)}`;
  // Several sentences joined (a refusal's reasons, one per field): each on its own.
  const sentences = text.split(/(?<=[.?!])\s+(?=[A-Z])/);
  if (sentences.length < 2 || depth >= MAX_DEPTH) return text;
  return sentences.map((sentence) => serverTextIn(sentence, words, depth + 1)).join(' ');
}

/** A Korean particle written for either ending ("을(를)"), and its form after a final consonant and after a vowel. */
const PARTICLES: Record<string, [string, string]> = { '을(를)': ['을', '를'], '이(가)': ['이', '가'], '은(는)': ['은', '는'], '와(과)': ['과', '와'], '(으)로': ['으로', '로'] };

/** Each "을(를)" after a Hangul syllable as the one form that fits it ("도메인을", "계정을"); after anything else it stays. */
function withParticles(text: string): string {
  return text.replace(/([\uAC00-\uD7A3])(을\(를\)|이\(가\)|은\(는\)|와\(과\)|\(으\)로)/g, (_, syllable: string, particle: string) => {
    const final = (syllable.charCodeAt(0) - 0xac00) % 28;
    // ㄹ (8) takes 로, not 으로.
    const consonant = particle === '(으)로' ? final !== 0 && final !== 8 : final !== 0;
    return syllable + PARTICLES[particle][consonant ? 0 : 1];
  });
}
