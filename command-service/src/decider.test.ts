import { HttpError, InMemoryEventStore } from '@interior/platform';
import { type Decider, handleCommand, loadState, toNewEvent } from './decider';
import { StateCache } from './state-cache';

/** A counter: `Add` appends `Added {by}`; the state is the sum. */
type Added = { type: 'Added'; data: { by: number } };
const counter: Decider<{ type: 'Add'; by: number }, Added, number> = {
  initialState: () => 0,
  evolve: (state, event) => state + event.data.by,
  decide: (command) => [{ type: 'Added', data: { by: command.by } }],
};
const meta = { actorId: null, correlationId: 'test', now: new Date() };
const add = (store: InMemoryEventStore, by: number, extra: Record<string, unknown> = {}) =>
  handleCommand(store, {
    stream: 'Counter-1',
    decider: counter,
    command: { type: 'Add', by },
    meta,
    ...extra,
  });

describe('handleCommand with a state the caller has loaded', () => {
  it('decides on it without reading the stream again', async () => {
    const store = new InMemoryEventStore();
    await add(store, 1);
    const loaded = await loadState(store, 'Counter-1', counter);
    const reads = jest.spyOn(store, 'readStream');
    const handled = await add(store, 2, { loaded });
    expect(reads).not.toHaveBeenCalled();
    expect(handled.state).toBe(3);
    expect((await loadState(store, 'Counter-1', counter)).state).toBe(3);
  });

  it('decides again on fresh state when a write came in after it was loaded: no update is lost', async () => {
    const store = new InMemoryEventStore();
    await add(store, 1);
    const loaded = await loadState(store, 'Counter-1', counter);
    await add(store, 10);
    const handled = await add(store, 2, { loaded });
    expect(handled.state).toBe(13);
    expect((await loadState(store, 'Counter-1', counter)).state).toBe(13);
  });

  it('answers 412 for a stale If-Match whether or not the state was loaded', async () => {
    const store = new InMemoryEventStore();
    await add(store, 1);
    const loaded = await loadState(store, 'Counter-1', counter);
    await add(store, 10);
    await expect(add(store, 2, { loaded, ifMatch: 0 })).rejects.toMatchObject({ status: 412 });
    await expect(add(store, 2, { loaded, ifMatch: 0 })).rejects.toBeInstanceOf(HttpError);
    expect((await loadState(store, 'Counter-1', counter)).state).toBe(11);
  });
});

describe('loadState with the states this process kept (state-cache.ts)', () => {
  it('reads only the events after the revision it kept, and folds them onto that state', async () => {
    const store = new InMemoryEventStore();
    for (let i = 1; i <= 5; i++) await add(store, i);
    const reads = jest.spyOn(store, 'readStream');
    const loaded = await loadState(store, 'Counter-1', counter);
    expect(loaded).toEqual({ state: 15, revision: 4 });
    expect(reads).toHaveBeenLastCalledWith('Counter-1', { fromRevision: 5 });
  });

  it('sees what another process appended after the kept revision', async () => {
    const store = new InMemoryEventStore();
    await add(store, 1);
    await loadState(store, 'Counter-1', counter);
    // Another process: an append that went around this process's handleCommand.
    await store.append('Counter-1', [toNewEvent({ type: 'Added', data: { by: 100 } }, meta)], {
      expectedRevision: 0,
    });
    expect(await loadState(store, 'Counter-1', counter)).toEqual({ state: 101, revision: 1 });
  });

  it('keeps a state per decider: another decider over the same stream folds its own', async () => {
    const store = new InMemoryEventStore();
    await add(store, 2);
    await add(store, 3);
    const product = { initialState: () => 1, evolve: (state: number, event: Added) => state * event.data.by };
    expect((await loadState(store, 'Counter-1', product)).state).toBe(6);
    expect((await loadState(store, 'Counter-1', counter)).state).toBe(5);
  });

  it('keeps states within its budget, the least recently used out first, and never one too big', () => {
    // Each state below is 21 bytes of JSON.
    const cache = new StateCache(110);
    for (let i = 1; i <= 5; i++) cache.put(`A-${i}`, counter, { text: 'x'.repeat(10) }, 0);
    expect(cache.size()).toEqual({ streams: 5, weight: 105 });
    expect(cache.get('A-1', counter)).toBeDefined();
    cache.put('A-6', counter, { text: 'y'.repeat(10) }, 0);
    expect(cache.get('A-2', counter)).toBeUndefined();
    expect(cache.get('A-1', counter)).toBeDefined();
    expect(cache.size()).toEqual({ streams: 5, weight: 105 });
    cache.put('A-7', counter, { text: 'z'.repeat(30) }, 0);
    expect(cache.get('A-7', counter)).toBeUndefined();
  });

  it('keeps the state read furthest when two commands put theirs', () => {
    const cache = new StateCache();
    cache.put('A-1', counter, 7, 3);
    cache.put('A-1', counter, 5, 2);
    expect(cache.get('A-1', counter)).toEqual({ state: 7, revision: 3 });
  });

  it('freezes what it keeps under test, so a fold that changed a state in place fails', async () => {
    const store = new InMemoryEventStore();
    type Listed = { type: 'Added'; data: { by: number } };
    const mutating = {
      initialState: () => ({ items: [] as number[] }),
      evolve: (state: { items: number[] }, event: Listed) => {
        state.items.push(event.data.by);
        return state;
      },
    };
    await add(store, 1);
    await loadState(store, 'Counter-1', mutating);
    await store.append('Counter-1', [toNewEvent({ type: 'Added', data: { by: 2 } }, meta)], {
      expectedRevision: 0,
    });
    await expect(loadState(store, 'Counter-1', mutating)).rejects.toThrow(TypeError);
  });
});
