import { useCallback, useState } from 'react';
import type { DashboardToken } from '../../shared';
import { ApiError } from '../../providers/apiError';
import { useApiRead } from '../../components/useApi';

/** Renew a minute before expiry (never sooner than in 5 s), so the view never holds a dead token. */
export function renewDelayMs(expiresAt: string, now: number): number {
  return Math.max(5_000, Date.parse(expiresAt) - now - 60_000);
}

export type DashboardTokenState = { status: 'loading' } | { status: 'ready'; dashboard: DashboardToken } | { status: 'notConfigured' } | { status: 'failed'; message: string };

/**
 * The project's dashboard token: fetched once as a view (recorded in access history), then renewed
 * in the background before each expiry without touching the page (refetchInterval, also while the
 * tab is hidden). A failure stops the renewals; Try again is a new view.
 */
export function useDashboardToken(projectId: number | string) {
  // Each attempt is a query of its own, so it starts without a token and is read as a view.
  const [attempt, setAttempt] = useState(0);
  const { data, error } = useApiRead(
    ['projects', projectId, 'dashboard-token', attempt],
    // A token already held means this read is a renewal.
    (api, { client, queryKey }) => api.getDashboardToken(projectId, client.getQueryData(queryKey) === undefined ? 'view' : 'renew'),
    {
      refetchInterval: ({ state }) => (state.status === 'success' ? renewDelayMs(state.data!.expiresAt, Date.now()) : false),
      refetchIntervalInBackground: true,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
      // Leaving the project forgets the token: coming back is a new view.
      gcTime: 0,
    },
  );
  const state: DashboardTokenState = error
    ? error instanceof ApiError && error.result === 'TABLEAU_NOT_CONFIGURED'
      ? { status: 'notConfigured' }
      : { status: 'failed', message: error instanceof ApiError ? error.text : String(error) }
    : data
      ? { status: 'ready', dashboard: data }
      : { status: 'loading' };
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
