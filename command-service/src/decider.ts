import { randomUUID } from 'node:crypto';
import { type DomainEvent, messages } from '@interior/contracts';
import {
  conflict,
  type EventStore,
  type NewEvent,
  type Position,
  preconditionFailed,
  WrongExpectedRevisionError,
} from '@interior/platform';
import { type SnapshotPolicy, snapshotsOf } from './snapshots';
import { stateCacheOf } from './state-cache';

/**
 * An aggregate as three pure functions (docs/architecture.md "Domain logic"): the state before any event, how
 * an event changes it, and which events a command produces in a state (or a thrown DomainError).
 * Time, ids and the acting user reach `decide` inside the command, never from globals.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /** Long streams of large events: their states are snapshotted (snapshots.ts says which may be). */
  snapshot?: SnapshotPolicy;
}

/** Who and what caused a command: becomes every event's metadata. */
export interface CommandMeta {
  actorId: number | null;
  correlationId: string;
  causationId?: string | null;
  now: Date;
}

export interface Handled<State, Event> {
  /** State after the new events. */
  state: State;
  events: Event[];
  /** Revision of the stream after the command ('no_stream' when nothing was ever written). */
  revision: number | 'no_stream';
  /** Position of the last event appended; null when the command changed nothing. */
  position: Position | null;
}

export interface HandleCommandOptions<Command, Event extends DomainEvent, State> {
  stream: string;
  decider: Decider<Command, Event, State>;
  command: Command;
  meta: CommandMeta;
  /** The revision the client last saw (If-Match): a mismatch is a 412, not a retry. */
  ifMatch?: number | undefined;
  /**
   * The stream is named by an id just drawn from its sequence, so it holds nothing yet: the first
   * attempt decides on the initial state without reading the stream (one round trip less). Should
   * the stream exist after all, the append fails on its expected revision and the command is
   * decided again on what was read.
   */
  newStream?: boolean;
  /**
   * The state the caller has just loaded from the stream (to check who may do what): the first
   * attempt decides on it instead of reading the stream again. The append still names the
   * revision it was read at, so a write in between fails it and the command is decided again on
   * fresh state, exactly as without it.
   */
  loaded?: { state: State; revision: number | 'no_stream' };
}

/** How often a command without If-Match is decided again on fresh state after losing a race. */
const RETRIES = 3;

export function toNewEvent(event: DomainEvent, meta: CommandMeta): NewEvent {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      actorId: meta.actorId,
      correlationId: meta.correlationId,
      causationId: meta.causationId ?? null,
      occurredAt: meta.now.toISOString(),
      schemaVersion: 1,
    },
  };
}

/**
 * The stream's state and revision: the state this process kept of it (state-cache.ts) and the
 * events after it, or the whole stream folded.
 */
export async function loadState<Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve' | 'snapshot'>,
): Promise<{ state: State; revision: number | 'no_stream' }> {
  const cache = stateCacheOf(store);
  const snapshots = decider.snapshot && snapshotsOf(store);
  const kept =
    cache.get<State>(stream, decider) ??
    (snapshots ? await snapshots.read<State>(stream, decider.snapshot!) : undefined);
  const history = await store.readStream(stream, kept ? { fromRevision: kept.revision + 1 } : undefined);
  let state = kept ? kept.state : decider.initialState();
  for (const event of history) state = decider.evolve(state, { type: event.type, data: event.data } as Event);
  const last = history[history.length - 1];
  const revision = last ? last.revision : (kept?.revision ?? 'no_stream');
  if (revision !== 'no_stream') {
    cache.put(stream, decider, state, revision);
    if (snapshots) void snapshots.consider(stream, decider.snapshot!, state, revision);
  }
  return { state, revision };
}

/**
 * Load, fold, decide, append with the revision loaded (docs/architecture.md "Commands"). A concurrent writer
 * makes the append fail: with If-Match that is the client's 412; without, the command is decided
 * again on the new state, so no update is ever lost.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  options: HandleCommandOptions<Command, Event, State>,
): Promise<Handled<State, Event>> {
  const { stream, decider, command, meta, ifMatch } = options;
  for (let attempt = 0; ; attempt++) {
    const { state, revision } =
      attempt === 0 && options.newStream
        ? { state: decider.initialState(), revision: 'no_stream' as const }
        : attempt === 0 && options.loaded
          ? options.loaded
          : await loadState(store, stream, decider);
    if (ifMatch !== undefined && ifMatch !== revision) throw preconditionFailed();
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, events, revision, position: null };
    try {
      const appended = await store.append(
        stream,
        events.map((e) => toNewEvent(e, meta)),
        { expectedRevision: revision },
      );
      const after = events.reduce(decider.evolve, state);
      stateCacheOf(store).put(stream, decider, after, appended.nextRevision);
      if (decider.snapshot)
        void snapshotsOf(store)?.consider(stream, decider.snapshot, after, appended.nextRevision);
      return { state: after, events, revision: appended.nextRevision, position: appended.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (ifMatch !== undefined) throw preconditionFailed();
      if (attempt >= RETRIES) throw conflict(messages.staleVersion);
    }
  }
}
