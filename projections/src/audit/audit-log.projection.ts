import { allEventTypes, auditedObject, auditLogReadModel, logOrder } from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';
import { applyPlan, type RowBatchPlan } from '../row-batch';

/**
 * A batch's rows, each with the latest stamp of the batch up to it as its clock: the statement
 * (planAuditRows) raises each to the clock where the table ends, which the events before the batch
 * set, so a row's clock is the latest stamp of any event at or before it in log order.
 */
function rowsOf(events: readonly StoredEvent[]) {
  let clock = 0;
  return events.map((event) => {
    const [logMajor, logMinor] = logOrder(event.position) ?? ['0', '0'];
    const { objectType, objectId, acl } = auditedObject(event.stream);
    const stamped = occurredAt(event);
    clock = Math.max(clock, stamped.getTime());
    return {
      logMajor,
      logMinor,
      position: event.position,
      occurredAt: stamped,
      logClock: new Date(clock),
      type: event.type,
      stream: event.stream,
      revision: event.revision,
      objectType,
      objectId,
      acl,
      actorId: event.metadata.actorId,
    };
  });
}

const COLUMNS = [
  'logMajor',
  'logMinor',
  'position',
  'occurredAt',
  'type',
  'stream',
  'revision',
  'objectType',
  'objectId',
  'acl',
  'actorId',
].map((column) => `"${column}"`);
const INSERTED = COLUMNS.join(', ');
const FROM_ROWS = COLUMNS.map((column) => `r.${column}`).join(', ');

/**
 * The batch's rows in one statement, the rows as one JSON parameter: the runner runs it with the
 * move of its checkpoint (one round trip for a live batch, which every command waits for, instead
 * of a transaction of five). Its clock is read in the same statement, so it needs no row read
 * first and a plan made while the batch before is written stays right. Rows already there (a batch
 * applied again) are kept as they are.
 */
function planAuditRows(table: string, events: readonly StoredEvent[]): RowBatchPlan | null {
  if (events.length === 0) return null;
  return {
    table,
    writes: [
      {
        sql: (guard) => `insert into ?? (${INSERTED}, "logClock")
          select ${FROM_ROWS},
            greatest(r."logClock", (select "logClock" from ?? order by "logMajor" desc, "logMinor" desc limit 1))
          from json_populate_recordset(null::??, ?::json) as r
          ${guard ? `where ${guard}` : ''} on conflict ("logMajor", "logMinor") do nothing`,
        bindings: [table, table, table, JSON.stringify(rowsOf(events))],
        upsert: false,
      },
    ],
    added: 0,
    deleted: [],
    written: new Set(),
  };
}

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
  async planBatch(_knex, events, tables) {
    return planAuditRows(tables[auditLogReadModel], events);
  },
  async applyBatch(trx, events, tables) {
    await applyPlan(trx, planAuditRows(tables[auditLogReadModel], events));
  },
  async apply(trx, event, tables) {
    await applyPlan(trx, planAuditRows(tables[auditLogReadModel], [event]));
  },
});
