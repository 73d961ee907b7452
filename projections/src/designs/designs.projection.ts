import { designReadModels } from '@interior/contracts';
import { defineProjection } from '../projection';
import { hasTrigramSearch } from '../search';
import { applyDesignsBatch } from './designs-batch';
import { readRoomsAhead } from './designs-documents';

const { designs, documents, pendingShares, ownerCounts } = designReadModels;

/**
 * The designs' read models: `mydesign` (one row per design not purged, for every list of designs:
 * mine, trash, shared, management), `design_documents` (where the current document of each is: the
 * revision of its stream whose event holds it, for the document and thumbnail reads) and `design_pending_shares` (shares to addresses without an
 * account yet), with `design_owner_counts` (how many designs each owner has in each status, moved
 * with every creation, trashing, restoring, purging and transfer: the total of the owner's lists,
 * which a count(*) would find by reading each of their rows). `managerIds` lists the managers of the design's estimations: the estimations'
 * events fill it, so it stays empty until they exist.
 */
export const designsProjection = defineProjection({
  name: 'designs',
  // 2: the designs of each owner counted by status; 3: the current document named by its event,
  // not copied
  version: 3,
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
  // A save carries the whole document: a rebuild reads only its rooms, in SQL (designs-documents.ts).
  readsInLog: ['document'],
  // What a save changed, for the design's log: nothing here reads it.
  ignoresInData: ['delta'],
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
      t.integer('streamRevision').notNullable();
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
  /**
   * One event is a batch of one: the read models have one set of rules, the fold in
   * designs-batch.ts, whether events come one at a time (live) or a page at a time (a rebuild or a
   * catch-up, where each table is then written once, and each design's document once).
   */
  async apply(trx, stored, tables, { log }) {
    await applyDesignsBatch(trx, [stored], tables, log);
  },
  async applyBatch(trx, events, tables, { log, readAhead }) {
    await applyDesignsBatch(trx, events, tables, log, readAhead);
  },
  readFromLog: readRoomsAhead,
});
