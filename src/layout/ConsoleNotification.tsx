import { Notification } from 'react-admin';
import { TOAST_LIFE_MS } from '../shared';

/** Toasts at the top centre, closing themselves after TOAST_LIFE_MS (SPEC §9). */
export function ConsoleNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={TOAST_LIFE_MS} />;
}
