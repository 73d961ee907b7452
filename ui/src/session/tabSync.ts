import type { TokenPair } from '@interior/contracts';
import { localStore } from '../browserStorage';
import { parseTokenPair } from './tokens';

/**
 * SPEC §4 tab sharing over localStorage `storage` events (they reach every other tab of the
 * origin, never the writer). Each signal is written and removed at once: nothing lingers in
 * localStorage (the token pair above all), and the next identical signal is still a change.
 */
export const tabSignalKeys = {
  /** A new tab without a session asks whether another tab has one. */
  share: 'interior.tab.share',
  /** A tab with a session answers with its token pair. */
  token: 'interior.tab.token',
  /** A tab that signed out (or whose session ended) tells the others to sign out too. */
  flush: 'interior.tab.flush',
} as const;

export interface TabSignalHandlers {
  shareRequested(): void;
  tokenReceived(pair: TokenPair): void;
  flushed(): void;
}

function signal(key: string, value: string): void {
  localStore.set(key, value);
  localStore.remove(key);
}

/** Unique per signal so that two signals in a row are both seen as changes. */
const stamp = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const announceNewTab = () => signal(tabSignalKeys.share, stamp());
export const handOverTokenPair = (pair: TokenPair) => signal(tabSignalKeys.token, JSON.stringify(pair));
export const raiseFlush = () => signal(tabSignalKeys.flush, stamp());

/** Starts listening; returns the function that stops. */
export function listenToOtherTabs(handlers: TabSignalHandlers): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== globalThis.localStorage || event.newValue === null) return; // removals
    switch (event.key) {
      case tabSignalKeys.share:
        handlers.shareRequested();
        break;
      case tabSignalKeys.token: {
        const pair = parseTokenPair(event.newValue);
        if (pair) handlers.tokenReceived(pair);
        break;
      }
      case tabSignalKeys.flush:
        handlers.flushed();
        break;
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
