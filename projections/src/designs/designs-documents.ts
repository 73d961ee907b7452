import { type DesignDocument, documentSummary, streamName } from '@interior/contracts';
import type { LogInSql, StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { type LogReads, logReadKey } from '../projection';
import { chunks } from '../row-batch';

/**
 * `design_documents` written a batch at a time: for each design, where its last document of the
 * batch is (the revision of its stream whose event holds it, each save holding the whole
 * document), not a copy of it: a save then writes a row of three integers instead of its megabyte
 * again, and the document is read from its event (query-service design/document-at.ts). The area
 * and rooms of the `mydesign` row (documentSummary) come from the document the event carries, or,
 * when the batch was read without documents (a rebuild's pages, Projection.readsInLog), from the
 * rooms of its event in the log, read inside the batch's statement.
 */

/** A design's last document of the batch: where its event is, and the document when it came with it. */
export type LastDocument = { revision: number; at: number; document?: DesignDocument };

/** The document of `stored` at `revision`, with the document when the event came with it. */
export function lastDocument(
  stored: StoredEvent,
  revision: number,
  document: DesignDocument | undefined,
): LastDocument {
  return document ? { revision, at: stored.revision, document } : { revision, at: stored.revision };
}

/** Ids per statement's array parameters. */
const CHUNK = 5_000;

type Summary = ReturnType<typeof documentSummary>;

/**
 * The purged designs' rows deleted, then where each design's last document of the batch is
 * written; answers each written design's summary.
 */
export async function writeDocuments(
  trx: Knex.Transaction,
  table: string,
  purged: ReadonlySet<number>,
  last: ReadonlyMap<number, LastDocument>,
  log: LogInSql | undefined,
  readAhead?: LogReads,
): Promise<Map<number, Summary>> {
  for (const part of chunks([...purged], CHUNK)) {
    await trx.raw('delete from ?? where id = any(?)', [table, part]);
  }
  const summaries = new Map<number, Summary>();
  const inLog: number[] = [];
  for (const [id, doc] of last) {
    const rooms = doc.document
      ? doc.document.rooms
      : readAhead?.get(logReadKey(streamName('Design', id), doc.at));
    if (rooms) summaries.set(id, documentSummary({ rooms: rooms as DesignDocument['rooms'] }));
    else inLog.push(id);
  }
  for (const part of chunks([...last], CHUNK)) {
    await trx.raw(
      `insert into ?? (id, revision, "streamRevision")
       select * from unnest(?::integer[], ?::integer[], ?::integer[])
       on conflict (id) do update set revision = excluded.revision, "streamRevision" = excluded."streamRevision"`,
      [table, part.map(([id]) => id), part.map(([, doc]) => doc.revision), part.map(([, doc]) => doc.at)],
    );
  }
  if (inLog.length === 0) return summaries;
  // Only a page read through the log's own database leaves documents out (runner/catch-up.ts).
  if (!log) throw new Error('a design document was left out of its event, and the log cannot be read here');
  const wanted = inLog.map((id) => ({ id, stream: streamName('Design', id), revision: last.get(id)!.at }));
  const rooms = await roomsInLog(trx, log, wanted);
  for (const { id, stream, revision } of wanted) {
    const found = rooms.get(logReadKey(stream, revision));
    // An event the log does not hold would leave its design's area behind without a word.
    if (found === undefined) throw new Error('the log lacks the event of a design document');
    summaries.set(id, documentSummary({ rooms: found as DesignDocument['rooms'] }));
  }
  return summaries;
}

/**
 * The rooms of the documents of events read without them (a rebuild's pages), read ahead of their
 * batch (Projection.readFromLog): each design's last such event of the page, the one its batch
 * summarises unless the fold ignores it (then the batch reads what it needs itself).
 */
export function readRoomsAhead(knex: Knex, events: readonly StoredEvent[], log: LogInSql): Promise<LogReads> {
  const last = new Map<string, number>();
  for (const event of events) {
    if (!DOCUMENT_EVENTS.has(event.type) || (event.data as { document?: unknown }).document) continue;
    last.set(event.stream, event.revision);
  }
  return roomsInLog(
    knex,
    log,
    [...last].map(([stream, revision]) => ({ stream, revision })),
  );
}

const DOCUMENT_EVENTS = new Set(['DesignCreated', 'DesignCopied', 'DesignDocumentChanged']);

/** The rooms of the documents of the log's events at `at`, by logReadKey. */
async function roomsInLog(
  db: Knex | Knex.Transaction,
  log: LogInSql,
  at: readonly { stream: string; revision: number }[],
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  for (const part of chunks(at, CHUNK)) {
    const streams = part.map((e) => e.stream);
    const revisions = part.map((e) => e.revision);
    const events = log.at(streams, revisions);
    const { rows } = await db.raw<{ rows: { stream: string; revision: number; rooms: unknown }[] }>(
      `select k.stream, k.revision::integer as revision, e.data->'document'->'rooms' as rooms
       from unnest(?::text[], ?::bigint[]) as k(stream, revision)
       join (${events.sql}) as e on e.stream = k.stream and e.revision = k.revision`,
      [streams, revisions, ...events.bindings],
    );
    for (const row of rows) found.set(logReadKey(row.stream, row.revision), row.rooms);
  }
  return found;
}
