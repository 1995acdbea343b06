import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { enFrame } from '../i18n/en';

const locales = [
  { locale: 'en', name: 'English' },
  { locale: 'ko', name: '한국어' },
];

/**
 * polyglot's own table gives Korean a single plural form, which would show "this item" for ten
 * items; the Korean catalogue words its `||||` forms as one-versus-many, like English.
 */
const pluralRules = {
  pluralTypes: { oneOrMany: (count: number) => (count === 1 ? 0 : 1) },
  pluralTypeToLanguages: { oneOrMany: locales.map(({ locale }) => locale) },
};

type EnglishResources = typeof import('../i18n/resources/index.en').resourcesEn;
let englishResources: EnglishResources | undefined;
/** The locale asked for last: a change still loading its catalogue counts as made. */
let wanted = 'en';

/**
 * English is bundled without the resources' labels; those, and Korean, are chunks fetched on first
 * use, so the sign-in page's initial JavaScript carries only what it draws. allowMissing stays off
 * so a missing key shows as the key itself.
 */
const polyglotProvider = polyglotI18nProvider((locale) => (locale === 'ko' ? import('../i18n/ko').then((module) => module.ko) : { ...enFrame, resources: englishResources ?? {} }), 'en', locales, {
  pluralRules,
});

/**
 * Starts in English even when the user chose Korean: react-admin's I18nContextProvider reads the
 * store's `locale` key on mount, calls changeLocale and holds the first render until it resolves,
 * so a stored choice survives a reload without reading localStorage here. The page's `lang`
 * follows the locale so screen readers and the browser's font choice read Korean as Korean.
 */
export const i18nProvider: I18nProvider = {
  ...polyglotProvider,
  changeLocale: (locale, options) => {
    wanted = locale;
    return polyglotProvider.changeLocale(locale, options).then(() => {
      if (typeof document !== 'undefined') document.documentElement.lang = locale;
    });
  },
};

/**
 * Adds the resources' English labels; every page but sign-in loads them before it draws (see
 * routes/signedInFrame.ts). English is built again only while it is the locale wanted: its
 * catalogue is at hand, so that change completes before any change to Korean still loading.
 */
export async function loadResourceMessages(): Promise<void> {
  if (englishResources) return;
  englishResources = (await import('../i18n/resources/index.en')).resourcesEn;
  if (wanted === 'en') await polyglotProvider.changeLocale('en');
}
