import {
  auditMoment,
  diffRecord,
  foldFields,
  HistoryDiffQuerySchema,
  type HistoryEntry,
  HistoryStateQuerySchema,
  messages,
  personFields,
  type RecordAsOf,
} from '@interior/contracts';
import { badRequest, notFound, type Principal, parseInput, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { QueryServiceDeps } from '../deps';
import { namesOf } from '../people';
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
  const { type, stream, own } = await readableStream(deps, principal, params);
  return { type, entries: await present(deps, principal, own, stream) };
}

function upTo(entries: readonly HistoryEntry[], revision: number): HistoryEntry[] {
  const last = entries.findIndex((entry) => entry.revision === revision);
  if (last < 0) throw notFound(messages.noSuchRevision);
  return entries.slice(0, last + 1);
}

function asOf(entries: readonly HistoryEntry[]): RecordAsOf {
  const last = entries[entries.length - 1]!;
  return { revision: last.revision, occurredAt: last.occurredAt, state: foldFields(entries) };
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
    const { entries } = await entriesOf(deps, principal, request.params);
    if (query.revision !== undefined) return asOf(upTo(entries, query.revision));
    const at = auditMoment(query.at!, 'from');
    if (!at) throw badRequest(messages.invalidValue);
    const then = entries.filter((entry) => new Date(entry.occurredAt) <= at);
    if (then.length === 0) throw notFound(messages.notYetRecorded);
    return asOf(then);
  });

  app.get('/api/history/:type/:id/diff', async (request) => {
    const principal = principalOf(request);
    const { from, to } = parseInput(HistoryDiffQuerySchema, request.query);
    const { type, entries } = await entriesOf(deps, principal, request.params);
    const before = foldFields(upTo(entries, from));
    const after = foldFields(upTo(entries, to));
    return diffRecord(type, before, after, await namesOf(deps, peopleIn([before, after])));
  });
}
