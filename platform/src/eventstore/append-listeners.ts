import type { AppendListener, Position, StoredEvent } from './port';

/**
 * How long a reader of the log that was woken by nothing waits before reading again anyway: the
 * store's listeners (AppendListeners, below) wake it for every append it can see, so this only
 * bounds the delay should a wake-up be missed.
 */
export const IDLE_POLL_MS = 1_000;

/**
 * The listeners of `EventStore.onAppended`: woken by the appends of this process at once, and by
 * those of other processes through one poll of the log's visible head per process (while anyone
 * listens), instead of every projection, reactor and process manager polling the log on its own.
 * Each wake-up makes the awake readers ask for the same page at the same moment, which the
 * PostgreSQL adapter serves with one query.
 */
export class AppendListeners {
  private readonly listeners = new Set<AppendListener>();
  private timer: NodeJS.Timeout | undefined;
  private lastHead: Position | null = null;
  private checking = false;
  private checkAgain = false;

  constructor(
    private readonly headPosition: () => Promise<Position | null>,
    /** How often the head is polled. */
    private readonly pollIntervalMs: number,
  ) {}

  add(listener: AppendListener): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.timer = setInterval(() => void this.checkHead(), this.pollIntervalMs);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopPolling();
    };
  }

  /** An append of this process (its events as the log holds them, where the store gives them). */
  appended(position: Position, events?: readonly StoredEvent[]): void {
    this.lastHead = position;
    this.wake(position, events);
  }

  private wake(position: Position, events?: readonly StoredEvent[]): void {
    for (const listener of this.listeners) {
      try {
        listener(position, events);
      } catch {
        // A listener only wakes readers; its failure must not fail a committed append.
      }
    }
  }

  clear(): void {
    this.listeners.clear();
    this.stopPolling();
  }

  private stopPolling(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Looks at the head now (another process said it appended): a look already under way is
   * followed by one more, so an append committed while it ran is not left to the next poll.
   */
  checkNow(): void {
    if (this.checking) this.checkAgain = true;
    else void this.checkHead();
  }

  private async checkHead(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      do {
        this.checkAgain = false;
        const head = await this.headPosition();
        if (head !== null && head !== this.lastHead) {
          this.lastHead = head;
          this.wake(head);
        }
      } while (this.checkAgain);
    } catch {
      // The readers' own polls still run: a failed look at the head only delays a wake-up.
    } finally {
      this.checking = false;
    }
  }
}
