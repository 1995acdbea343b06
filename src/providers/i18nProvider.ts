import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { en } from '../i18n/en';

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

/**
 * English is bundled; Korean is a separate chunk fetched on first use, so the sign-in page's
 * initial JavaScript carries one catalogue. allowMissing stays off so a missing key shows as the
 * key itself.
 */
const polyglotProvider = polyglotI18nProvider((locale) => (locale === 'ko' ? import('../i18n/ko').then((module) => module.ko) : en), 'en', locales, { pluralRules });

/**
 * Starts in English even when the user chose Korean: react-admin's I18nContextProvider reads the
 * store's `locale` key on mount, calls changeLocale and holds the first render until it resolves,
 * so a stored choice survives a reload without reading localStorage here. The page's `lang`
 * follows the locale so screen readers and the browser's font choice read Korean as Korean.
 */
export const i18nProvider: I18nProvider = {
  ...polyglotProvider,
  changeLocale: (locale, options) =>
    polyglotProvider.changeLocale(locale, options).then(() => {
      if (typeof document !== 'undefined') document.documentElement.lang = locale;
    }),
};
