import { enqueueSnackbar } from 'notistack';
import type { ReactNode } from 'react';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface NoticeOptions {
  /** Milliseconds before it hides; null keeps it until closed. */
  autoHideDuration?: number | null;
}

/**
 * Shows a toast (SPEC §2: at most 5 at once, duplicates suppressed — see NoticeProvider). Every
 * notice of the app goes through here, react-admin's `useNotify` included (NotificationBridge),
 * so code outside React (the session) can notify too.
 */
export function showNotice(message: ReactNode, type: NoticeType = 'info', options: NoticeOptions = {}): void {
  enqueueSnackbar(message, {
    variant: type,
    ...(options.autoHideDuration === undefined ? {} : { autoHideDuration: options.autoHideDuration }),
    ...(options.autoHideDuration === null ? { persist: true } : {}),
  });
}
