import { designReadModels, documentSummary, workedExampleDocument } from '@interior/contracts';
import type { EventStore, StoredEvent } from '@interior/platform';
import { metadata, newEvent } from '@interior/platform/eventstore/contract-suite';
import { designsProjection } from './designs/designs.projection';
import type { Projection } from './projection';
import { db, runner, store, useRunnerDatabase } from './testing/runner-tests';

useRunnerDatabase();

const { designs, documents } = designReadModels;

/** The worked example's one room under each id given. */
const withRooms = (...ids: string[]) => {
  const document = workedExampleDocument();
  const [room] = document.rooms;
  return { ...document, rooms: ids.map((id) => ({ ...room!, id })) };
};

/**
 * The designs projection, telling how many events of each batch came with their document and how
 * many values of the log were read ahead for it.
 */
function watched(readFromLog = designsProjection.readFromLog) {
  const batches: { events: number; withDocument: number; readAhead?: number }[] = [];
  const projection: Projection = {
    ...designsProjection,
    async applyBatch(trx, events: readonly StoredEvent[], tables, context) {
      const withDocument = events.filter((e) => 'document' in (e.data as object)).length;
      batches.push({
        events: events.length,
        withDocument,
        ...(context.readAhead ? { readAhead: context.readAhead.size } : {}),
      });
      await designsProjection.applyBatch!(trx, events, tables, context);
    },
    ...(readFromLog ? { readFromLog } : {}),
  };
  return { projection, batches };
}

const event = (type: string, data: object) => ({ ...newEvent(type, data), metadata: metadata() });

/** `count` designs, each created with one room and saved with more; answers each one's last document. */
async function appendDesigns(count: number) {
  const last = new Map<number, ReturnType<typeof withRooms>>();
  let position = '';
  for (let id = 1; id <= count; id++) {
    const created = {
      id,
      name: `디자인 ${id}`,
      description: '',
      ownerId: 5,
      folderId: null,
      planId: null,
      document: withRooms('a'),
    };
    const saves = [1, 2].map((revision) => ({
      revision,
      document: withRooms(...Array.from({ length: revision + (id % 3) }, (_, n) => `r${n}`)),
      delta: { rooms: { added: 1, removed: 0 } },
    }));
    position = (
      await store.append(
        `Design-${id}`,
        [event('DesignCreated', created), ...saves.map((save) => event('DesignDocumentChanged', save))],
        { expectedRevision: 'no_stream' },
      )
    ).position;
    last.set(id, saves[1]!.document);
  }
  return { last, position };
}

/** The document the read model names as a design's current one: in the event at that revision of its stream. */
async function currentDocument(id: number) {
  const row = await db.knex(documents).where({ id }).first('streamRevision');
  const [event] = await store.readStream(`Design-${id}`, { fromRevision: row.streamRevision, limit: 1 });
  return (event?.data as { document?: unknown } | undefined)?.document;
}

/** The read models name each design's last document and hold its revision and the summary of it. */
async function expectDocuments(last: ReadonlyMap<number, ReturnType<typeof withRooms>>, revision = 2) {
  const rows = await db.knex(designs).orderBy('id').select('id', 'revision', 'area', 'roomCount');
  expect(rows).toEqual([...last].map(([id, doc]) => ({ id, revision, ...documentSummary(doc) })));
  const docs = await db.knex(documents).orderBy('id').select('id', 'revision');
  expect(docs).toEqual([...last].map(([id]) => ({ id, revision })));
  for (const [id, document] of last) expect(await currentDocument(id)).toEqual(document);
}

/** 12 designs caught up on in pages of 6 events (2 designs), to read models checked whole. */
async function caughtUpOnDesigns(readFromLog = designsProjection.readFromLog) {
  const { last, position } = await appendDesigns(12);
  const { projection, batches } = watched(readFromLog);
  const r = runner(projection, { batchSize: 3, catchUpBatchSize: 6 });
  await r.start();
  await r.caughtUp({ position });
  await expectDocuments(last);
  return { r, batches };
}

describe('projection runner: fields read in the log', () => {
  it('catches up on pages without the documents, their rooms read in SQL, and applies live appends with theirs', async () => {
    const { r, batches } = await caughtUpOnDesigns();
    // Far behind, the pages came without documents.
    expect(batches.some((b) => b.events > 0 && b.withDocument === 0)).toBe(true);

    const document = withRooms('x', 'y', 'z', 'w');
    const live = await store.append(
      'Design-3',
      [event('DesignDocumentChanged', { revision: 3, document, delta: { rooms: { added: 1, removed: 0 } } })],
      { expectedRevision: 2 },
    );
    await r.caughtUp({ position: live.position });
    expect(batches.at(-1)).toEqual({ events: 1, withDocument: 1 });
    const [row] = await db.knex(designs).where({ id: 3 }).select('revision', 'area', 'roomCount');
    expect(row).toEqual({ revision: 3, ...documentSummary(document) });
    expect(await currentDocument(3)).toEqual(document);
  });

  it('reads the rooms of a page read ahead while the batch before it is applied', async () => {
    const { batches } = await caughtUpOnDesigns();
    // Pages of 6 events are 2 designs each: every page read ahead came with its 2 designs' rooms.
    const ahead = batches.filter((b) => b.readAhead !== undefined);
    expect(ahead.length).toBeGreaterThan(0);
    for (const b of ahead) expect(b.readAhead).toBe(b.events / 3);
  });

  it.each([
    ['answers nothing', async () => new Map()],
    ['fails', async () => Promise.reject(new Error('connection lost'))],
    ['answers other events only', async () => new Map([['Design-999@0', []]])],
  ])(
    'reads in each batch what a read ahead that %s did not bring, to the same read models',
    async (_, readFromLog) => {
      const { r, batches } = await caughtUpOnDesigns(readFromLog);
      expect(batches.some((b) => b.events > 0 && b.withDocument === 0)).toBe(true);
      expect(r.health().every((h) => !h.error)).toBe(true);
    },
  );

  it('reads whole pages when the log is not in the read models’ database, to the same read models', async () => {
    const { last, position } = await appendDesigns(12);
    const { projection, batches } = watched();
    const elsewhere: EventStore = Object.create(store, { logInSql: { value: undefined } });
    const r = runner(projection, { batchSize: 3, catchUpBatchSize: 6, store: elsewhere });
    await r.start();
    await r.caughtUp({ position });
    await expectDocuments(last);
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.every((b) => b.withDocument === b.events)).toBe(true);
  });
});
