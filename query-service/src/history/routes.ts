import {
  aclStream,
  auditLogReadModel,
  grantedIdentities,
  type HistoryEntry,
  identityKey,
  messages,
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageHeaders, pageRequest, readPage, readRows, visibility } from '../audit/log-page';
import type { QueryServiceDeps } from '../deps';
import { grantedIdentityNames, personNames } from '../people';
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
 * who does not learn of it from its history either.
 */
async function readableRecord(
  deps: QueryServiceDeps,
  principal: Principal,
  params: unknown,
  notFoundMessage: string = messages.notFound,
) {
  const { type, id } = parseInput(RecordIdentityParamsSchema, params);
  const stream = streamName(type, id);
  // The audit log's index row says so without reading an event (a design's first holds its
  // drawing); a record too new for the read model yet is asked of its stream.
  const logged = await deps
    .knex(auditLogReadModel)
    .where({ objectType: type, objectId: id, acl: false })
    .first('position');
  if (!logged && (await deps.store.readStream(stream, { limit: 1 })).length === 0)
    throw notFound(notFoundMessage);
  await requireReadable(deps, principal, { type, id }, notFoundMessage);
  return { type, id, stream };
}

/**
 * One page of a record's 이력 (`params`: its `{type, id}`), newest first: its events and the
 * changes of its grants as the audit log tells them, paged by the cursor of the row before. Its own
 * events are the reader's (they may read the record); its grant changes, as in the audit log, only
 * with Admin on it. `path` is where the route answers (for `Link`), `unit` the `Content-Range` unit.
 */
export async function sendRecordLog(
  deps: QueryServiceDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    params: unknown;
    unit: string;
    path: (type: string, id: number) => string;
    notFoundMessage?: string;
  },
) {
  const principal = principalOf(request);
  const { type, id } = await readableRecord(deps, principal, page.params, page.notFoundMessage);
  const { after, start, size } = pageRequest(request.query as Record<string, unknown>);
  const filter = { filter: { objectType: type, objectId: id }, from: null, to: null };
  const rows = await readPage(deps, visibility(deps, principal), filter, after, size);
  pageHeaders(reply, { unit: page.unit, path: page.path(type, id), kept: {}, start, size }, rows);
  return rows.entries;
}

/** The events of one record, all of them, for a caller `readableRecord` lets in. */
export async function readableStream(deps: QueryServiceDeps, principal: Principal, params: unknown) {
  const { type, id, stream } = await readableRecord(deps, principal, params);
  return { type, id, stream, own: await deps.store.readStream(stream) };
}

/**
 * The changes of a whole type's grants (stream `stream`) of the given revisions, newest first as
 * given: each with the grants it replaced (`before`, from the change before it, read with them)
 * and the names of whoever its grants name before and after, as the grants of a record name them
 * to whoever manages them.
 */
async function typeGrantChanges(
  deps: QueryServiceDeps,
  principal: Principal,
  stream: string,
  revisions: readonly number[],
): Promise<HistoryEntry[]> {
  if (revisions.length === 0) return [];
  const from = Math.max(0, Math.min(...revisions) - 1);
  const events = await deps.store.readStream(stream, {
    fromRevision: from,
    limit: Math.max(...revisions) - from + 1,
  });
  const read = new Map((await present(deps, events, stream)).map((entry) => [entry.revision, entry]));
  const page = revisions.flatMap((revision) => {
    const entry = read.get(revision);
    if (!entry) return [];
    // Every event of the stream is a whole new list of grants (AclChanged), replacing the last.
    const previous = read.get(revision - 1)?.data as { aces?: unknown } | undefined;
    return [previous ? { ...entry, before: { aces: previous.aces } } : entry];
  });
  const identities = [...new Map(grantedIdentities(page).map((i) => [identityKey(i), i])).values()];
  const names = new Map(
    (await grantedIdentityNames(deps, principal, identities)).map((info) => [
      identityKey(info.identity),
      info.label ?? '',
    ]),
  );
  return page.map((entry) => {
    const named = grantedIdentities([entry]);
    if (named.length === 0) return entry;
    return {
      ...entry,
      names: Object.fromEntries(named.map((i) => [identityKey(i), names.get(identityKey(i))!])),
    };
  });
}

/**
 * The audit trail, read from the log itself (not a read model), with who did it and when.
 * - `GET /api/history/{ObjectType}/{id}/log`: the record's 이력, a page at a time, newest first: its
 *   events and the changes of its grants as the audit log tells them (one sentence each, the same
 *   rows, `range`, `after`, `Link` and `X-Next-Cursor` as `GET /api/audit` filtered by the record),
 *   never its whole stream at once. 404 exactly where the record's history is.
 *   The record's events with their data are read only to fold them (`…/state`, `…/diff`, in
 *   as-of.ts), never answered whole.
 * - `GET /api/history/{ObjectType}`: the changes of the grants on every record of the type
 *   (stream `Acl-<type>`), each with the grants before it and the names of who they name
 *   (`before`, `names`), newest first and paged as the record's 이력 is (the audit log's rows of
 *   that stream give each page's revisions). Needs Admin on the type, or the Admin role.
 */
export function registerHistoryQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/history/:type/:id/log', (request, reply) =>
    sendRecordLog(deps, request, reply, {
      params: request.params,
      unit: 'history',
      path: (type, id) => `/api/history/${type}/${id}/log`,
    }),
  );

  app.get('/api/history/:type', async (request, reply) => {
    const { type } = parseInput(TypeIdentityParamsSchema, request.params);
    const principal = principalOf(request);
    await deps.permissions.require(principal, { type }, 'Admin');
    const { after, start, size } = pageRequest(request.query as Record<string, unknown>);
    const stream = aclStream({ type });
    // Whoever may manage the type's grants sees every change of them.
    const everyRow = async (rows: readonly unknown[]) => rows.map(() => true);
    const { rows, next } = await readRows(
      deps,
      everyRow,
      { filter: {}, from: null, to: null, stream },
      after,
      size,
    );
    const entries = await typeGrantChanges(
      deps,
      principal,
      stream,
      rows.map((row) => Number(row.revision)),
    );
    pageHeaders(
      reply,
      { unit: 'history', path: `/api/history/${type}`, kept: {}, start, size },
      { entries, next },
    );
    return entries;
  });
}
