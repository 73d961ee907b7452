import { HttpError, InMemoryEventStore } from '@interior/platform';
import { type Decider, handleCommand, loadState } from './decider';

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
