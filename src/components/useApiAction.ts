import { useCallback, useState, type ReactNode } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Envelope } from '../shared';
import { useApiErrorToast } from './useApiErrorToast';

export interface ApiActionSuccess {
  /** Translation key of the success toast; without one the toast shows the server's resultMessage. */
  message?: string;
  args?: Record<string, unknown>;
  /** Wraps the translated message in custom toast content (a link to follow the result, say). */
  toast?: (message: string) => ReactNode;
  /** Runs after a success, before the refresh (closing a dialog, clearing a selection). */
  onDone?: () => void;
}

/**
 * Runs one action call outside react-admin's CRUD: on success a toast and a refresh, on failure the
 * error toast. `run` resolves to whether the call succeeded, so a dialog can stay open after a failure.
 */
export function useApiAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const showError = useApiErrorToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (call: () => Promise<Envelope<unknown>>, success: ApiActionSuccess = {}): Promise<boolean> => {
      setBusy(true);
      try {
        const answer = await call();
        // The server's message is already worded for people: `_` shows it as it is, not as a missing key.
        const [key, args] = success.message ? [success.message, success.args] : [answer.resultMessage, { _: answer.resultMessage }];
        notify(success.toast ? success.toast(translate(key, args)) : key, { type: 'success', messageArgs: args });
        success.onDone?.();
        refresh();
        return true;
      } catch (failure) {
        showError(failure);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notify, refresh, showError, translate],
  );
  return { run, busy };
}
