import type { ReactElement } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { AdminContext, TestMemoryRouter, memoryStore, useLocation, usePermissions } from 'react-admin';
import { AUTHORITY_RANKS, GUEST_RANK, authorityOf } from '../shared';
import { createAuthProvider } from '../providers/authProvider';
import { RESOURCE_RANK } from '../resources/registry';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { signTokenOfRank } from './accessTokens';
import { clearCookies } from './fetchStub';
import { DEFAULT_LAYOUT_SETTINGS, LAYOUT_SETTINGS_KEY, type LayoutSettings } from '../theme/layoutSettings';
import { LayoutStateProvider, useLayoutState } from '../layout/LayoutStateContext';
import type { LayoutState } from '../layout/layoutState';

const authProvider = createAuthProvider(RESOURCE_RANK);

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  clearCookies();
});

/** Shows the frame's runtime state and the current path, so a test can read what a click changed. */
function FrameProbe() {
  const { state } = useLayoutState();
  const { pathname } = useLocation();
  const { isPending } = usePermissions();
  return (
    <>
      <output data-testid="permissions">{isPending ? 'pending' : 'settled'}</output>
      <output data-testid="layout-state">{JSON.stringify(state)}</output>
      <output data-testid="current-path">{pathname}</output>
    </>
  );
}

export interface FrameOptions {
  /** The signed-in user's rank; GUEST_RANK means nobody is signed in. */
  rank?: number;
  settings?: Partial<LayoutSettings>;
  path?: string;
  navigationState?: unknown;
  viewportWidth?: number;
}

/**
 * Test helper: renders part of the frame as a signed-in user of `rank` (a real access-token
 * cookie read by the real authProvider), with the given layout settings and viewport width.
 */
export async function renderFrame(ui: ReactElement, { rank = 1, settings = {}, path = '/', navigationState, viewportWidth = 1440 }: FrameOptions = {}) {
  window.innerWidth = viewportWidth;
  // The frame reads the width once per task (useViewportWidth): let the last test's reading expire.
  await new Promise((resolve) => setTimeout(resolve));
  clearCookies();
  const authority = authorityOf(rank);
  if (rank !== GUEST_RANK && authority) {
    document.cookie = `accessToken=${await signTokenOfRank(rank, AUTHORITY_RANKS[authority].level)}; Path=/`;
  }
  const store = memoryStore({ [LAYOUT_SETTINGS_KEY]: { ...DEFAULT_LAYOUT_SETTINGS, ...settings } });
  const view = render(
    <TestMemoryRouter initialEntries={[{ pathname: path, state: navigationState }]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider} store={store}>
        <LayoutStateProvider>
          {ui}
          <FrameProbe />
        </LayoutStateProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  // The menu depends on permissions, which react-query resolves asynchronously.
  await waitFor(() => expect(screen.getByTestId('permissions')).toHaveTextContent('settled'));
  return view;
}

export function layoutState(): LayoutState {
  return JSON.parse(screen.getByTestId('layout-state').textContent ?? '{}');
}

export const currentPath = () => screen.getByTestId('current-path').textContent;
