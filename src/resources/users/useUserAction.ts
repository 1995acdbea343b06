import { useCallback, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import type { Envelope } from '../../shared';
import { useApiErrorToast } from '../../components/useApiErrorToast';

/** Runs one user-management call: the server's message as a success toast, a refresh, or the error toast. */
export function useUserAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const showError = useApiErrorToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (call: () => Promise<Envelope<unknown>>, onDone?: () => void) => {
      setBusy(true);
      try {
        const answer = await call();
        notify(answer.resultMessage, { type: 'success', translateOptions: { _: answer.resultMessage } });
        onDone?.();
        refresh();
      } catch (failure) {
        showError(failure);
      } finally {
        setBusy(false);
      }
    },
    [notify, refresh, showError],
  );
  return { run, busy };
}
