import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { showNotice } from '../feedback/notices';

/**
 * react-admin announces a saved, created or deleted record as "info" (blue); every other success
 * of the app is green: these are shown as the successes they are.
 */
const doneMessages = new Set([
  'ra.notification.created',
  'ra.notification.updated',
  'ra.notification.deleted',
]);

/**
 * react-admin's `notification` component: hands every `useNotify` message to the app's toasts
 * (notistack: at most 5, no duplicates), so the dashboard and the public pages notify alike.
 * The app writes pessimistically; should an undoable mutation still come, it is carried out at
 * once rather than waiting for an undo button that this toast does not offer.
 */
export function NotificationBridge() {
  const { notifications, setNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    for (const { message, type, notificationOptions } of notifications) {
      const { messageArgs, autoHideDuration, undoable } = notificationOptions ?? {};
      if (undoable) takeMutation()?.({ isUndo: false });
      const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
      const shownType = typeof message === 'string' && doneMessages.has(message) ? 'success' : type;
      showNotice(text, shownType, autoHideDuration === undefined ? {} : { autoHideDuration });
    }
    // Remove only what was shown: notifications added meanwhile stay for the next run.
    setNotifications((current) => current.slice(notifications.length));
  }, [notifications, setNotifications, takeMutation, translate]);

  return null;
}
