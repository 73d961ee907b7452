import { randomUUID } from 'node:crypto';
import { type DomainEvent, streamName } from '@interior/contracts';
import { PiiVault, type StoredEvent } from '@interior/platform';
import { openTestDatabase, type TestDatabase } from '@interior/platform/testing';
import { createIndexes, generationTables, type Projection } from '../projection';

/**
 * Projection tests read as: given these events (of these streams), then these rows. Each `then`
 * runs on a fresh generation of the projection's tables in one embedded PGlite per test file.
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
        /** The rows of `table` (a logical name) after the events, ordered by id. */
        async rows(table: string, orderBy = 'id'): Promise<Record<string, unknown>[]> {
          const { knex } = db();
          const tables = generationTables(projection, ++generation);
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
          await knex.transaction(async (trx) => {
            for (const [name, define] of Object.entries(projection.tables)) {
              await trx.schema.createTable((tables as Record<string, string>)[name]!, define);
            }
            await createIndexes(trx, projection, tables);
            const handled = stored.filter((e) => projection.handles.includes(e.type));
            for (const event of handled)
              await projection.apply(trx, event, tables, { vault: new PiiVault(knex) });
          });
          return knex((tables as Record<string, string>)[table]!)
            .orderBy(orderBy)
            .select('*');
        },
      };
    },
  };
}

export async function openProjectionTestDatabase() {
  return openTestDatabase({ embedded: true });
}
