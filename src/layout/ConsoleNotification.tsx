import { createElement, useMemo } from 'react';
import { Notification, NotificationContext, useNotificationContext, type NotificationPayload } from 'react-admin';
import { ApiErrorToast } from '../components/ApiErrorToast';
import { ApiError } from '../providers/apiError';
import { TOAST_LIFE_MS } from '../shared/constants';

/**
 * react-admin's own failure notifications (a save, a delete, a list) carry the HttpError's message,
 * which the dataProvider writes as the ApiError's summary: shown as the error toast, with the
 * result in words as its title, like every other failure.
 */
function inWords(notification: NotificationPayload | void): NotificationPayload | void {
  if (!notification || notification.type !== 'error' || typeof notification.message !== 'string') return notification;
  const error = ApiError.fromSummary(notification.message);
  return error ? { ...notification, message: createElement(ApiErrorToast, { error }) } : notification;
}

/** Toasts at the top centre, closing themselves after TOAST_LIFE_MS (SPEC §9). */
export function ConsoleNotification() {
  const context = useNotificationContext();
  const wordedContext = useMemo(() => ({ ...context, takeNotification: () => inWords(context.takeNotification()) }), [context]);
  return (
    <NotificationContext.Provider value={wordedContext}>
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={TOAST_LIFE_MS} />
    </NotificationContext.Provider>
  );
}
