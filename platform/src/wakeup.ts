/**
 * A level-triggered wake-up: `notify()` before `wait()` is not lost, so a poller that checks,
 * then waits, never sleeps through a signal that came in between.
 */
export class Wakeup {
  private pending = false;
  private waiters = new Set<() => void>();

  notify(): void {
    this.pending = true;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Resolves on the next notify (or a pending one), after `timeoutMs`, or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.pending || signal?.aborted) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        this.pending = false;
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }
}
