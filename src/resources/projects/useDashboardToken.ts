import { useCallback, useEffect, useRef, useState } from 'react';
import type { DashboardToken } from '../../shared';
import { ApiError } from '../../providers/apiError';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/** Renew a minute before expiry (never sooner than in 5 s), so the view never holds a dead token. */
export function renewDelayMs(expiresAt: string, now: number): number {
  return Math.max(5_000, Date.parse(expiresAt) - now - 60_000);
}

export type DashboardTokenState = { status: 'loading' } | { status: 'ready'; dashboard: DashboardToken } | { status: 'notConfigured' } | { status: 'failed'; message: string };

/**
 * The project's dashboard token: fetched once as a view (recorded in access history), then renewed
 * in the background before each expiry without touching the page.
 */
export function useDashboardToken(projectId: number | string) {
  const dataProvider = useConsoleDataProvider();
  const [state, setState] = useState<DashboardTokenState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let current = true;
    const fetchToken = (purpose: 'view' | 'renew') =>
      dataProvider.getDashboardToken(projectId, purpose).then(
        ({ data }) => {
          if (!current) return;
          setState({ status: 'ready', dashboard: data });
          timer.current = setTimeout(() => fetchToken('renew'), renewDelayMs(data.expiresAt, Date.now()));
        },
        (failure: unknown) => {
          if (!current) return;
          if (failure instanceof ApiError && failure.result === 'TABLEAU_NOT_CONFIGURED') setState({ status: 'notConfigured' });
          else setState({ status: 'failed', message: failure instanceof ApiError ? failure.text : String(failure) });
        },
      );
    setState({ status: 'loading' });
    void fetchToken('view');
    return () => {
      current = false;
      clearTimeout(timer.current);
    };
  }, [projectId, attempt, dataProvider]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}
