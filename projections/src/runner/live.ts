import { type EventStore, IDLE_STORE_MS, type Position, type StoredEvent } from '@interior/platform';
import { handledOf, type LoopHost, type LoopState } from './loop-state';

/**
 * The live loop's own appends: what this process appended, kept for its loops to apply without
 * reading them back, to know when a read found the log without them yet, and to put off reading
 * past appends a projection ignores.
 */

/**
 * Appends of this process kept for the loops to apply without reading them back: at most this many,
 * for at most IDLE_STORE_MS (a loop that needs an older one reads the log).
 */
const OWN_APPENDS_KEPT = 16;

/** An append of this process (EventStore.onAppended), numbered in the order the store told them. */
interface OwnAppend {
  seq: number;
  events: readonly StoredEvent[];
  /** When it was kept (performance.now()). */
  at: number;
}

/** This process's latest appends, as the log holds them, shared by the runner's loops. */
export class OwnAppends {
  /** The newest position this process appended: a reader that has not reached it should look again soon. */
  lastAppended: Position | null = null;
  /**
   * Wake-ups that may have moved the log by more than this process's kept appends (another
   * process's appends, an append without its events) or that ask every loop to read (caughtUp).
   */
  otherWakes = 0;
  /** The event types of the kept appends. */
  types: ReadonlySet<string> = new Set();
  private kept: OwnAppend[] = [];
  private seen = 0;

  constructor(private readonly store: EventStore) {}

  /** An append of this process (EventStore.onAppended), with its events where the store gives them. */
  appended(position: Position, events?: readonly StoredEvent[]): void {
    if (!this.lastAppended || this.store.comparePositions(position, this.lastAppended) > 0)
      this.lastAppended = position;
    if (events) this.keep(events);
    else this.otherWakes++;
  }

  private keep(events: readonly StoredEvent[]): void {
    const at = performance.now();
    const kept = this.kept.filter((own) => at - own.at < IDLE_STORE_MS).slice(1 - OWN_APPENDS_KEPT);
    kept.push({ seq: ++this.seen, events, at });
    this.kept = kept;
    this.types = new Set(kept.flatMap((own) => own.events.map((event) => event.type)));
  }

  /** The kept appends' events after `after`, in log order. */
  after(after: Position | null): StoredEvent[] {
    const { store } = this;
    return this.kept
      .flatMap((own) => own.events)
      .filter((event) => after === null || store.comparePositions(event.position, after) > 0)
      .sort((a, b) => store.comparePositions(a.position, b.position));
  }

  /** The kept appends numbered after `seq`. */
  since(seq: number): OwnAppend[] {
    const { kept } = this;
    let first = kept.length;
    while (first > 0 && kept[first - 1]!.seq > seq) first--;
    return kept.slice(first);
  }
}

/**
 * The appends of this process after the checkpoint, when this loop may apply them without reading
 * them back (read your writes one round trip sooner): a live loop that plans its batches, on the log
 * of its own database, whose checkpoint's move is then guarded by the log holding only these events
 * after the checkpoint (LogInSql.holdsOnly). When the guard fails (an append of another process, or
 * a transaction before them still open), the loop reads as usual.
 */
export function ownBatch(host: LoopHost, state: LoopState): StoredEvent[] | null {
  if (!state.log || !state.planBatch || state.health.status !== 'active' || state.behind) return null;
  const events = host.own.after(state.health.checkpoint);
  const last = events[events.length - 1];
  if (!last || events.length > state.batchSize) return null;
  if (!state.plans(handledOf(state, events))) return null;
  if (state.ownTriedThrough && host.store.comparePositions(last.position, state.ownTriedThrough) <= 0)
    return null;
  return events;
}

/**
 * Whether appends of this process came since the loop last looked, and its projection ignores every
 * event of them and of the other kept appends: a command waits for the projections that handle any
 * of its events to pass its last append (ProjectionWaiter), which may be one such a projection
 * ignores, after one it handles.
 */
function ownAppendsIgnored(host: LoopHost, state: LoopState): boolean {
  const fresh = host.own.since(state.ownAppendSeen);
  if (fresh.length === 0) return false;
  state.ownAppendSeen = fresh[fresh.length - 1]!.seq;
  return !state.projection.handles.some((type) => host.own.types.has(type));
}

/** Whether this process appended past the loop's checkpoint. */
function ownAppendUnseen(host: LoopHost, state: LoopState): boolean {
  const { lastAppended } = host.own;
  return (
    lastAppended !== null &&
    (state.health.checkpoint === null ||
      host.store.comparePositions(lastAppended, state.health.checkpoint) > 0)
  );
}

/*
 * The waits below are decided at once and given back for the loop to await (runner/loop.ts): a
 * part that awaited its own wait, or an async part that decides without waiting, would put the
 * loop's next read some turns of the microtask queue after the wake-up that asked for it.
 */

/**
 * After a read that found all it could (drainedSince), the wait for the next append or the poll;
 * null when there is none to take.
 */
export function drainedWait(host: LoopHost, state: LoopState): Promise<void> | null {
  if (state.drainedSince === null) return null;
  const drained = state.drainedSince;
  state.drainedSince = null;
  return ownAppendUnseen(host, state) ? null : host.appended.wait(drained, state.pollIntervalMs);
}

/**
 * Puts off a read when only appends of this process that this projection ignores are new: it reads
 * past them later, with the next wake-up that may bring more, or a second after its last read. No
 * command waits for it, and an append-heavy moment reads the log once a second here instead of once
 * per append. The wait taken instead of reading, or null when the loop reads.
 */
export function putOffIgnored(host: LoopHost, state: LoopState, since: number): Promise<void> | null {
  if (state.health.status !== 'active' || !ownAppendsIgnored(host, state)) return null;
  const due = state.lastRead.at + IDLE_STORE_MS - performance.now();
  if (due <= 0 || state.lastRead.otherWakes !== host.own.otherWakes) return null;
  return host.appended.wait(since, due);
}

/**
 * The wait of a loop with nothing to do. An append of this process not visible yet: another
 * transaction of the cluster holds the snapshot horizon back (on a shared server, often only for a
 * millisecond or two). Look again soon (1, 2, 3 … ms; the loops of this process share the read)
 * rather than after a whole poll interval, so read-your-writes does not wait on the poll.
 */
export function idleWait(host: LoopHost, state: LoopState, since: number): Promise<void> {
  const behindOwnAppend = ownAppendUnseen(host, state);
  state.hidden = behindOwnAppend ? state.hidden + 1 : 0;
  return host.appended.wait(
    since,
    behindOwnAppend ? Math.min(state.pollIntervalMs, state.hidden) : state.pollIntervalMs,
  );
}
