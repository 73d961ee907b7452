import { allEventTypes, auditedObject, auditLogReadModel, logOrder } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';
import { chunks } from '../row-batch';

/** A statement binds at most 65,535 values: eleven a row. */
const INSERT_ROWS = 5_000;

const rowOf = (event: StoredEvent) => {
  const [logMajor, logMinor] = logOrder(event.position) ?? ['0', '0'];
  const { objectType, objectId, acl } = auditedObject(event.stream);
  return {
    logMajor,
    logMinor,
    position: event.position,
    occurredAt: occurredAt(event),
    type: event.type,
    stream: event.stream,
    revision: event.revision,
    objectType,
    objectId,
    acl,
    actorId: event.metadata.actorId,
  };
};

/**
 * The whole log as rows of who did what to which record and when, without the events' data: the
 * auditor's search filters and pages it by index instead of reading the events' JSON. One index
 * per filter, each ending in log order, so any filter's page is a short index range.
 */
export const auditLogProjection = defineProjection({
  name: 'audit-log',
  // 2: each row keeps its event's revision in its stream, so a row leads to the record as it was;
  // a kind of record alone has its own index (one with the record's id after it cannot give log order).
  version: 2,
  handles: allEventTypes,
  tables: {
    [auditLogReadModel]: (t) => {
      t.decimal('logMajor', 20, 0).notNullable();
      t.decimal('logMinor', 20, 0).notNullable();
      t.text('position').notNullable();
      t.timestamp('occurredAt', { useTz: true }).notNullable();
      t.text('type').notNullable();
      t.text('stream').notNullable();
      t.integer('revision').notNullable();
      t.text('objectType').notNullable();
      t.integer('objectId');
      t.boolean('acl').notNullable();
      t.integer('actorId');
      t.primary(['logMajor', 'logMinor']);
    },
  },
  async indexes(_knex, tables) {
    const table = tables[auditLogReadModel];
    const index = (name: string, columns: string) =>
      `create index if not exists ${table}_${name} on ${table} (${columns}, "logMajor", "logMinor")`;
    return [
      index('actor', '"actorId"'),
      index('kind', '"objectType"'),
      index('object', '"objectType", "objectId"'),
      index('type', '"type"'),
      `create index if not exists ${table}_time on ${table} ("occurredAt")`,
    ];
  },
  async apply(trx, event, tables) {
    await trx(tables[auditLogReadModel]).insert(rowOf(event)).onConflict(['logMajor', 'logMinor']).ignore();
  },
  async applyBatch(trx, events, tables) {
    for (const part of chunks(events, INSERT_ROWS)) {
      await trx(tables[auditLogReadModel])
        .insert(part.map(rowOf))
        .onConflict(['logMajor', 'logMinor'])
        .ignore();
    }
  },
});
