import { paidPlanMessages, subscriptionPagePath } from '@interior/contracts';
import { enqueueSnackbar } from 'notistack';
import { createElement, type ReactNode } from 'react';
import { buttonClass } from '../plain/button';

/** The label of the way to the plans, the same on every notice that a paid plan lifts. */
export const seePlansLabel = '구독 상품 보기';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface NoticeOptions {
  /** Milliseconds before it hides; null keeps it until closed. */
  autoHideDuration?: number | null;
}

/**
 * Shows a toast (at most 5 at once, duplicates suppressed — see NoticeProvider). Every
 * notice of the app goes through here, react-admin's `useNotify` included (NotificationBridge),
 * so code outside React (the session) can notify too.
 */
export function showNotice(message: ReactNode, type: NoticeType = 'info', options: NoticeOptions = {}): void {
  // A refusal a paid plan lifts (the server's answer to a free user) carries the way to the plans.
  // The toasts sit outside the router (and above the pages drawn without MUI), so the link is a plain one.
  const needsPlan = typeof message === 'string' && paidPlanMessages.includes(message);
  enqueueSnackbar(message, {
    variant: type,
    ...(needsPlan
      ? {
          action: () =>
            createElement(
              'a',
              { className: buttonClass('inherit'), href: subscriptionPagePath },
              seePlansLabel,
            ),
          // Long enough to read it and reach the link.
          autoHideDuration: 10_000,
        }
      : {}),
    ...(options.autoHideDuration === undefined ? {} : { autoHideDuration: options.autoHideDuration }),
    ...(options.autoHideDuration === null ? { persist: true } : {}),
  });
}
