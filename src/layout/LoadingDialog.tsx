import { useEffect, useState, useSyncExternalStore } from 'react';
import { CircularProgress, Dialog } from '@mui/material';
import { useTranslate } from 'react-admin';
import { loadingStore } from '../providers/loadingStore';

/** Requests shorter than this never show the spinner, so fast answers do not flicker. */
export const LOADING_SHOW_DELAY_MS = 200;

/** The global loading spinner, following the shared loading flag of the HTTP client. */
export function LoadingDialog() {
  const translate = useTranslate();
  const loading = useSyncExternalStore(loadingStore.subscribe, loadingStore.isLoading);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), LOADING_SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return (
    <Dialog
      open={loading && shown}
      // The spinner must not take focus from the form the user is typing in.
      disableAutoFocus
      disableEnforceFocus
      disableRestoreFocus
      transitionDuration={0}
      // The name goes on the paper, the element with role="dialog" (on the Dialog it lands on the backdrop's root).
      slotProps={{ paper: { 'aria-label': translate('console.profile.loading'), elevation: 0, sx: { background: 'transparent', boxShadow: 'none', overflow: 'visible' } } }}
    >
      <CircularProgress aria-label={translate('console.profile.loading')} />
    </Dialog>
  );
}
