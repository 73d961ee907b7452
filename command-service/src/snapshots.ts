import type { EventStore } from '@interior/platform';
import type { Knex } from 'knex';

/**
 * States of long streams kept in PostgreSQL (`stream_snapshots`), below the states a process keeps
 * in memory (state-cache.ts; docs/architecture.md "Commands"). A process that has just started
 * folds a design saved a hundred times from its latest snapshot and the few saves after it,
 * instead of reading every document ever saved.
 *
 * Only deciders that ask for it (`Decider.snapshot`) are snapshotted, and only those whose state
 * is plain JSON without personal data: a snapshot is written as the state's JSON and read back by
 * JSON.parse, and it is kept outside the personal-data vault. Its `kind` names the fold: a decider
 * whose `evolve` changes takes a new kind, so no state folded the old way is read back.
 *
 * A snapshot is only ever a shortcut: events are never rewritten, so the state at a revision stays
 * true; a missing, older or failed snapshot means reading more events, never a different state.
 * It is written after the command that reached its revision has answered (not in its way).
 */
export interface SnapshotPolicy {
  /** Names the fold (and its version): `design/1`. */
  kind: string;
  /** A snapshot is taken once the stream is this many events past the last one. */
  every: number;
}

export class Snapshots {
  /** The revision of the latest snapshot of each stream this process knows of, by `kind stream`. */
  private readonly taken = new Map<string, number>();

  constructor(
    private readonly knex: Knex,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The latest snapshot of the stream, or undefined (none, or it could not be read: the events then are). */
  async read<State>(
    stream: string,
    policy: SnapshotPolicy,
  ): Promise<{ state: State; revision: number } | undefined> {
    let row: { state: State; revision: string } | undefined;
    try {
      row = await this.knex('stream_snapshots')
        .where({ stream, kind: policy.kind })
        .first('state', 'revision');
    } catch (error) {
      this.onError(error);
      return undefined;
    }
    const revision = row ? Number(row.revision) : -1;
    this.remember(stream, policy, revision);
    return row ? { state: row.state, revision } : undefined;
  }

  /**
   * Takes a snapshot of `state` (the stream folded to `revision`) when the stream has moved `every`
   * events past the last one this process knows of. Runs in the background; resolves when done.
   */
  consider(stream: string, policy: SnapshotPolicy, state: unknown, revision: number): Promise<void> {
    const last = this.taken.get(`${policy.kind} ${stream}`) ?? -1;
    if (revision - last < policy.every) return Promise.resolve();
    this.remember(stream, policy, revision);
    const written = this.knex
      .raw(
        `insert into stream_snapshots (stream, kind, revision, state) values (?, ?, ?, ?::json)
         on conflict (stream, kind) do update set revision = excluded.revision, state = excluded.state,
           taken_at = now()
         where stream_snapshots.revision < excluded.revision`,
        [stream, policy.kind, revision, JSON.stringify(state)],
      )
      .then(
        () => undefined,
        (error: unknown) => {
          // Not taken: the next command past `every` tries again.
          this.taken.delete(`${policy.kind} ${stream}`);
          this.onError(error);
        },
      );
    return written;
  }

  private remember(stream: string, policy: SnapshotPolicy, revision: number): void {
    const key = `${policy.kind} ${stream}`;
    this.taken.delete(key);
    this.taken.set(key, revision);
    // Bounded: forgetting a stream only makes its next snapshot come a little early.
    if (this.taken.size > MAX_REMEMBERED) this.taken.delete(this.taken.keys().next().value!);
  }
}

const MAX_REMEMBERED = 10_000;

const registry = new WeakMap<EventStore, Snapshots>();

/** Snapshots of the streams of `store` are read and taken from now on (commandDepsOf), or no longer (null). */
export function useSnapshots(store: EventStore, snapshots: Snapshots | null): void {
  if (snapshots) registry.set(store, snapshots);
  else registry.delete(store);
}

export function snapshotsOf(store: EventStore): Snapshots | undefined {
  return registry.get(store);
}
