import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@interior/contracts';
import {
  DuplicateEventIdError,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  WrongExpectedRevisionError,
} from './port';

/**
 * The behaviour every EventStore adapter must have (docs/architecture.md "Event store"). Each adapter's test
 * file calls this with a factory for a store; one store serves the whole suite, and no test
 * assumes the log is empty (each reads after the head it started from), so a shared server works.
 */
export interface ContractSubject {
  store: EventStore;
  /**
   * Appends `event` inside a transaction that stays open for `holdMs` before committing, for
   * stores with multi-statement transactions (PostgreSQL). Resolves when the append has been
   * made (not yet committed) with a promise for the commit.
   */
  appendHeldOpen?(stream: string, event: NewEvent, holdMs: number): Promise<{ committed: Promise<void> }>;
  cleanup(): Promise<void>;
}

export function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    actorId: 1,
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
    ...overrides,
  };
}

export function newEvent(type = 'Happened', data: unknown = { n: 1 }): NewEvent {
  return { id: randomUUID(), type, data, metadata: metadata() };
}

/**
 * Streams made by the running test. Other tests' events may become visible after a test began (a
 * transaction anywhere in the cluster holds the snapshot's xmin back), so each test reads only
 * its own streams from the global log.
 */
const mine = new Set<string>();
const streamOf = (label: string) => {
  const stream = `Test-${label}-${randomUUID().slice(0, 8)}`;
  mine.add(stream);
  return stream;
};
const own = (events: readonly StoredEvent[]) => events.filter((e) => mine.has(e.stream));

function expectStrictlyIncreasing(store: EventStore, events: readonly StoredEvent[]) {
  for (let i = 1; i < events.length; i++) {
    expect(store.comparePositions(events[i - 1]!.position, events[i]!.position)).toBeLessThan(0);
  }
}

async function collect(
  store: EventStore,
  after: string | null,
  count: number,
  timeoutMs: number,
): Promise<StoredEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const seen: StoredEvent[] = [];
  try {
    for await (const event of store.subscribe({ after, signal: controller.signal, batchSize: 50 })) {
      // The store may be shared with other suites writing meanwhile: only this suite's streams count.
      if (!mine.has(event.stream)) continue;
      seen.push(event);
      if (seen.length >= count) break;
    }
  } finally {
    clearTimeout(timer);
  }
  return seen;
}

