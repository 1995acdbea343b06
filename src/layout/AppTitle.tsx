import { useTranslate } from 'react-admin';

/** The product name, shown where a screen sets no title of its own. */
export function AppTitle() {
  return <>{useTranslate()('console.appTitle')}</>;
}
