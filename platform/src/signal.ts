/**
 * A broadcast signal for waiters that re-check shared state: take `version` before checking, then
 * `wait(version)` returns at once if the signal fired in between, so no firing is missed.
 */
export class Signal {
  private current = 0;
  private waiters = new Set<() => void>();

  get version(): number {
    return this.current;
  }

  fire(): void {
    this.current++;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  wait(since: number, timeoutMs: number): Promise<void> {
    if (this.current !== since) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }
}
