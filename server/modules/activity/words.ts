import { activitySentence, activityChangeTexts, type ActivityEntry, type Translate } from '../../../src/shared';
import { activityEn } from '../../../src/i18n/activity.en';
import { activityKo } from '../../../src/i18n/activity.ko';
import { codesEn } from '../../../src/i18n/codes.en';
import { codesKo } from '../../../src/i18n/codes.ko';
import type { ReaderLanguage } from '../../http/reader';
import { resourceLabelsEn, resourceLabelsKo } from '../../http/resource-labels';

const CATALOGUES: Record<ReaderLanguage, unknown> = {
  en: { console: { activity: activityEn, codes: codesEn }, resources: resourceLabelsEn.messages },
  ko: { console: { activity: activityKo, codes: codesKo }, resources: resourceLabelsKo.messages },
};

/** The browser's translate over the same catalogue: a key's words with %{name} filled, `_` when it has none. */
export function translatorFor(language: ReaderLanguage): Translate {
  const catalogue = CATALOGUES[language];
  return (key, params = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined), catalogue);
    const words = typeof found === 'string' ? found : String(params._ ?? key);
    return words.replace(/%\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
  };
}

/** An entry's sentence and its changes as one line each, as the screen writes them. */
export function entryWords(entry: ActivityEntry, t: Translate): { sentence: string; changes: string } {
  return { sentence: activitySentence(entry, t), changes: activityChangeTexts(entry.resource, entry.changes, t).join('; ') };
}
