import { useSyncExternalStore } from 'react';

/**
 * Whether the server answers: every API request tells (session/http), and while it does not, a
 * light probe (GET /api/health) asks again every few seconds, so the lasting notice goes away by
 * itself once the server is back.
 */
const PROBE_INTERVAL_MS = 5_000;
let unreachable = false;
let probe: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (unreachable === value) return;
  unreachable = value;
  if (value && probe === null) {
    probe = setInterval(() => {
      fetch('/api/health', { cache: 'no-store' }).then(
        () => set(false),
        () => {},
      );
    }, PROBE_INTERVAL_MS);
  }
  if (!value && probe !== null) {
    clearInterval(probe);
    probe = null;
  }
  for (const listener of listeners) listener();
}

/** A request got no answer at all (the server is stopped, or the network is down). */
export const reportUnreachable = () => set(true);
/** A request got an answer, whatever its status. */
export const reportReachable = () => set(false);

export function useServerUnreachable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unreachable,
  );
}
