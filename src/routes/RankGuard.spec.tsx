import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { AuthProvider } from 'react-admin';
import { renderPage } from '../testing/renderPage';
import { RankGuard } from './RankGuard';

const WARNING = 'Permission Error: You are not authorized to access request area.';

const authProviderOf = (rank: number, level: string): AuthProvider => ({
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getPermissions: async () => ({ rank, level, authorities: [] }),
});

function renderTermsScreen(rank: number, level: string) {
  renderPage(
    <RankGuard requireRank={1}>
      <p>Terms screen</p>
    </RankGuard>,
    { path: '/system/terms', authProvider: authProviderOf(rank, level) },
  );
}

/** Runs what is due now (react-query schedules its updates with setTimeout 0) so permissions settle. */
async function settle() {
  for (let round = 0; round < 5; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

const currentPath = () => screen.getByTestId('current-path').textContent;

afterEach(() => vi.useRealTimers());

describe('RankGuard', () => {
  it('renders the screen when the rank allows it', async () => {
    vi.useFakeTimers();
    renderTermsScreen(1, 'SYSTEM');
    await settle();
    expect(screen.getByText('Terms screen')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(currentPath()).toBe('/system/terms');
  });

  it('warns a signed-in user of too low a rank after 300 ms and sends them to the project list', async () => {
    vi.useFakeTimers();
    renderTermsScreen(5, 'USER');
    await settle();
    expect(screen.queryByText('Terms screen')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(currentPath()).toBe('/system/terms');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends a guest to sign-in without the warning', async () => {
    vi.useFakeTimers();
    renderTermsScreen(10, 'GUEST');
    await settle();
    expect(currentPath()).toBe('/sign-in?next=%2Fsystem%2Fterms');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });
});
