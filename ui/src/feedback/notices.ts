import { paidPlanMessages, subscriptionPagePath } from '@interior/contracts';
import { Button } from '@mui/material';
import type { enqueueSnackbar, OptionsObject } from 'notistack';
import { createElement, type ReactNode, useSyncExternalStore } from 'react';

/** The label of the way to the plans, the same on every notice that a paid plan lifts. */
export const seePlansLabel = '구독 상품 보기';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface NoticeOptions {
  /** Milliseconds before it hides; null keeps it until closed. */
  autoHideDuration?: number | null;
}

/**
 * Shows a toast (at most 5 at once, duplicates suppressed — see NoticeHost). Every
 * notice of the app goes through here, react-admin's `useNotify` included (NotificationBridge),
 * so code outside React (the session) can notify too.
 */
export function showNotice(message: ReactNode, type: NoticeType = 'info', options: NoticeOptions = {}): void {
  // A refusal a paid plan lifts (the server's answer to a free user) carries the way to the plans.
  // The toasts sit outside the router, so the link is a plain one.
  const needsPlan = typeof message === 'string' && paidPlanMessages.includes(message);
  const shown: OptionsObject = {
    variant: type,
    ...(needsPlan
      ? {
          action: () =>
            createElement(
              Button,
              { color: 'inherit', size: 'small', href: subscriptionPagePath },
              seePlansLabel,
            ),
          // Long enough to read it and reach the link.
          autoHideDuration: 10_000,
        }
      : {}),
    ...(options.autoHideDuration === undefined ? {} : { autoHideDuration: options.autoHideDuration }),
    ...(options.autoHideDuration === null ? { persist: true } : {}),
  };
  if (enqueue) enqueue(message, shown);
  else {
    waiting.push([message, shown]);
    wantHost();
  }
}

/** notistack's enqueue, once its provider is mounted; until then the notices wait here. */
let enqueue: typeof enqueueSnackbar | null = null;
const waiting: Array<[ReactNode, OptionsObject]> = [];
let hostWanted = false;
const hostListeners = new Set<() => void>();

function wantHost() {
  if (hostWanted) return;
  hostWanted = true;
  for (const listener of hostListeners) listener();
}

/** Whether a notice has asked for the toasts' code (NoticeProvider then mounts NoticeHost). */
export function useNoticeHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => hostWanted,
  );
}

/** Called by the mounted NoticeHost: shows the waiting notices, and the next ones at once. */
export function attachNoticeHost(enqueueNotice: typeof enqueueSnackbar): void {
  enqueue = enqueueNotice;
  for (const [message, shown] of waiting.splice(0)) enqueueNotice(message, shown);
}
