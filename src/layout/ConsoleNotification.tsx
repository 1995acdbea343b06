import { createElement, useMemo } from 'react';
import { Notification, NotificationContext, useNotificationContext, type NotificationPayload } from 'react-admin';
import { ApiErrorToast } from '../components/ApiErrorToast';
import { ApiError } from '../providers/apiError';
import { TOAST_LIFE_MS } from '../shared/constants';
import { withUndo } from './undoNotice';

/**
 * react-admin's own failure notifications (a save, a delete, a list) carry the HttpError's message,
 * which the dataProvider writes as the ApiError's summary: shown as the error toast, with the
 * result in words as its title, like every other failure.
 */
export function inWords(notification: NotificationPayload | void): NotificationPayload | void {
  if (!notification || notification.type !== 'error' || typeof notification.message !== 'string') return notification;
  const error = ApiError.fromSummary(notification.message);
  return error ? { ...notification, message: createElement(ApiErrorToast, { error }) } : notification;
}

/**
 * Toasts at the top centre, one after another, each closing itself after TOAST_LIFE_MS.
 *
 * react-admin's own takeNotification sets the queue to what it held at the last render minus the
 * first toast, so a toast raised between that render and the take (a second save answering just
 * after the first) was dropped. Taking removes exactly the toast shown, from the queue as it is now.
 */
export function ConsoleNotification() {
  const context = useNotificationContext();
  const wordedContext = useMemo(() => {
    const { notifications, setNotifications } = context;
    const takeNotification = () => {
      const [next] = notifications;
      if (next) setNotifications((queue) => queue.filter((queued) => queued !== next));
      return withUndo(inWords(next));
    };
    return { ...context, takeNotification };
  }, [context]);
  return (
    <NotificationContext.Provider value={wordedContext}>
      <Notification anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={TOAST_LIFE_MS} />
    </NotificationContext.Provider>
  );
}
