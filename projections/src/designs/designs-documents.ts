import { type DesignDocument, documentSummary } from '@interior/contracts';
import type { LogInSql, StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { chunks } from '../row-batch';

/**
 * `design_documents` written a batch at a time: each design's last document of the batch, with its
 * area and rooms (documentSummary) for the `mydesign` row. A document comes in its event, or, when
 * the batch was read without documents (a rebuild's pages, Projection.readsInLog), is copied from
 * the log's row of its event inside the batch's statement: then only its rooms come back to the
 * process, for the one rule that sums the area.
 */

/** A design's last document of the batch: as its event carries it, or where its event is in the log. */
export type LastDocument = { revision: number } & (
  | { document: DesignDocument }
  | { stream: string; at: number; document?: undefined }
);

/** The document of `stored` at `revision`: the event's, or a pointer to its event when it came without. */
export function lastDocument(
  stored: StoredEvent,
  revision: number,
  document: DesignDocument | undefined,
): LastDocument {
  return document ? { revision, document } : { revision, stream: stored.stream, at: stored.revision };
}

/** Ids per statement's array parameters. */
const CHUNK = 5_000;
/** Documents per insert: a few megabytes of JSON text per statement at most. */
const DOCUMENT_ROWS = 1_000;

/**
 * Whether each database server compresses with lz4: asked once per knex instance, by its config,
 * the one object a transaction's client shares with it (each transaction has a client of its own).
 */
const lz4Support = new WeakMap<object, Promise<boolean>>();

function hasLz4(trx: Knex.Transaction): Promise<boolean> {
  const key: object = trx.client.config;
  let known = lz4Support.get(key);
  if (!known) {
    known = trx
      .raw<{ rows: { lz4: boolean }[] }>(
        `select coalesce(bool_or('lz4' = any(enumvals)), false) as lz4 from pg_settings
         where name = 'default_toast_compression'`,
      )
      .then(({ rows }) => rows[0]?.lz4 ?? false);
    lz4Support.set(key, known);
    known.catch(() => lz4Support.delete(key));
  }
  return known;
}

type Summary = ReturnType<typeof documentSummary>;

/**
 * The purged designs' documents deleted, then each design's last document of the batch written;
 * answers each written design's summary.
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
  if (last.size === 0) return summaries;
  // A document of a few kilobytes is compressed as it is stored; lz4 does that several times faster
  // than PostgreSQL's default (pglz), a large part of the server's time of a rebuild's writes.
  // For this transaction only; a value is read back whichever way it was compressed.
  if (await hasLz4(trx)) await trx.raw(`select set_config('default_toast_compression', 'lz4', true)`);
  const carried: [number, number, DesignDocument][] = [];
  const inLog: [number, Extract<LastDocument, { stream: string }>][] = [];
  for (const [id, doc] of last) {
    if (doc.document) carried.push([id, doc.revision, doc.document]);
    else inLog.push([id, doc]);
  }
  for (const part of chunks(carried, DOCUMENT_ROWS)) {
    // Each document its own text parameter: the server parses it once, into jsonb.
    const bindings: Knex.RawBinding[] = [table];
    for (const [id, revision, document] of part) {
      bindings.push(id, revision, JSON.stringify(document));
      summaries.set(id, documentSummary(document));
    }
    await trx.raw(
      `insert into ?? (id, revision, document) values ${part.map(() => '(?::integer, ?::integer, ?::jsonb)').join(', ')}
       on conflict (id) do update set revision = excluded.revision, document = excluded.document`,
      bindings,
    );
  }
  if (inLog.length === 0) return summaries;
  // Only a page read through the log's own database leaves documents out (runner/catch-up.ts).
  if (!log) throw new Error('a design document was left out of its event, and the log cannot be read here');
  for (const part of chunks(inLog, CHUNK)) {
    const streams = part.map(([, doc]) => doc.stream);
    const ats = part.map(([, doc]) => doc.at);
    const at = log.at(streams, ats);
    const { rows } = await trx.raw<{ rows: { id: number; rooms: DesignDocument['rooms'] }[] }>(
      `insert into ?? as d (id, revision, document)
       select k.id, k.revision, e.data->'document'
       from unnest(?::integer[], ?::integer[], ?::text[], ?::bigint[]) as k(id, revision, stream, at)
       join (${at.sql}) as e on e.stream = k.stream and e.revision = k.at
       on conflict (id) do update set revision = excluded.revision, document = excluded.document
       returning d.id, d.document->'rooms' as rooms`,
      [table, part.map(([id]) => id), part.map(([, doc]) => doc.revision), streams, ats, ...at.bindings],
    );
    // An event the log does not hold would leave its design's document behind without a word.
    if (rows.length !== part.length) throw new Error('the log lacks the event of a design document');
    for (const { id, rooms } of rows) summaries.set(id, documentSummary({ rooms }));
  }
  return summaries;
}
