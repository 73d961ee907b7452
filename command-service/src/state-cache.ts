import { jsonUtf8Bytes } from '@interior/contracts';
import type { EventStore } from '@interior/platform';
import { LRUCache } from 'lru-cache';

/**
 * The states of streams this process folded lately, each with the revision it was folded to
 * (docs/architecture.md "Commands"). Loading a stream again reads only the events after that
 * revision, so a long stream of large events (a design's saved documents, an estimate's drafts)
 * is read once per process instead of at every command (from its latest snapshot on, where its
 * decider asks for snapshots: snapshots.ts). Another process's appends are
 * simply among the events read after it; events are never rewritten, so a kept state stays true.
 *
 * A state is kept for the decider that folded it (another decider over the same stream folds its
 * own). Deciders fold without changing the state they are given (docs/architecture.md "Domain
 * logic"), so a kept state is shared, never copied; under test every kept state is frozen, so a
 * decider or a route that changed one fails there.
 *
 * Bounded by the JSON size (UTF-8 bytes) of the states kept (least recently used first out); a
 * state larger than a quarter of it is not kept.
 */
export class StateCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(budget = DEFAULT_BUDGET) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: budget,
      maxEntrySize: Math.floor(budget / 4),
      // The cache counts sizes as positive integers: an empty state still takes a place.
      sizeCalculation: (entry) => Math.max(1, entry.weight),
    });
  }

  get<State>(stream: string, decider: object): { state: State; revision: number } | undefined {
    // Looked at before it counts as used: another decider's state is not this caller's.
    const entry = this.entries.peek(stream);
    if (!entry || entry.decider !== decider) return undefined;
    this.entries.get(stream);
    return { state: entry.state as State, revision: entry.revision };
  }

  put(stream: string, decider: object, state: unknown, revision: number): void {
    const old = this.entries.peek(stream);
    // Two commands at once: the one that read further keeps its state.
    if (old && old.decider === decider && old.revision >= revision) return;
    this.entries.delete(stream);
    // Not JSON (a bigint, a cycle) weighs Infinity: not kept.
    const weight = jsonUtf8Bytes(state);
    if (weight > this.entries.maxEntrySize) return;
    if (FREEZE) deepFreeze(state);
    this.entries.set(stream, { decider, state, revision, weight });
  }

  /** Forgets every state, as a process that starts has none (the bench's restarts). */
  clear(): void {
    this.entries.clear();
  }

  /** States kept, and the UTF-8 bytes of their JSON. */
  size(): { streams: number; weight: number } {
    return { streams: this.entries.size, weight: this.entries.calculatedSize };
  }
}

interface Entry {
  decider: object;
  state: unknown;
  revision: number;
  weight: number;
}

/**
 * UTF-8 bytes of the JSON of the states one store's cache keeps: a few designs of a megabyte and
 * many small records.
 */
const DEFAULT_BUDGET = 64 * 1024 * 1024;

const FREEZE = process.env.NODE_ENV === 'test';

const caches = new WeakMap<EventStore, StateCache>();

/** The cache of the states folded from `store` in this process. */
export function stateCacheOf(store: EventStore): StateCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = new StateCache();
    caches.set(store, cache);
  }
  return cache;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
