import { createPostgresEventStore, type EventStore } from '@interior/platform';
import { openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import { type Decider, handleCommand, loadState } from './decider';
import { Snapshots, useSnapshots } from './snapshots';

/**
 * Snapshots on PostgreSQL (a server when TEST_DATABASE_URL is set, else the embedded PGlite): a
 * process that starts folds a stream from its latest snapshot and the events after it, and gets
 * the state the whole stream gives.
 */
type Saved = { type: 'Saved'; data: { n: number; document: { rooms: string[]; note: string } } };
type Note = { saves: number; document: { rooms: string[]; note: string } | null };
const notebook: Decider<{ type: 'Save'; n: number }, Saved, Note> = {
  initialState: () => ({ saves: 0, document: null }),
  evolve: (state, event) => ({ saves: state.saves + 1, document: event.data.document }),
  decide: (command) => [
    {
      type: 'Saved',
      data: { n: command.n, document: { rooms: [`방 ${command.n}`, '거실'], note: `저장 ${command.n}` } },
    },
  ],
  snapshot: { kind: 'notebook/1', every: 10 },
};
const meta = { actorId: null, correlationId: 'test', now: new Date() };

let db: TestDatabase;
const errors: unknown[] = [];
/** Every snapshot write the commands started in the background, in the order they started. */
const writes: Promise<void>[] = [];

/** A store as a process that has just started has it: nothing kept in memory. */
function startedProcess(): { store: EventStore; snapshots: Snapshots } {
  const store = createPostgresEventStore(db.knex);
  const snapshots = new Snapshots(db.knex, (error) => errors.push(error));
  const consider = snapshots.consider.bind(snapshots);
  jest.spyOn(snapshots, 'consider').mockImplementation((...args) => {
    const written = consider(...args);
    writes.push(written);
    return written;
  });
  useSnapshots(store, snapshots);
  return { store, snapshots };
}

async function save(store: EventStore, n: number) {
  return handleCommand(store, {
    stream: 'Notebook-1',
    decider: notebook,
    command: { type: 'Save', n },
    meta,
  });
}

/** Waits for every snapshot write the commands so far started (they finish after the command answers). */
const settle = () => Promise.all(writes);

beforeEach(async () => {
  db = await openTestDatabase();
  errors.length = 0;
  writes.length = 0;
});
afterEach(async () => {
  await db.drop();
});

describe('stream snapshots', () => {
  it('gives a starting process the state of the whole stream from the latest snapshot and the events after it', async () => {
    const first = startedProcess();
    for (let n = 0; n < 25; n++) await save(first.store, n);
    await settle();
    const row = await db.knex('stream_snapshots').where({ stream: 'Notebook-1' }).first('kind', 'revision');
    // Revisions count from 0: the 10th event is revision 9, the 20th revision 19.
    expect(row).toEqual({ kind: 'notebook/1', revision: '19' });

    const next = startedProcess();
    const reads = jest.spyOn(next.store, 'readStream');
    const loaded = await loadState(next.store, 'Notebook-1', notebook);
    expect(reads).toHaveBeenCalledWith('Notebook-1', { fromRevision: 20 });
    expect(loaded).toEqual({
      state: { saves: 25, document: { rooms: ['방 24', '거실'], note: '저장 24' } },
      revision: 24,
    });
    // The same as folding every event, as a process without snapshots does.
    const all = await createPostgresEventStore(db.knex).readStream('Notebook-1');
    expect(loaded.state).toEqual(
      all.reduce((state, e) => notebook.evolve(state, e as unknown as Saved), notebook.initialState()),
    );
    expect(errors).toEqual([]);
  });

  it('takes the next snapshot every tenth event and never writes an older one over a newer', async () => {
    const a = startedProcess();
    for (let n = 0; n < 12; n++) await save(a.store, n);
    await settle();
    const b = startedProcess();
    await loadState(b.store, 'Notebook-1', notebook);
    for (let n = 12; n < 31; n++) await save(b.store, n);
    await settle();
    expect((await db.knex('stream_snapshots').first('revision'))?.revision).toBe('29');
    // A process that knew only the old one offers an older state: it is not taken.
    await a.snapshots.consider('Notebook-1', notebook.snapshot!, { saves: 0, document: null }, 25);
    expect((await db.knex('stream_snapshots').first('revision'))?.revision).toBe('29');
    expect((await loadState(startedProcess().store, 'Notebook-1', notebook)).state.saves).toBe(31);
  });

  it('is only a shortcut: without its table commands still work and states are folded from the events', async () => {
    const a = startedProcess();
    for (let n = 0; n < 5; n++) await save(a.store, n);
    await db.knex.schema.dropTable('stream_snapshots');
    for (let n = 5; n < 15; n++) await save(a.store, n);
    await settle();
    const loaded = await loadState(startedProcess().store, 'Notebook-1', notebook);
    expect(loaded.state.saves).toBe(15);
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });
});
