import { randomUUID } from 'node:crypto';
import { type DomainEvent, streamName } from '@interior/contracts';
import { PiiVault, type StoredEvent } from '@interior/platform';
import { openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import { createIndexes, generationTables, type Projection } from '../projection';

/**
 * Projection tests read as: given these events (of these streams), then these rows. Each `then`
 * runs on a fresh generation of the projection's tables in one embedded PGlite per test file; a
 * projection that applies batches gets the events a second time as one batch, which must give the
 * same rows.
 */
export interface GivenEvent extends DomainEvent {
  /** `<ObjectType>-<id>`, or the type and id to build it from. */
  stream: string | [type: string, id: number];
  actorId?: number | null;
  occurredAt?: string;
}

let generation = 1000;

export function projectionSpec(projection: Projection, db: () => TestDatabase) {
  return {
    given(events: GivenEvent[]) {
      return {
        /** The rows of `table` (a logical name) after the events, ordered by id (or `orderBy`, a key). */
        async rows(table: string, orderBy: string | string[] = 'id'): Promise<Record<string, unknown>[]> {
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
                occurredAt: event.occurredAt ?? new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
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
          /** The rows of a new generation the events were applied to, one at a time or as one batch. */
          const build = async (asOneBatch: boolean) => {
            const tables = generationTables(projection, ++generation);
            await knex.transaction(async (trx) => {
              for (const [name, define] of Object.entries(projection.tables)) {
                await trx.schema.createTable((tables as Record<string, string>)[name]!, define);
              }
              await createIndexes(trx, projection, tables);
              if (asOneBatch) await projection.applyBatch!(trx, handled, tables, context);
              else for (const event of handled) await projection.apply(trx, event, tables, context);
            });
            return knex((tables as Record<string, string>)[table]!)
              .orderBy(typeof orderBy === 'string' ? [orderBy] : orderBy)
              .select('*');
          };
          const rows = await build(false);
          // A projection that applies batches must give the same rows as applying each event (what a
          // live runner does, batch by batch, and what a rebuild does, a whole page at a time).
          if (projection.applyBatch) expect(await build(true)).toEqual(rows);
          return rows;
        },
      };
    },
  };
}

export async function openProjectionTestDatabase() {
  return openTestDatabase({ embedded: true });
}
