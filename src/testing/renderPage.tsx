import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { AdminContext, TestMemoryRouter, useLocation, type AuthProvider } from 'react-admin';
import { ConsoleNotification } from '../layout/ConsoleNotification';
import { createAuthProvider } from '../providers/authProvider';
import { RESOURCE_RANK } from '../resources/registry';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';

const consoleAuthProvider = createAuthProvider(RESOURCE_RANK);

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** Shows the current path so a test can see where the page navigated. */
function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="current-path">{pathname + search}</output>;
}

/**
 * Renders one page at `path` inside react-admin's context with the real catalogue, auth provider
 * (it reads the cookies a test signs in with) and notification area. Uses react-admin's router so
 * the page and react-admin share one router.
 */
export function renderPage(page: ReactElement, { path = '/', authProvider = consoleAuthProvider }: { path?: string; authProvider?: AuthProvider } = {}) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        {page}
        <CurrentPath />
        <ConsoleNotification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
