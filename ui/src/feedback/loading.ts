import { useSyncExternalStore } from 'react';

/**
 * The global loading flag behind the full-screen overlay. A counter, not a boolean, so
 * overlapping pieces of work keep the overlay up until the last one ends.
 */
let pending = 0;
const listeners = new Set<() => void>();

function change(delta: number): void {
  pending = Math.max(0, pending + delta);
  for (const listener of listeners) listener();
}

/** Raises the flag; call the returned function (once; later calls do nothing) to lower it. */
export function showLoading(): () => void {
  change(1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    change(-1);
  };
}

/** Keeps the overlay up while `work` runs. */
export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const hide = showLoading();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    hide();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useGlobalLoading = (): boolean => useSyncExternalStore(subscribe, () => pending > 0);
