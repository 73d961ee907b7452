import { aclStream, type HistoryEntry, ObjectTypeSchema, positiveId, streamName } from '@interior/contracts';
import { PiiVault, parseInput, principalOf, readModels, type StoredEvent } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';

const Params = z.object({ type: ObjectTypeSchema, id: positiveId() });

/** Fields that hold secrets (hashes); an auditor sees that they changed, never their value. */
const SECRET_FIELDS = new Set(['passwordHash', 'refreshTokenHash', 'codeHash', 'tokenHash']);
const REDACTED = '[비공개]';

/**
 * Shows an event's data to an auditor: secrets redacted, personal fields sealed with the record's
 * own key opened while that key exists (null once the person has been erased).
 */
async function presentData(data: unknown, subject: string, vault: PiiVault): Promise<unknown> {
  if (Array.isArray(data)) return Promise.all(data.map((item) => presentData(item, subject, vault)));
  if (PiiVault.isSealed(data)) return vault.open(subject, data);
  if (typeof data !== 'object' || data === null) return data;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    shown[key] = SECRET_FIELDS.has(key) ? REDACTED : await presentData(value, subject, vault);
  }
  return shown;
}

/**
 * `GET /api/history/{ObjectType}/{id}`: every event of one record, oldest first, read from the
 * log itself (not a read model), with who did it and when, including every change of its grants.
 * Needs Read on the record.
 */
export function registerHistoryQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/history/:type/:id', async (request) => {
    const { type, id } = parseInput(Params, request.params);
    await deps.permissions.require(principalOf(request), { type, id }, 'Read');
    const stream = streamName(type, id);
    // The record's own events and the changes of its grants, in the order they happened.
    const [own, grants] = await Promise.all([
      deps.store.readStream(stream),
      deps.store.readStream(aclStream({ type, id })),
    ]);
    const events: StoredEvent[] = [...own, ...grants].sort((a, b) =>
      deps.store.comparePositions(a.position, b.position),
    );
    const actorIds = [
      ...new Set(events.map((e) => e.metadata.actorId).filter((a): a is number => a !== null)),
    ];
    const names = new Map<number, string | null>(
      actorIds.length
        ? (await deps.knex(readModels.users).whereIn('id', actorIds).select('id', 'name')).map((u) => [
            u.id,
            u.name,
          ])
        : [],
    );
    const entries: HistoryEntry[] = [];
    for (const event of events) {
      const actorId = event.metadata.actorId;
      entries.push({
        id: event.id,
        type: event.type,
        data: await presentData(event.data, stream, deps.vault),
        revision: event.revision,
        position: event.position,
        occurredAt: event.metadata.occurredAt,
        actor: { id: actorId, name: actorId === null ? null : (names.get(actorId) ?? null) },
      });
    }
    return entries;
  });
}
