import { allEventTypes, auditedObject, auditLogReadModel, logOrder } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { defineProjection, occurredAt } from '../projection';
import { chunks } from '../row-batch';

/** A statement binds at most 65,535 values: twelve a row. */
const INSERT_ROWS = 5_000;

/**
 * The log's clock where the table ends: the latest time any event so far was stamped with, kept on
 * the last row in log order (the epoch while the table is empty).
 */
async function clockSoFar(trx: Knex.Transaction, table: string): Promise<number> {
  const last = await trx(table)
    .orderBy([
      { column: 'logMajor', order: 'desc' },
      { column: 'logMinor', order: 'desc' },
    ])
    .first<{ logClock: Date } | undefined>('logClock');
  return last ? new Date(last.logClock).getTime() : 0;
}

const rowOf = (event: StoredEvent, clock: number) => {
  const [logMajor, logMinor] = logOrder(event.position) ?? ['0', '0'];
  const { objectType, objectId, acl } = auditedObject(event.stream);
  const stamped = occurredAt(event);
  return {
    logMajor,
    logMinor,
    position: event.position,
    occurredAt: stamped,
    logClock: new Date(Math.max(clock, stamped.getTime())),
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
 *
 * A time window is a range of log positions (`windowSpan`, query-service log-page.ts). Events are
 * stamped before they are appended, so stamps are not in log order; each row therefore also keeps
 * the log's clock, `logClock`: the latest stamp of any event at or before it in log order. The runner
 * applies the log in order, so the clock never goes back along the log, and one probe of its index
 * finds where a time begins in the log. How far a row's stamp lies behind its clock (a late
 * append) has an index of its own, so the greatest such lag is one probe too.
 */
export const auditLogProjection = defineProjection({
  name: 'audit-log',
  // 2: each row keeps its event's revision in its stream, so a row leads to the record as it was;
  // a kind of record alone has its own index (one with the record's id after it cannot give log order).
  // 3: each row keeps the log's clock, so a time window is a range of positions.
  version: 3,
  handles: allEventTypes,
  tables: {
    [auditLogReadModel]: (t) => {
      t.decimal('logMajor', 20, 0).notNullable();
      t.decimal('logMinor', 20, 0).notNullable();
      t.text('position').notNullable();
      t.timestamp('occurredAt', { useTz: true }).notNullable();
      t.timestamp('logClock', { useTz: true }).notNullable();
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
      index('clock', '"logClock"'),
      `create index if not exists ${table}_lag on ${table} (("logClock" - "occurredAt"))`,
    ];
  },
  async apply(trx, event, tables) {
    const table = tables[auditLogReadModel];
    await trx(table)
      .insert(rowOf(event, await clockSoFar(trx, table)))
      .onConflict(['logMajor', 'logMinor'])
      .ignore();
  },
  async applyBatch(trx, events, tables) {
    const table = tables[auditLogReadModel];
    let clock = await clockSoFar(trx, table);
    const rows = events.map((event) => {
      const row = rowOf(event, clock);
      clock = row.logClock.getTime();
      return row;
    });
    for (const part of chunks(rows, INSERT_ROWS)) {
      await trx(table).insert(part).onConflict(['logMajor', 'logMinor']).ignore();
    }
  },
});
