import { CssBaseline } from '@mui/material';
import { AdminContext } from 'react-admin';
import { ConsoleNotification } from '../../layout/ConsoleNotification';
import { consoleStore } from '../../layout/consoleStore';
import { useStoredTheme } from '../../layout/useStoredTheme';
import { createAuthProvider } from '../../providers/authProvider';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import { SignIn } from '../SignIn';

/** The sign-in page opens no resource, so canAccess here knows none (and the registry stays out of its JavaScript). */
const authProvider = createAuthProvider({});

/**
 * The sign-in page with react-admin's contexts but without <Admin>'s routes, resources and
 * layout: what a signed-out visitor's first load draws. The same providers, store and
 * theme as the full app, so the page looks and behaves as it does inside it.
 */
export function SignInShell() {
  const theme = useStoredTheme(consoleStore);
  return (
    <AdminContext store={consoleStore} theme={theme} authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {/* <Admin> draws the baseline (page margins, the body's font) itself; without it the page is not the same page. */}
      <CssBaseline />
      <SignIn />
      <ConsoleNotification />
    </AdminContext>
  );
}
