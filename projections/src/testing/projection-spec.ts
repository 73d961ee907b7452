import { randomUUID } from 'node:crypto';
import { type DomainEvent, streamName } from '@interior/contracts';
import { createPostgresEventStore, PiiVault, type StoredEvent } from '@interior/platform';
import { openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import type { Knex } from 'knex';
import { insertCreationsSql, type LogCreations, runEndSql } from '../log-creations';
import { createIndexes, fieldsLeftOutOfSlimPages, generationTables, type Projection } from '../projection';

/**
 * Projection tests read as: given these events (of these streams), then these rows. Each `then`
 * runs on a fresh generation of the projection's tables in one embedded PGlite per test file; a
 * projection that applies batches gets the events a second time as one batch, which must give the
 * same rows. One that makes rows from the log (`createsFromLog`) gets them a third time, the
 * leading run of creations made by SQL from a table of the events, as a rebuild does
 * (log-creations.ts), and the rest as one batch: the same rows again. One that takes fields from
 * the log in SQL (`readsInLog`) gets them once more in batches without those fields, the events in
 * the log's table for its statements to read, as a rebuild's pages come: the same rows again.
 */
export interface GivenEvent extends DomainEvent {
  /** `<ObjectType>-<id>`, or the type and id to build it from. */
  stream: string | [type: string, id: number];
  actorId?: number | null;
  occurredAt?: string;
}

let generation = 1000;

/** When the given event at `index` occurred, unless it says: a minute after the one before it. */
export const givenAt = (index: number) => new Date(Date.UTC(2026, 10, 1, 0, index));

export function projectionSpec(projection: Projection, db: () => TestDatabase) {
  return {
    /**
     * `batchSize`: the batch build applies the events in batches of that many (a rebuild's pages,
     * each reading the rows the ones before it wrote), instead of as one.
     */
    given(events: GivenEvent[], options: { batchSize?: number } = {}) {
      /** The rows of each table named (logical names) by the key it is ordered by, after the events. */
      const after = async (
        orderBy: Readonly<Record<string, string | string[]>>,
      ): Promise<Record<string, Record<string, unknown>[]>> => {
        const { knex } = db();
        const revisions = new Map<string, number>();
        const stored: StoredEvent[] = events.map((event, index) => {
          const stream = typeof event.stream === 'string' ? event.stream : streamName(...event.stream);
          const revision = (revisions.get(stream) ?? -1) + 1;
          revisions.set(stream, revision);
          return {
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: {
              actorId: event.actorId ?? 1,
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: event.occurredAt ?? givenAt(index).toISOString(),
              schemaVersion: 1,
            },
            stream,
            revision,
            position: `0:${index}`,
            recordedAt: new Date().toISOString(),
          };
        });
        const handled = stored.filter((e) => projection.handles.includes(e.type));
        const context = { vault: new PiiVault(knex) };
        /**
         * The rows of a physical table, and each as PostgreSQL prints it: a JSON null and a SQL
         * null are both null to JavaScript, not to a reader of the column.
         */
        const read = async (physical: string, key: string | string[]) => {
          const orderKeys = typeof key === 'string' ? [key] : key;
          const { rows: printed } = await knex.raw<{ rows: { row: string }[] }>(
            `select t::text as row from ?? as t order by ${orderKeys.map(() => 't.??').join(', ')}`,
            [physical, ...orderKeys],
          );
          const rows: Record<string, unknown>[] = await knex(physical).orderBy(orderKeys).select('*');
          return { rows, printed: printed.map((p) => p.row) };
        };
        /** The events applied one at a time, or as batches (one, unless `batchSize` says). */
        const applyAll = async (
          trx: Knex.Transaction,
          events: StoredEvent[],
          tables: Record<string, string>,
          asOneBatch: boolean,
        ) => {
          if (asOneBatch && options.batchSize) {
            for (let i = 0; i < events.length; i += options.batchSize) {
              await projection.applyBatch!(trx, events.slice(i, i + options.batchSize), tables, context);
            }
          } else if (asOneBatch) await projection.applyBatch!(trx, events, tables, context);
          else for (const event of events) await projection.apply(trx, event, tables, context);
        };
        /** The rows of `table` in a new generation of the projection's tables, once `fill` ran. */
        const inNewGeneration = async (
          fill: (trx: Knex.Transaction, tables: Record<string, string>) => Promise<void>,
        ) => {
          const tables = generationTables(projection, ++generation) as Record<string, string>;
          await knex.transaction(async (trx) => {
            for (const [name, define] of Object.entries(projection.tables)) {
              await trx.schema.createTable(tables[name]!, define);
            }
            await createIndexes(trx, projection, tables);
            await fill(trx, tables);
          });
          const found: Record<string, Awaited<ReturnType<typeof read>>> = {};
          for (const [table, key] of Object.entries(orderBy)) found[table] = await read(tables[table]!, key);
          return found;
        };
        /** The rows of a new generation the events were applied to, one at a time or as one batch. */
        const build = (asOneBatch: boolean) =>
          inNewGeneration((trx, tables) => applyAll(trx, handled, tables, asOneBatch));
        /** The rows of a new generation whose leading creations were made from a log table. */
        const buildFromLog = (creations: LogCreations) =>
          inNewGeneration(async (trx, tables) => {
            const log = `log_g${generation}`;
            // The columns of the store's page (LogInSql).
            await trx.schema.createTable(log, (t) => {
              t.integer('n');
              t.text('type');
              t.text('stream');
              t.bigInteger('revision');
              t.jsonb('data');
              t.jsonb('metadata');
            });
            if (stored.length > 0) {
              await trx(log).insert(
                stored.map((event, index) => ({
                  n: index + 1,
                  type: event.type,
                  stream: event.stream,
                  revision: event.revision,
                  data: JSON.stringify(event.data),
                  metadata: JSON.stringify(event.metadata),
                })),
              );
            }
            const { rows: made } = await trx.raw<{ rows: { applied: number }[] }>(
              `with run_end as (${runEndSql(creations, projection.handles, log)}),
                 inserted as (${insertCreationsSql(creations, tables[creations.table]!, log, `n < (select n from run_end)`)})
                 select (select count(*) from ${log} where n < (select n from run_end))::int as applied`,
            );
            const rest = stored.slice(made[0]!.applied).filter((e) => projection.handles.includes(e.type));
            await applyAll(trx, rest, tables, Boolean(projection.applyBatch));
            await trx.schema.dropTable(log);
          });
        /** The rows of a new generation given the events without `fields`, the log holding them whole. */
        const buildWithout = (fields: readonly string[]) =>
          inNewGeneration(async (trx, tables) => {
            if (stored.length > 0) {
              await trx('events').insert(
                stored.map(({ id, stream, revision, type, data, metadata }) => ({
                  id,
                  stream,
                  revision,
                  type,
                  data: JSON.stringify(data),
                  metadata: JSON.stringify(metadata),
                })),
              );
            }
            const slim = handled.map((event) => {
              const data = { ...(event.data as Record<string, unknown>) };
              for (const field of fields) delete data[field];
              return { ...event, data };
            });
            const withLog = { ...context, log: createPostgresEventStore(knex).logInSql };
            if (!projection.applyBatch) {
              for (const event of slim) await projection.apply(trx, event, tables, withLog);
            } else {
              const size = options.batchSize ?? Math.max(1, slim.length);
              for (let i = 0; i < slim.length; i += size) {
                await projection.applyBatch(trx, slim.slice(i, i + size), tables, withLog);
              }
            }
            await trx('events')
              .whereIn(
                'id',
                stored.map((event) => event.id),
              )
              .delete();
          });
        const made = await build(false);
        // A projection that applies batches must give the same rows as applying each event (what a
        // live runner does, batch by batch, and what a rebuild does, a whole page at a time).
        if (projection.applyBatch) expect(await build(true)).toEqual(made);
        if (projection.createsFromLog) expect(await buildFromLog(projection.createsFromLog)).toEqual(made);
        // As a catch-up's pages come: without the fields read in the log, nor those it ignores.
        const without = fieldsLeftOutOfSlimPages(projection);
        if (without.length) expect(await buildWithout(without)).toEqual(made);
        return Object.fromEntries(Object.entries(made).map(([table, found]) => [table, found.rows]));
      };
      return {
        /** The rows of `table` (a logical name) after the events, ordered by id (or `orderBy`, a key). */
        async rows(table: string, orderBy: string | string[] = 'id'): Promise<Record<string, unknown>[]> {
          return (await after({ [table]: orderBy }))[table]!;
        },
        /** The rows of several tables after the events, each ordered by its key: one build of each way. */
        tables(orderBy: Readonly<Record<string, string | string[]>>) {
          return after(orderBy);
        },
      };
    },
  };
}

export async function openProjectionTestDatabase() {
  return openTestDatabase({ embedded: true });
}

/** The test file's embedded database: opened before its tests, dropped after them. */
export function projectionTestDatabase(): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await openProjectionTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });
  return () => db!;
}

/** Events of one stream: each a type and its data, by the stream's usual actor unless told. */
export const eventsOf =
  (stream: GivenEvent['stream'], usualActorId?: number) =>
  (type: string, data: object, actorId = usualActorId): GivenEvent => ({ stream, type, data, actorId });