export function describeEventStoreContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`event store contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    /** The head when the test began: what the test appends comes after it. */
    let start: string | null;

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject.cleanup();
    });
    beforeEach(async () => {
      mine.clear();
      start = await store.headPosition();
    });

    /** This test's events after its start, read from the global log page by page. */
    async function readAllSinceStart(pageSize = 64): Promise<StoredEvent[]> {
      const events: StoredEvent[] = [];
      let after = start;
      for (;;) {
        const page = await store.readAll({ after, limit: pageSize });
        if (page.length === 0) return own(events);
        events.push(...page);
        after = page[page.length - 1]!.position;
      }
    }

    /**
     * The log since the start once it shows at least `count` events: readers see an event only
     * when no older transaction of the cluster may still commit before it, so on a shared server
     * another test's open transaction can hold a fresh append back for a moment.
     */
    async function readAllSinceStartShowing(count: number, timeoutMs = 10_000): Promise<StoredEvent[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const events = await readAllSinceStart();
        if (events.length >= count || Date.now() > deadline) return events;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('reads an empty array for a missing stream', async () => {
      expect(await store.readStream(streamOf('missing'))).toEqual([]);
    });

    it('appends to a new stream and reads it back with the whole envelope', async () => {
      const stream = streamOf('new');
      const events = [
        newEvent('First', { a: 1, text: '한글 "quoted" \\ back' }),
        newEvent('Second', { b: [1, 2] }),
      ];
      const result = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(result.nextRevision).toBe(1);

      const read = await store.readStream(stream);
      expect(read.map((e) => [e.id, e.type, e.data, e.revision, e.stream])).toEqual([
        [events[0]!.id, 'First', { a: 1, text: '한글 "quoted" \\ back' }, 0, stream],
        [events[1]!.id, 'Second', { b: [1, 2] }, 1, stream],
      ]);
      expect(read[0]!.metadata).toEqual(events[0]!.metadata);
      expect(Number.isNaN(Date.parse(read[0]!.recordedAt))).toBe(false);
      expect(read[1]!.position).toBe(result.position);
      // The head readers see reaches the append once no older transaction of the cluster runs.
      let head = await store.headPosition();
      for (let i = 0; i < 500 && (!head || store.comparePositions(head, result.position) < 0); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        head = await store.headPosition();
      }
      expect(head).toBe(result.position);
      if (start) expect(store.comparePositions(start, result.position)).toBeLessThan(0);
      expect(await store.readStream(stream, { fromRevision: 1 })).toEqual([read[1]]);
      expect(await store.readStream(stream, { limit: 1 })).toEqual([read[0]]);
      expect(await store.readStream(stream, { fromRevision: 1, limit: 5 })).toEqual([read[1]]);
      expect(await store.readStream(stream, { fromRevision: 0, limit: 0 })).toEqual([]);
    });

    it('appends at the expected revision and refuses a stale one without writing', async () => {
      const stream = streamOf('expected');
      await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
      await store.append(stream, [newEvent()], { expectedRevision: 0 });

      await expect(store.append(stream, [newEvent()], { expectedRevision: 0 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(
        store.append(stream, [newEvent()], { expectedRevision: 'no_stream' }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(
        store.append(streamOf('other'), [newEvent()], { expectedRevision: 3 }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1]);

      const any = await store.append(stream, [newEvent(), newEvent()], { expectedRevision: 'any' });
      expect(any.nextRevision).toBe(3);
    });

    it('lets exactly one of N concurrent appends at the same expected revision win', async () => {
      const stream = streamOf('race');
      await store.append(stream, [newEvent()], { expectedRevision: 'no_stream' });
      const attempts = 10;
      const results = await Promise.allSettled(
        Array.from({ length: attempts }, (_, i) =>
          store.append(stream, [newEvent('Raced', { i })], { expectedRevision: 0 }),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(attempts - 1);
      for (const r of lost) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it("never loses an append made concurrently with 'any'", async () => {
      const stream = streamOf('any');
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          store.append(stream, [newEvent('Any', { i })], { expectedRevision: 'any' }),
        ),
      );
      const read = await store.readStream(stream);
      expect(read.map((e) => e.revision)).toEqual([...Array(10).keys()]);
      expect(new Set(read.map((e) => (e.data as { i: number }).i)).size).toBe(10);
    });

    it('treats a retried append with the same event ids as done: same answer, nothing written', async () => {
      const stream = streamOf('retry');
      const events = [newEvent(), newEvent()];
      const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
      const again = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(again).toEqual(first);
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () => store.append(stream, events, { expectedRevision: 'no_stream' })),
      );
      for (const r of concurrent) expect(r).toEqual(first);
      expect(await store.readStream(stream)).toHaveLength(2);
      expect(await readAllSinceStartShowing(2)).toHaveLength(2);
    });

    it('refuses an append that reuses only some event ids', async () => {
      const stream = streamOf('partial');
      const used = newEvent();
      await store.append(stream, [used], { expectedRevision: 'no_stream' });
      await expect(
        store.append(stream, [used, newEvent()], { expectedRevision: 'any' }),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('reads the global log in order, after an exclusive checkpoint, in pages', async () => {
      const streams = [streamOf('a'), streamOf('b'), streamOf('c')];
      for (let i = 0; i < 9; i++) {
        await store.append(streams[i % 3]!, [newEvent('Paged', { i })], { expectedRevision: 'any' });
      }
      const all = own(await store.readAll({ after: start, limit: 1000 }));
      expect(all.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expectStrictlyIncreasing(store, all);
      expect(await readAllSinceStart(4)).toEqual(all);
      expect(own(await store.readAll({ after: all[8]!.position, limit: 1000 }))).toEqual([]);
    });

    it('reads pages without named data fields where the log can be read in SQL, else not at all', async () => {
      // The runner reads such pages only from a store whose log its statements can read.
      expect(Boolean(store.readAllWithout)).toBe(Boolean(store.logInSql));
      if (!store.readAllWithout) return;
      const stream = streamOf('slim');
      const document = { rooms: [{ id: 'a' }], name: '거실' };
      await store.append(
        stream,
        [newEvent('Saved', { revision: 1, document }), newEvent('Renamed', { name: 'b' })],
        {
          expectedRevision: 'no_stream',
        },
      );
      const whole = own(await store.readAll({ after: start, limit: 1000 }));
      const slim = own(await store.readAllWithout({ after: start, limit: 1000 }, ['document', 'absent']));
      expect(slim).toEqual([
        { ...whole[0]!, data: { revision: 1 } },
        { ...whole[1]!, data: { name: 'b' } },
      ]);
      expect(whole[0]!.data).toEqual({ revision: 1, document });
      expect(
        own(await store.readAllWithout({ after: whole[0]!.position, limit: 1000 }, ['document'])),
      ).toEqual([slim[1]]);
    });

    it('wakes in-process listeners after an append', async () => {
      const positions: string[] = [];
      const off = store.onAppended((p) => positions.push(p));
      const result = await store.append(streamOf('wake'), [newEvent()], { expectedRevision: 'no_stream' });
      off();
      await store.append(streamOf('wake'), [newEvent()], { expectedRevision: 'no_stream' });
      expect(positions).toEqual([result.position]);
    });

    it('gives a subscriber every event exactly once, in order, under concurrent writers and a transaction held open', async () => {
      const writers = 8;
      const perWriter = 25;
      const held = subject.appendHeldOpen ? 1 : 0;
      const total = writers * perWriter + held;
      // Well inside the test's own timeout, so a store that skips an event fails on the
      // assertions below (which name what is missing), not on Jest's timeout.
      const subscription = collect(store, start, total, 30_000);

      let heldCommit: Promise<void> = Promise.resolve();
      let heldId: string | undefined;
      if (subject.appendHeldOpen) {
        const event = newEvent('Held', { held: true });
        heldId = event.id;
        heldCommit = (await subject.appendHeldOpen(streamOf('held'), event, 3_000)).committed;
      }
      const appended: string[][] = await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const stream = streamOf(`writer${w}`);
          const ids: string[] = [];
          for (let i = 0; i < perWriter; i++) {
            const event = newEvent('Written', { w, i });
            ids.push(event.id);
            await store.append(stream, [event], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
          }
          return ids;
        }),
      );
      await heldCommit;
      const seen = await subscription;

      expect(seen).toHaveLength(total);
      const seenIds = seen.map((e) => e.id);
      expect(new Set(seenIds).size).toBe(total);
      const expected = new Set([...appended.flat(), ...(heldId ? [heldId] : [])]);
      for (const id of seenIds) expect(expected.has(id)).toBe(true);
      expectStrictlyIncreasing(store, seen);
      for (let w = 0; w < writers; w++) {
        const mine = seen
          .filter((e) => (e.data as { w?: number }).w === w)
          .map((e) => (e.data as { i: number }).i);
        expect(mine).toEqual([...Array(perWriter).keys()]);
      }
      // A reader starting afresh sees the same log in the same order.
      expect((await readAllSinceStart()).map((e) => e.id)).toEqual(seenIds);
    }, 90_000);
  });
}
