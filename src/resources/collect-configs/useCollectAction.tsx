import { useCallback, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { LinkBase, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useApiErrorToast } from '../../components/useApiErrorToast';

/** The toast after queueing tasks: how many, and the way to the board where they can be followed. */
function QueuedToast({ message }: { message: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="success"
      variant="filled"
      role="status"
      action={
        <Button component={LinkBase} to="/data/collect-status" color="inherit" size="small">
          {translate('resources.collect-configs.actions.openStatus')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * Runs one collect-config action (run now, backfill, resume): on success a toast (with a link to
 * Collecting Status when tasks were queued) and a refresh; on failure the error toast.
 */
export function useCollectAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const showError = useApiErrorToast();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (call: () => Promise<unknown>, done: { message: string; args?: Record<string, unknown>; queued?: boolean }) => {
      setBusy(true);
      try {
        await call();
        const message = translate(done.message, done.args);
        notify(done.queued ? <QueuedToast message={message} /> : message, { type: 'success' });
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
