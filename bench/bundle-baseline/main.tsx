// The baseline of bench/bundle.ts: a minimal react-admin app with the console's core dependencies.
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en');

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={simpleRestProvider('/api')} i18nProvider={i18nProvider}>
    <Resource name="projects" list={ListGuesser} />
  </Admin>,
);
