import {
  auditMoment,
  auditSentence,
  designEventAction,
  diffRecord,
  foldFields,
  HistoryDiffQuerySchema,
  type HistoryEntry,
  HistoryStateQuerySchema,
  hiddenReferenceName,
  messages,
  personFields,
  type RecordAsOf,
  referenceFields,
  referenceKey,
  resources,
  resourceTable,
  stateFields,
} from '@interior/contracts';
import { badRequest, notFound, type Principal, parseInput, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { namesById, recordKey, recordNames } from '../audit/record-names';
import type { QueryServiceDeps } from '../deps';
import { namesOf } from '../people';
import { readableRecords } from '../record-access';
import { present, readableStream } from './routes';

/**
 * A record's state is the fold of its events' fields up to a revision (`foldFields`, the same
 * reading of the events the 이력 tab shows as changes), made here from the events as the history
 * presents them: secrets redacted, personal fields opened while the person's key exists. It is not
 * the command side's decider state (which holds what no screen shows, such as password hashes) and
 * so not its snapshots either: every event of a record carries the values it sets, a design's save
 * the whole drawing, so the events up to the revision are the whole fold.
 */
async function entriesOf(deps: QueryServiceDeps, principal: Principal, params: unknown) {
  const { type, id, stream, own } = await readableStream(deps, principal, params);
  return { type, id, entries: await present(deps, own, stream) };
}

function upTo(entries: readonly HistoryEntry[], revision: number): HistoryEntry[] {
  const last = entries.findIndex((entry) => entry.revision === revision);
  if (last < 0) throw notFound(messages.noSuchRevision);
  return entries.slice(0, last + 1);
}

/** The record after the last of `entries`, with that event told as the audit log tells it. */
async function asOf(
  deps: QueryServiceDeps,
  principal: Principal,
  record: { type: string; id: number },
  entries: readonly HistoryEntry[],
): Promise<RecordAsOf> {
  const last = entries[entries.length - 1]!;
  const state = foldFields(entries);
  const { names, references } = await namesIn(deps, principal, record.type, [state]);
  const objectName = (await recordNames(deps, [{ objectType: record.type, objectId: record.id }])).get(
    recordKey(record.type, record.id),
  );
  return {
    revision: last.revision,
    occurredAt: last.occurredAt,
    type: last.type,
    sentence: auditSentence({
      actorName: last.actor.name,
      type: last.type,
      objectType: record.type,
      objectId: record.id,
      objectName,
      action: record.type === 'Design' ? designEventAction(last.type, last.data) : undefined,
    }),
    state,
    fields: stateFields(record.type, state, names, references),
  };
}

/** The people the states name by id. */
function peopleIn(states: readonly Record<string, unknown>[]): number[] {
  return states.flatMap((state) =>
    Object.entries(state)
      .filter(([field, value]) => personFields.has(field) && typeof value === 'number')
      .map(([, value]) => value as number),
  );
}

/**
 * The names of the people and records the states name by id, as the read models have them now (so
 * a rename shows on every revision): one query per referenced resource. A user's groups are named
 * only to whoever may read the group, as the user's own page lists them.
 */
async function namesIn(
  deps: QueryServiceDeps,
  principal: Principal,
  type: string,
  states: readonly Record<string, unknown>[],
) {
  const wanted = new Map<string, Set<number>>();
  for (const [field, resource] of referenceFields(type)) {
    for (const state of states) {
      const value = state[field];
      const ids = (Array.isArray(value) ? value : [value]).filter(
        (id): id is number => typeof id === 'number',
      );
      if (ids.length === 0) continue;
      if (!wanted.has(resource)) wanted.set(resource, new Set());
      for (const id of ids) wanted.get(resource)!.add(id);
    }
  }
  const references = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([name, ids]) => {
      const resource = resources.find((r) => r.name === name);
      if (!resource) return;
      const readable =
        resource.objectType === 'UserGroup'
          ? await readableRecords(deps, principal, 'UserGroup', [...ids])
          : ids;
      for (const [id, shown] of await namesById(deps, resourceTable(resource), resource.representation, ids))
        references.set(referenceKey(name, id), readable.has(id) ? shown : hiddenReferenceName);
    }),
  );
  return { names: await namesOf(deps, peopleIn(states)), references };
}

/**
 * - `GET /api/history/{ObjectType}/{id}/state?revision=N` or `?at=<time>`: the record as it was
 *   then, `{revision, occurredAt, state}`.
 * - `GET /api/history/{ObjectType}/{id}/diff?from=N&to=M`: what changed between two revisions,
 *   field by field, and an estimation's lines and a design's drawing element by element.
 * Both answer 404 to whoever the record's history answers 404.
 */
export function registerAsOfQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/history/:type/:id/state', async (request) => {
    const principal = principalOf(request);
    const query = parseInput(HistoryStateQuerySchema, request.query);
    const { type, id, entries } = await entriesOf(deps, principal, request.params);
    if (query.revision !== undefined)
      return asOf(deps, principal, { type, id }, upTo(entries, query.revision));
    const at = auditMoment(query.at!, 'from');
    if (!at) throw badRequest(messages.invalidValue);
    const then = entries.filter((entry) => new Date(entry.occurredAt) <= at);
    if (then.length === 0) throw notFound(messages.notYetRecorded);
    return asOf(deps, principal, { type, id }, then);
  });

  app.get('/api/history/:type/:id/diff', async (request) => {
    const principal = principalOf(request);
    const { from, to } = parseInput(HistoryDiffQuerySchema, request.query);
    const { type, entries } = await entriesOf(deps, principal, request.params);
    const before = foldFields(upTo(entries, from));
    const after = foldFields(upTo(entries, to));
    const { names, references } = await namesIn(deps, principal, type, [before, after]);
    return diffRecord(type, before, after, names, references);
  });
}
