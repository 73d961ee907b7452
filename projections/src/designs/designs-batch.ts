import { type AclEvent, type DesignEvent, designReadModels } from '@interior/contracts';
import type { LogInSql, StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { type LogReads, occurredAt } from '../projection';
import { chunks, Rows } from '../row-batch';
import { sqlIdentifier } from '../sql';
import { type LastDocument, lastDocument, writeDocuments } from './designs-documents';

/**
 * The designs read models applied a batch at a time (a rebuild, a catch-up): the `mydesign` rows
 * the batch touches are read in one statement, the events folded into them in memory in log order,
 * and each table written once. Each save carries the whole document, and a rebuild's page holds
 * several saves of each design: only the last document of each design in the batch is summarised
 * and written (designs-documents.ts). A live event is a batch of one, so these are the read models' only
 * rules; the projection tests apply the same events one at a time and in batches of several sizes
 * and compare every table.
 */

const { designs, documents, pendingShares, ownerCounts } = designReadModels;

const idOf = (event: StoredEvent) => Number(event.stream.slice('Design-'.length));

/** A `mydesign` row as the batch holds it: timestamps read back are PostgreSQL's text of them. */
interface DesignRow {
  id: number;
  name: string;
  description: string;
  ownerId: number;
  folderId: number | null;
  planId: number | null;
  status: string;
  trashedAt: Date | string | null;
  revision: number;
  area: number;
  roomCount: number;
  commentCount: number;
  shareCount: number;
  managerIds: number[];
  registered: Date | string;
  registeredBy: number | null;
  updated: Date | string | null;
  updatedBy: number | null;
  version: number;
}

const COLUMNS = [
  'id',
  'name',
  'description',
  'ownerId',
  'folderId',
  'planId',
  'status',
  'trashedAt',
  'revision',
  'area',
  'roomCount',
  'commentCount',
  'shareCount',
  'managerIds',
  'registered',
  'registeredBy',
  'updated',
  'updatedBy',
  'version',
] as const satisfies readonly (keyof DesignRow)[];

/**
 * Timestamps are read as PostgreSQL prints them, not as Dates: a rewritten row keeps what it held
 * to the microsecond (a Date keeps milliseconds, and a trashing's `at` is the event's own text).
 */
const SELECT_ROW = COLUMNS.map((c) =>
  c === 'trashedAt' || c === 'registered' || c === 'updated'
    ? `${sqlIdentifier(c)}::text as ${sqlIdentifier(c)}`
    : sqlIdentifier(c),
).join(', ');
const COLUMN_LIST = COLUMNS.map(sqlIdentifier).join(', ');
const MERGE = COLUMNS.filter((c) => c !== 'id')
  .map((c) => `${sqlIdentifier(c)} = excluded.${sqlIdentifier(c)}`)
  .join(', ');

/**
 * A created design's whole row, written as one literal: an object spread followed by properties its
 * source lacks (`{ ...row, more }`) takes V8's slow path, about 14 µs for this row against 2, and a
 * rebuild creates a row per design.
 */
function createdRow(
  stored: StoredEvent,
  data: Extract<DesignEvent, { type: 'DesignCreated' }>['data'],
): DesignRow {
  return {
    id: idOf(stored),
    name: data.name,
    description: data.description,
    ownerId: data.ownerId,
    folderId: data.folderId,
    planId: data.planId,
    status: 'Active',
    trashedAt: null,
    revision: 0,
    // Set from the batch's last document of the design before the rows are written.
    area: 0,
    roomCount: 0,
    commentCount: 0,
    shareCount: 0,
    managerIds: [],
    registered: occurredAt(stored),
    registeredBy: stored.metadata.actorId,
    updated: null,
    updatedBy: null,
    version: stored.revision,
  };
}

/** The people a design is shared with: grants to anyone but its owner. */
function shareCountOf(aces: AclEvent['data']['aces'], ownerId: number): number {
  return aces.filter((a) => !(a.identity.type === 'User' && a.identity.id === ownerId)).length;
}

/** Ids per statement's array parameter, and rows per multi-row statement. */
const CHUNK = 5_000;

type Counted = { ownerId: number; status: string };

/** The batch's effects, folded in memory in log order. */
class DesignsFold {
  /** Moves of the owners' counts: every (owner, status) touched, even when it nets to zero. */
  readonly counts = new Map<string, Counted & { step: number }>();
  /** The last document each design of the batch holds (only designs that exist). */
  readonly documents = new Map<number, LastDocument>();
  /** Pending shares by design and key: a permission to write, or null to delete. */
  readonly shares = new Map<string, { designId: number; emailKey: string; permission: string | null }>();
  /** Purged designs: their documents and pending shares as the table held them are deleted. */
  readonly purged = new Set<number>();

  constructor(readonly rows: Rows<DesignRow>) {}

  private count(ownerId: number, status: string, step: number) {
    const key = `${ownerId}|${status}`;
    const moved = this.counts.get(key);
    if (moved) moved.step += step;
    else this.counts.set(key, { ownerId, status, step });
  }

  private move(from: Counted, to: Counted) {
    if (from.ownerId === to.ownerId && from.status === to.status) return;
    this.count(from.ownerId, from.status, -1);
    this.count(to.ownerId, to.status, 1);
  }

  apply(stored: StoredEvent) {
    const { rows } = this;
    if (stored.type === 'CommentCreated' || stored.type === 'CommentDeleted') {
      const { designId } = stored.data as { designId: number };
      const step = stored.type === 'CommentCreated' ? 1 : -1;
      rows.update(designId, (row) => ({ commentCount: row.commentCount + step }));
      return;
    }
    if (stored.type === 'AclChanged') {
      const { data } = stored as StoredEvent & AclEvent;
      if (data.type !== 'Design' || data.id === null) return;
      rows.update(data.id, (row) => ({ shareCount: shareCountOf(data.aces, row.ownerId) }));
      return;
    }
    const event = stored as StoredEvent & DesignEvent;
    const id = idOf(stored);
    const touched = {
      updated: occurredAt(stored),
      updatedBy: stored.metadata.actorId,
      version: stored.revision,
    };
    const before = rows.get(id);
    switch (event.type) {
      case 'DesignCreated':
      case 'DesignCopied':
        // A second creation of a design is ignored, its document too (the design's row and its
        // document's row come and go together).
        if (before) return;
        rows.insertIfAbsent(createdRow(stored, event.data));
        this.count(event.data.ownerId, 'Active', 1);
        this.documents.set(id, lastDocument(stored, 0, event.data.document));
        return;
      case 'DesignRenamed':
        rows.update(id, () => ({ name: event.data.name, ...touched }));
        return;
      case 'DesignDescribed':
        rows.update(id, () => ({ description: event.data.description, ...touched }));
        return;
      case 'DesignMovedToFolder':
        rows.update(id, () => ({ folderId: event.data.folderId, ...touched }));
        return;
      case 'DesignDocumentChanged':
        if (!before) return;
        rows.update(id, () => ({ revision: event.data.revision, ...touched }));
        this.documents.set(id, lastDocument(stored, event.data.revision, event.data.document));
        return;
      case 'DesignTrashed':
        rows.update(id, () => ({ status: 'Trashed', trashedAt: event.data.at, ...touched }));
        if (before) this.move(before, { ownerId: before.ownerId, status: 'Trashed' });
        return;
      case 'DesignRestored':
        rows.update(id, () => ({ status: 'Active', trashedAt: null, ...touched }));
        if (before) this.move(before, { ownerId: before.ownerId, status: 'Active' });
        return;
      case 'DesignPurged':
        if (before) this.count(before.ownerId, before.status, -1);
        rows.delete(id);
        this.documents.delete(id);
        this.purged.add(id);
        for (const [key, share] of this.shares) if (share.designId === id) this.shares.delete(key);
        return;
      case 'DesignOwnershipTransferred':
        rows.update(id, () => ({ ownerId: event.data.to, folderId: null, ...touched }));
        if (before) this.move(before, { ownerId: event.data.to, status: before.status });
        return;
      case 'DesignShared':
        if (event.data.userId === null) {
          const { emailKey, permission } = event.data;
          this.shares.set(`${id}|${emailKey}`, { designId: id, emailKey, permission });
        }
        rows.update(id, () => ({ version: stored.revision }));
        return;
      case 'DesignShareAttached': {
        const { emailKey } = event.data;
        this.shares.set(`${id}|${emailKey}`, { designId: id, emailKey, permission: null });
        rows.update(id, () => ({ version: stored.revision }));
        return;
      }
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }
}

/** The design rows an event reads or changes. */
function touchedIds(stored: StoredEvent): number | null {
  if (stored.type === 'CommentCreated' || stored.type === 'CommentDeleted') {
    return (stored.data as { designId: number }).designId;
  }
  if (stored.type === 'AclChanged') {
    const { data } = stored as StoredEvent & AclEvent;
    return data.type === 'Design' ? data.id : null;
  }
  return idOf(stored);
}

/**
 * Applies `events` (in log order) to the designs read models inside the batch's transaction: the
 * same rows as applying each in turn, each table written once. `log`: where the documents of
 * events read without them are copied from.
 */
export async function applyDesignsBatch(
  trx: Knex.Transaction,
  events: readonly StoredEvent[],
  tables: Readonly<Record<string, string>>,
  log?: LogInSql,
  readAhead?: LogReads,
): Promise<void> {
  const table = tables[designs]!;
  const ids = new Set<number>();
  /**
   * Designs the batch creates before anything else of it touches them: the first event of the
   * design's own stream, so no row of it can exist yet and there is nothing to read (in a rebuild,
   * most designs).
   */
  const created = new Set<number>();
  for (const event of events) {
    const id = touchedIds(event);
    if (id === null) continue;
    if (
      (event.type === 'DesignCreated' || event.type === 'DesignCopied') &&
      event.revision === 0 &&
      !ids.has(id)
    )
      created.add(id);
    ids.add(id);
  }
  const toRead = [...ids].filter((id) => !created.has(id));
  const loaded: DesignRow[] = [];
  for (const part of chunks(toRead, CHUNK)) {
    const { rows } = await trx.raw<{ rows: DesignRow[] }>(`select ${SELECT_ROW} from ?? where id = any(?)`, [
      table,
      part,
    ]);
    loaded.push(...rows);
  }
  const fold = new DesignsFold(new Rows(loaded));
  for (const event of events) fold.apply(event);
  // Each design's area and rooms from the last document it received: one summary per design.
  const summaries = await writeDocuments(
    trx,
    tables[documents]!,
    fold.purged,
    fold.documents,
    log,
    readAhead,
  );
  for (const [id, summary] of summaries) fold.rows.update(id, () => summary);

  const { upserts, deletes } = fold.rows.changes();
  for (const part of chunks(deletes, CHUNK)) await trx.raw('delete from ?? where id = any(?)', [table, part]);
  for (const part of chunks(upserts, CHUNK)) {
    // The rows as one JSON parameter typed by the table's row type (see row-batch.ts).
    await trx.raw(
      `insert into ?? (${COLUMN_LIST}) select ${COLUMN_LIST} from json_populate_recordset(null::??, ?::json)
       on conflict (id) do update set ${MERGE}`,
      [table, table, JSON.stringify(part)],
    );
  }
  await writeCounts(trx, tables[ownerCounts]!, fold);
  await writePendingShares(trx, tables[pendingShares]!, fold);
}

/** Every owner's count the batch moved, by what it moved (a count not there yet starts at that). */
async function writeCounts(trx: Knex.Transaction, table: string, fold: DesignsFold) {
  for (const part of chunks([...fold.counts.values()], CHUNK)) {
    await trx.raw(
      `insert into ?? as c ("ownerId", status, designs)
       select * from unnest(?::integer[], ?::text[], ?::integer[])
       on conflict ("ownerId", status) do update set designs = c.designs + excluded.designs`,
      [table, part.map((c) => c.ownerId), part.map((c) => c.status), part.map((c) => c.step)],
    );
  }
}

/** The purged designs' pending shares deleted, then the attached ones, then the new ones written. */
async function writePendingShares(trx: Knex.Transaction, table: string, fold: DesignsFold) {
  for (const part of chunks([...fold.purged], CHUNK)) {
    await trx.raw('delete from ?? where "designId" = any(?)', [table, part]);
  }
  const shares = [...fold.shares.values()];
  for (const part of chunks(
    shares.filter((s) => s.permission === null),
    CHUNK,
  )) {
    await trx.raw(
      `delete from ?? where ("designId", "emailKey") in (select * from unnest(?::integer[], ?::text[]))`,
      [table, part.map((s) => s.designId), part.map((s) => s.emailKey)],
    );
  }
  for (const part of chunks(
    shares.filter((s) => s.permission !== null),
    CHUNK,
  )) {
    await trx.raw(
      `insert into ?? ("designId", "emailKey", permission)
       select * from unnest(?::integer[], ?::text[], ?::text[])
       on conflict ("designId", "emailKey") do update set permission = excluded.permission`,
      [table, part.map((s) => s.designId), part.map((s) => s.emailKey), part.map((s) => s.permission!)],
    );
  }
}
