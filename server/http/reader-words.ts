import type { Translate } from '../../src/shared';
import { codesEn } from '../../src/i18n/codes.en';
import { codesKo } from '../../src/i18n/codes.ko';
import type { ReaderLanguage } from './reader';
import { resourceLabelsEn, resourceLabelsKo } from './resource-labels';

/** The browser's code and resource words, for what the server writes in a reader's language (a list's export). */
const CATALOGUES: Record<ReaderLanguage, unknown> = {
  en: { console: { codes: codesEn }, resources: resourceLabelsEn.messages },
  ko: { console: { codes: codesKo }, resources: resourceLabelsKo.messages },
};

/** The browser's translate over those words: a key's words with %{name} filled, `_` when it has none. */
export function readerWords(language: ReaderLanguage): Translate {
  const catalogue = CATALOGUES[language];
  return (key, params = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined), catalogue);
    const words = typeof found === 'string' ? found : String(params._ ?? key);
    return words.replace(/%\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
  };
}
