/**
 * A broadcast signal for waiters that re-check shared state: take `version` before checking, then
 * `wait(version)` returns at once if the signal fired in between, so no firing is missed.
 *
 * Every projection and reactor loop of a process waits on one signal and wakes at each append, so
 * the waiters' timeouts share one timer (set for the earliest deadline) instead of one each: a
 * timer per waiter per append was a tenth of what a write allocated.
 */
export class Signal {
  private current = 0;
  private waiters = new Set<Waiter>();
  private timer: NodeJS.Timeout | undefined;
  /** When `timer` goes off (performance.now()), or Infinity with none set. */
  private timerAt = Number.POSITIVE_INFINITY;

  get version(): number {
    return this.current;
  }

  /** Told of each fire() after the waiters woke: the waiters of other processes (db/channel.ts). */
  onFire: (() => void) | null = null;

  fire(): void {
    this.wake();
    this.onFire?.();
  }

  /** Wakes this process's waiters only: a firing another process told of. */
  wake(): void {
    this.current++;
    const woken = this.waiters;
    this.waiters = new Set();
    this.clearTimer();
    for (const waiter of woken) waiter.wake();
  }

  wait(since: number, timeoutMs: number): Promise<void> {
    if (this.current !== since) return Promise.resolve();
    return new Promise((resolve) => {
      const deadline = performance.now() + timeoutMs;
      this.waiters.add({ deadline, wake: resolve });
      if (deadline < this.timerAt) this.setTimer(deadline);
    });
  }

  /** Wakes the waiters whose deadline passed, and sets the timer for the next one. */
  private expire = () => {
    this.clearTimer();
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    for (const waiter of this.waiters) {
      // A timer may go off a little early: within a millisecond counts as due.
      if (waiter.deadline <= now + 1) {
        this.waiters.delete(waiter);
        waiter.wake();
      } else if (waiter.deadline < next) next = waiter.deadline;
    }
    if (next < Number.POSITIVE_INFINITY) this.setTimer(next);
  };

  private setTimer(at: number): void {
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(this.expire, Math.max(0, at - performance.now()));
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }
}

interface Waiter {
  deadline: number;
  wake: () => void;
}
