import { type DesignDocument, documentSummary, streamName } from '@interior/contracts';
import type { LogInSql, StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
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
): Promise<Map<number, Summary>> {
  for (const part of chunks([...purged], CHUNK)) {
    await trx.raw('delete from ?? where id = any(?)', [table, part]);
  }
  const summaries = new Map<number, Summary>();
  const inLog: number[] = [];
  for (const [id, doc] of last) {
    if (doc.document) summaries.set(id, documentSummary(doc.document));
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
  for (const part of chunks(inLog, CHUNK)) {
    const streams = part.map((id) => streamName('Design', id));
    const ats = part.map((id) => last.get(id)!.at);
    const at = log.at(streams, ats);
    const { rows } = await trx.raw<{ rows: { id: number; rooms: DesignDocument['rooms'] }[] }>(
      `select k.id, e.data->'document'->'rooms' as rooms
       from unnest(?::integer[], ?::text[], ?::bigint[]) as k(id, stream, at)
       join (${at.sql}) as e on e.stream = k.stream and e.revision = k.at`,
      [part, streams, ats, ...at.bindings],
    );
    // An event the log does not hold would leave its design's area behind without a word.
    if (rows.length !== part.length) throw new Error('the log lacks the event of a design document');
    for (const { id, rooms } of rows) summaries.set(id, documentSummary({ rooms }));
  }
  return summaries;
}
