import {
  aclStream,
  type HistoryEntry,
  RecordIdentityParamsSchema,
  streamName,
  TypeIdentityParamsSchema,
} from '@interior/contracts';
import {
  notFound,
  PiiVault,
  type Principal,
  parseInput,
  principalOf,
  type StoredEvent,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { pageHeaders, pageRequest, readPage, visibility } from '../audit/log-page';
import type { QueryServiceDeps } from '../deps';
import { personNames } from '../people';
import { requireReadable } from '../record-access';

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
  const shown: [string, unknown][] = [];
  for (const [key, value] of Object.entries(data)) {
    shown.push([key, SECRET_FIELDS.has(key) ? REDACTED : await presentData(value, subject, vault)]);
  }
  // fromEntries defines own properties: a key `__proto__` stays a key, not a prototype.
  return Object.fromEntries(shown);
}

/**
 * History entries of events, oldest first, with who did them (named as every history names people,
 * `personNames`) and when.
 */
export async function present(deps: QueryServiceDeps, events: StoredEvent[], subject: string) {
  const nameOf = await personNames(
    deps,
    events.flatMap((e) => (e.metadata.actorId === null ? [] : [e.metadata.actorId])),
  );
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const actorId = event.metadata.actorId;
    entries.push({
      id: event.id,
      type: event.type,
      data: await presentData(event.data, subject, deps.vault),
      revision: event.revision,
      position: event.position,
      occurredAt: event.metadata.occurredAt,
      actor: { id: actorId, name: nameOf(actorId) },
    });
  }
  return entries;
}

/**
 * One record (`{type, id}` path parameters) for a caller who may read it: a record that never
 * existed is a 404 (a deleted one keeps its events), and so is one whoever may not read by its id,
 * who does not learn of it from its history either. Its first event alone is read to know it.
 */
async function readableRecord(deps: QueryServiceDeps, principal: Principal, params: unknown) {
  const { type, id } = parseInput(RecordIdentityParamsSchema, params);
  const stream = streamName(type, id);
  if ((await deps.store.readStream(stream, { limit: 1 })).length === 0) throw notFound();
  await requireReadable(deps, principal, { type, id });
  return { type, id, stream };
}

/** The events of one record, all of them, for a caller `readableRecord` lets in. */
export async function readableStream(deps: QueryServiceDeps, principal: Principal, params: unknown) {
  const { type, id, stream } = await readableRecord(deps, principal, params);
  return { type, id, stream, own: await deps.store.readStream(stream) };
}

/**
 * The audit trail, read from the log itself (not a read model), with who did it and when.
 * - `GET /api/history/{ObjectType}/{id}/log`: the record's 이력, a page at a time, newest first: its
 *   events and the changes of its grants as the audit log tells them (one sentence each, the same
 *   rows, `range`, `after`, `Link` and `X-Next-Cursor` as `GET /api/audit` filtered by the record),
 *   never its whole stream at once. 404 exactly where the record's history is.
 * - `GET /api/history/{ObjectType}/{id}`: every event of one record with its data, and the changes of its
 *   grants. Needs what reading the record by its id needs (`mayReadRecord`); the grant changes (who holds what) are shown only to those
 *   who may read its ACL (Admin on the record, or the Admin role), as `GET api/acl` is. A record
 *   that never existed is a 404; a deleted one keeps its history.
 * - `GET /api/history/{ObjectType}`: the changes of the grants on every record of the type
 *   (stream `Acl-<type>`). Needs Admin on the type, or the Admin role.
 */
export function registerHistoryQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/history/:type/:id/log', async (request, reply) => {
    const principal = principalOf(request);
    const { type, id } = await readableRecord(deps, principal, request.params);
    const { after, start, size } = pageRequest(request.query as Record<string, unknown>);
    // Its own events are the reader's (they may read the record); its grant changes, as in the
    // audit log, only with Admin on it.
    const filter = { filter: { objectType: type, objectId: id }, from: null, to: null };
    const page = await readPage(deps, visibility(deps, principal), filter, after, size);
    const path = `/api/history/${type}/${id}/log`;
    pageHeaders(reply, { unit: 'history', path, kept: {}, start, size }, page);
    return page.entries;
  });

  app.get('/api/history/:type/:id', async (request) => {
    const principal = principalOf(request);
    const { type, id, stream, own } = await readableStream(deps, principal, request.params);
    const mayReadAcl = await deps.permissions.has(principal, { type, id }, 'Admin');
    // The record's own events and the changes of its grants, in the order they happened.
    const grants = mayReadAcl ? await deps.store.readStream(aclStream({ type, id })) : [];
    const events = [...own, ...grants].sort((a, b) => deps.store.comparePositions(a.position, b.position));
    return present(deps, events, stream);
  });

  app.get('/api/history/:type', async (request) => {
    const { type } = parseInput(TypeIdentityParamsSchema, request.params);
    const principal = principalOf(request);
    await deps.permissions.require(principal, { type }, 'Admin');
    const stream = aclStream({ type });
    return present(deps, await deps.store.readStream(stream), stream);
  });
}
