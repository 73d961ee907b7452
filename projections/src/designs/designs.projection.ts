import { type AclEvent, type DesignEvent, designReadModels, documentSummary } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { defineProjection, occurredAt } from '../projection';
import { hasTrigramSearch } from '../search';
import { applyDesignsBatch, createdRow, idOf, shareCountOf } from './designs-batch';

const { designs, documents, pendingShares, ownerCounts } = designReadModels;

/**
 * The designs' read models: `mydesign` (one row per design not purged, for every list of designs:
 * mine, trash, shared, management), `design_documents` (the current document of each, for the
 * document and thumbnail reads) and `design_pending_shares` (shares to addresses without an
 * account yet), with `design_owner_counts` (how many designs each owner has in each status, moved
 * with every creation, trashing, restoring, purging and transfer: the total of the owner's lists,
 * which a count(*) would find by reading each of their rows). `managerIds` lists the managers of the design's estimations: the estimations'
 * events fill it, so it stays empty until they exist.
 */
export const designsProjection = defineProjection({
  name: 'designs',
  // 2: the designs of each owner counted by status
  version: 2,
  handles: [
    'DesignCreated',
    'DesignCopied',
    'DesignRenamed',
    'DesignDescribed',
    'DesignMovedToFolder',
    'DesignDocumentChanged',
    'DesignTrashed',
    'DesignRestored',
    'DesignPurged',
    'DesignOwnershipTransferred',
    'DesignShared',
    'DesignShareAttached',
    'AclChanged',
    'CommentCreated',
    'CommentDeleted',
  ],
  tables: {
    [designs]: (t) => {
      t.integer('id').primary();
      t.text('name').notNullable();
      t.text('description').notNullable().defaultTo('');
      t.integer('ownerId').notNullable();
      t.integer('folderId');
      t.integer('planId');
      t.text('status').notNullable();
      t.timestamp('trashedAt', { useTz: true });
      t.integer('revision').notNullable().defaultTo(0);
      t.double('area').notNullable().defaultTo(0);
      t.integer('roomCount').notNullable().defaultTo(0);
      t.integer('commentCount').notNullable().defaultTo(0);
      t.integer('shareCount').notNullable().defaultTo(0);
      t.specificType('managerIds', 'integer[]').notNullable().defaultTo('{}');
      t.timestamp('registered', { useTz: true }).notNullable();
      t.integer('registeredBy');
      t.timestamp('updated', { useTz: true });
      t.integer('updatedBy');
      t.integer('version').notNullable();
      t.index(['status', 'trashedAt']);
      t.index(['registered']);
    },
    [documents]: (t) => {
      t.integer('id').primary();
      t.integer('revision').notNullable();
      t.jsonb('document').notNullable();
    },
    [ownerCounts]: (t) => {
      t.integer('ownerId').notNullable();
      t.text('status').notNullable();
      t.integer('designs').notNullable();
      t.primary(['ownerId', 'status']);
    },
    [pendingShares]: (t) => {
      t.integer('designId').notNullable();
      t.text('emailKey').notNullable();
      t.text('permission').notNullable();
      t.primary(['designId', 'emailKey']);
      t.index(['emailKey']);
    },
  },
  async afterCreate(knex, tables) {
    const physical = tables[designs];
    // One owner's lists in the orders the screen offers, each as the list orders it (its column,
    // nulls where the list puts them, then the id): the first page is the index's first rows,
    // where an index on the column alone leaves every one of the owner's rows to sort.
    for (const [name, order] of [
      ['updated', '"updated" desc nulls last'],
      ['name', '"name"'],
      ['area', '"area" desc'],
    ]) {
      await knex.raw(`create index ?? on ?? ("ownerId", "status", ${order}, "id")`, [
        `${physical}_owner_${name}`,
        physical,
      ]);
    }
    if (!(await hasTrigramSearch(knex))) return;
    await knex.raw('create index ?? on ?? using gin (?? gin_trgm_ops)', [
      `${physical}_search`,
      physical,
      'name',
    ]);
  },
  async apply(trx, stored, tables) {
    const table = tables[designs];
    if (stored.type === 'CommentCreated' || stored.type === 'CommentDeleted') {
      const { designId } = stored.data as { designId: number };
      const step = stored.type === 'CommentCreated' ? 1 : -1;
      await trx(table).where({ id: designId }).increment('commentCount', step);
      return;
    }
    if (stored.type === 'AclChanged') {
      const { data } = stored as StoredEvent & AclEvent;
      if (data.type !== 'Design' || data.id === null) return;
      await refreshShareCount(trx, tables, data.id, data.aces);
      return;
    }
    const event = stored as StoredEvent & DesignEvent;
    const id = idOf(stored);
    const touched = {
      updated: occurredAt(stored),
      updatedBy: stored.metadata.actorId,
      version: stored.revision,
    };
    switch (event.type) {
      case 'DesignCreated':
      case 'DesignCopied': {
        const { area, roomCount } = documentSummary(event.data.document);
        const inserted = await trx(table)
          .insert({ ...createdRow(stored, event.data), area, roomCount })
          .onConflict('id')
          .ignore()
          .returning('id');
        if (inserted.length > 0) await countDesigns(trx, tables, event.data.ownerId, 'Active', 1);
        await trx(tables[documents])
          .insert({ id, revision: 0, document: JSON.stringify(event.data.document) })
          .onConflict('id')
          .ignore();
        return;
      }
      case 'DesignRenamed':
        await trx(table)
          .where({ id })
          .update({ name: event.data.name, ...touched });
        return;
      case 'DesignDescribed':
        await trx(table)
          .where({ id })
          .update({ description: event.data.description, ...touched });
        return;
      case 'DesignMovedToFolder':
        await trx(table)
          .where({ id })
          .update({ folderId: event.data.folderId, ...touched });
        return;
      case 'DesignDocumentChanged': {
        const { area, roomCount } = documentSummary(event.data.document);
        await trx(table)
          .where({ id })
          .update({ revision: event.data.revision, area, roomCount, ...touched });
        await trx(tables[documents])
          .where({ id })
          .update({ revision: event.data.revision, document: JSON.stringify(event.data.document) });
        return;
      }
      case 'DesignTrashed': {
        const before = await countedAs(trx, table, id);
        await trx(table)
          .where({ id })
          .update({ status: 'Trashed', trashedAt: event.data.at, ...touched });
        if (before) await moveCount(trx, tables, before, { ownerId: before.ownerId, status: 'Trashed' });
        return;
      }
      case 'DesignRestored': {
        const before = await countedAs(trx, table, id);
        await trx(table)
          .where({ id })
          .update({ status: 'Active', trashedAt: null, ...touched });
        if (before) await moveCount(trx, tables, before, { ownerId: before.ownerId, status: 'Active' });
        return;
      }
      case 'DesignPurged': {
        const before = await countedAs(trx, table, id);
        if (before) await countDesigns(trx, tables, before.ownerId, before.status, -1);
        await trx(table).where({ id }).delete();
        await trx(tables[documents]).where({ id }).delete();
        await trx(tables[pendingShares]).where({ designId: id }).delete();
        return;
      }
      case 'DesignOwnershipTransferred': {
        const before = await countedAs(trx, table, id);
        await trx(table)
          .where({ id })
          .update({ ownerId: event.data.to, folderId: null, ...touched });
        if (before) await moveCount(trx, tables, before, { ownerId: event.data.to, status: before.status });
        return;
      }
      case 'DesignShared':
        if (event.data.userId === null) {
          await trx(tables[pendingShares])
            .insert({ designId: id, emailKey: event.data.emailKey, permission: event.data.permission })
            .onConflict(['designId', 'emailKey'])
            .merge();
        }
        await trx(table).where({ id }).update({ version: stored.revision });
        return;
      case 'DesignShareAttached':
        await trx(tables[pendingShares]).where({ designId: id, emailKey: event.data.emailKey }).delete();
        await trx(table).where({ id }).update({ version: stored.revision });
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
  /**
   * A rebuild or catch-up folds each batch in memory and writes each table once: one event at a
   * time read and wrote rows per event, a whole document per save (designs-batch.ts).
   */
  async applyBatch(trx, events, tables) {
    await applyDesignsBatch(trx, events, tables);
  },
});

type Counted = { ownerId: number; status: string };

/** The owner and status a design is counted under, or undefined when it has no row. */
async function countedAs(trx: Knex.Transaction, table: string, id: number): Promise<Counted | undefined> {
  return trx(table).where({ id }).first<Counted | undefined>('ownerId', 'status');
}

/** Adds `step` to the designs an owner has in a status. */
async function countDesigns(
  trx: Knex.Transaction,
  tables: Readonly<Record<string, string>>,
  ownerId: number,
  status: string,
  step: number,
) {
  const table = tables[ownerCounts]!;
  await trx.raw(
    'insert into ?? as c ("ownerId", status, designs) values (?, ?, ?) on conflict ("ownerId", status) do update set designs = c.designs + excluded.designs',
    [table, ownerId, status, step],
  );
}

/** A design counted under `from` is now counted under `to`. */
async function moveCount(
  trx: Knex.Transaction,
  tables: Readonly<Record<string, string>>,
  from: Counted,
  to: Counted,
) {
  if (from.ownerId === to.ownerId && from.status === to.status) return;
  await countDesigns(trx, tables, from.ownerId, from.status, -1);
  await countDesigns(trx, tables, to.ownerId, to.status, 1);
}

/** Grants on the design to anyone but its owner: the people it is shared with. */
async function refreshShareCount(
  trx: Knex.Transaction,
  tables: Readonly<Record<string, string>>,
  id: number,
  aces: AclEvent['data']['aces'],
) {
  const row = await trx(tables[designs]!).where({ id }).first('ownerId');
  if (!row) return;
  await trx(tables[designs]!)
    .where({ id })
    .update({ shareCount: shareCountOf(aces, row.ownerId) });
}
