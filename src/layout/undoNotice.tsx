import { useEffect, useRef } from 'react';
import { Button } from '@mui/material';
import { useCloseNotification, useTakeUndoableMutation, useTranslate, type NotificationPayload } from 'react-admin';
import { UNDO_WINDOW_MS } from '../shared/constants';

/** The notice option naming what else Undo does (a delete button lets its records be listed again). */
export const UNDO_ACTION = 'consoleUndo';

/**
 * The Undo of a "deleted" notice, in place of react-admin's own. It takes the focus when the notice
 * opens, so Enter or Space undoes at once (the deleted record's button, where the focus was, is
 * gone); and it closes the notice after UNDO_WINDOW_MS itself, because the snackbar stops its own
 * clock while it holds the focus and the delete must not wait on where the focus is. Closing the
 * notice (this clock, Escape, a click elsewhere, leaving the screen by a link) sends the delete.
 */
function UndoAction({ undone }: { undone?: () => void }) {
  const takeMutation = useTakeUndoableMutation();
  const close = useCloseNotification();
  const translate = useTranslate();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(close, UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [close]);
  const undo = () => {
    takeMutation()?.({ isUndo: true });
    undone?.();
    close();
  };
  return (
    // In the notice's own text colour, without react-admin's undo class: its light primary on the notice's dark ground is too faint to read.
    <Button ref={button} color="inherit" size="small" sx={{ fontWeight: 700 }} onClick={undo}>
      {translate('ra.action.undo')}
    </Button>
  );
}

/** An undoable notice gets the console's Undo (react-admin spreads the notice's options over its own action). */
export function withUndo(notification: NotificationPayload | void): NotificationPayload | void {
  if (!notification?.notificationOptions?.undoable) return notification;
  const { [UNDO_ACTION]: undone, ...options } = notification.notificationOptions;
  return { ...notification, notificationOptions: { ...options, action: <UndoAction undone={undone as (() => void) | undefined} /> } };
}
