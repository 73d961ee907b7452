import { type DesignEvent, designEventTypes, designReadModels } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { defineProjection } from '../projection';
import { chunks } from '../row-batch';

const { log } = designReadModels;

/**
 * What a log sentence says of an event, without the document a save carries (up to 2 MB) and
 * without a share's address or its account: the design log reads a page of these rows, never the
 * stream, and keeps no personal data to forget.
 */
function sentenceFacts(event: DesignEvent): Record<string, unknown> {
  switch (event.type) {
    case 'DesignCreated':
      return { name: event.data.name, planId: event.data.planId };
    case 'DesignCopied':
      return { name: event.data.name, planId: event.data.planId, sourceId: event.data.sourceId };
    case 'DesignRenamed':
      return { name: event.data.name };
    case 'DesignMovedToFolder':
      return { folderId: event.data.folderId };
    case 'DesignDocumentChanged':
      return { revision: event.data.revision, delta: event.data.delta };
    case 'DesignPurged':
      return { automatic: event.data.automatic };
    case 'DesignShared':
    case 'DesignShareAttached':
      return { permission: event.data.permission };
    default:
      return {};
  }
}

/** The document revision an event holds: 0 for a creation or a copy, the save's own for a save. */
function documentRevision(event: DesignEvent): number | null {
  if (event.type === 'DesignCreated' || event.type === 'DesignCopied') return 0;
  if (event.type === 'DesignDocumentChanged') return event.data.revision;
  return null;
}

const rowOf = (stored: StoredEvent) => {
  const event = stored as StoredEvent & DesignEvent;
  return {
    designId: Number(stored.stream.slice('Design-'.length)),
    streamRevision: stored.revision,
    eventId: stored.id,
    type: stored.type,
    actorId: stored.metadata.actorId,
    occurredAt: stored.metadata.occurredAt,
    facts: JSON.stringify(sentenceFacts(event)),
    documentRevision: documentRevision(event),
  };
};

/** Rows per insert: a statement binds at most 65,535 values, eight a row. */
const INSERT_ROWS = 5_000;

/** The events' rows, a statement per few thousand; an event already in the log is skipped. */
async function insertRows(trx: Knex.Transaction, table: string, events: readonly StoredEvent[]) {
  for (const part of chunks(events, INSERT_ROWS)) {
    await trx(table).insert(part.map(rowOf)).onConflict(['designId', 'streamRevision']).ignore();
  }
}

/**
 * The design log, one small row per event of a design's stream: a page of the log is a range of
 * rows, and the document of a revision is found by its row's stream revision, one event read.
 */
export const designLogProjection = defineProjection({
  name: 'design-log',
  version: 1,
  handles: designEventTypes,
  tables: {
    [log]: (t) => {
      t.integer('designId').notNullable();
      t.integer('streamRevision').notNullable();
      t.text('eventId').notNullable();
      t.text('type').notNullable();
      t.integer('actorId');
      t.text('occurredAt').notNullable();
      t.jsonb('facts').notNullable();
      t.integer('documentRevision');
      t.primary(['designId', 'streamRevision']);
      t.index(['designId', 'documentRevision']);
    },
  },
  async apply(trx, stored, tables) {
    await insertRows(trx, tables[log], [stored]);
  },
  async applyBatch(trx, events, tables) {
    await insertRows(trx, tables[log], events);
  },
});
