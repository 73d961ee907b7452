import {
  type DomainEvent,
  type ResourceDeclaration,
  sameValue,
  streamName,
  type UniqueRule,
} from '@interior/contracts';
import {
  conflict,
  type EventStore,
  type LookupKeys,
  type StoredEvent,
  WrongExpectedRevisionError,
} from '@interior/platform';
import { type CommandMeta, handleCommand, loadState, toNewEvent } from '../decider';
import { type RecordFields, recordDecider } from './record-decider';

/**
 * Values unique among a resource's live records (a brand's name, a product's code): one
 * reservation stream per value, named by a keyed hash of the normalized value (docs/architecture.md
 * "Commands"), taken before the record's event is appended and released after. A reservation whose
 * owner no longer holds the value (deleted, changed, or never created because the process died
 * between the two appends) is stale and may be taken over; one whose owner has not appeared yet is
 * honoured for a grace period, so two creates racing for one value never both win.
 */
const GRACE_MS = 60_000;

type Reservation = { owner: number | null; at: string | null };
type ReservationEvent = DomainEvent<'ValueReserved' | 'ValueReleased', { id: number }>;

const normalize = (rule: UniqueRule, value: unknown) => {
  const text = String(value).trim().normalize('NFC');
  return rule.ignoreCase ? text.toLowerCase() : text;
};

/** The value as the rule compares it: with the values of its `within` fields (a name per parent). */
const keyOf = (rule: UniqueRule, fields: RecordFields) => {
  const value = normalize(rule, fields[rule.field]);
  if (!rule.within?.length) return value;
  return JSON.stringify([...rule.within.map((field) => fields[field] ?? null), value]);
};

export function uniqueStream(
  lookupKeys: LookupKeys,
  resource: ResourceDeclaration,
  rule: UniqueRule,
  fields: RecordFields,
) {
  return `Unique${resource.objectType}-${lookupKeys.hash(`unique:${resource.objectType}:${rule.field}`, keyOf(rule, fields))}`;
}

async function readReservation(store: EventStore, stream: string) {
  const events: StoredEvent[] = await store.readStream(stream);
  let state: Reservation = { owner: null, at: null };
  for (const event of events) {
    const { id } = event.data as { id: number };
    if (event.type === 'ValueReserved') state = { owner: id, at: event.metadata.occurredAt };
    else if (event.type === 'ValueReleased' && state.owner === id) state = { owner: null, at: null };
  }
  const last = events[events.length - 1];
  return { state, revision: last ? last.revision : ('no_stream' as const) };
}

/** Whether the owner of a reservation still holds the value. */
async function ownerHolds(
  store: EventStore,
  resource: ResourceDeclaration,
  rule: UniqueRule,
  reservation: Reservation,
  fields: RecordFields,
  now: Date,
): Promise<boolean> {
  if (reservation.owner === null) return false;
  const { state } = await loadState(
    store,
    streamName(resource.objectType, reservation.owner),
    recordDecider(resource),
  );
  if (state.status === 'absent') return now.getTime() - Date.parse(reservation.at ?? '') < GRACE_MS;
  if (state.status !== 'active') return false;
  return keyOf(rule, state.fields) === keyOf(rule, fields);
}

/** Reserves every unique value of `fields` for record `id`; 409 naming the field when taken. */
export async function reserveUnique(
  deps: { store: EventStore; lookupKeys: LookupKeys },
  resource: ResourceDeclaration,
  id: number,
  fields: RecordFields,
  before: RecordFields | null,
  meta: CommandMeta,
): Promise<void> {
  for (const rule of resource.unique ?? []) {
    const value = fields[rule.field];
    if (value === null || value === undefined || value === '') continue;
    if (before && sameValue(keyOf(rule, before), keyOf(rule, fields))) continue;
    const stream = uniqueStream(deps.lookupKeys, resource, rule, fields);
    const reserved = toNewEvent({ type: 'ValueReserved', data: { id } }, meta);
    // A value never reserved (most new names) has no stream: reserved by an append that expects
    // none, without reading the stream first. Only when the stream exists is it read and judged.
    try {
      await deps.store.append(stream, [reserved], { expectedRevision: 'no_stream' });
      continue;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await readReservation(deps.store, stream);
      if (state.owner === id) break;
      if (await ownerHolds(deps.store, resource, rule, state, fields, meta.now)) {
        throw conflict(rule.message);
      }
      try {
        await deps.store.append(stream, [reserved], { expectedRevision: revision });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }
}

/** Gives back the values `before` held that `after` no longer holds (after the record's event). */
export async function releaseUnique(
  deps: { store: EventStore; lookupKeys: LookupKeys },
  resource: ResourceDeclaration,
  id: number,
  before: RecordFields,
  after: RecordFields | null,
  meta: CommandMeta,
): Promise<void> {
  for (const rule of resource.unique ?? []) {
    const value = before[rule.field];
    if (value === null || value === undefined || value === '') continue;
    if (after && keyOf(rule, after) === keyOf(rule, before)) continue;
    const stream = uniqueStream(deps.lookupKeys, resource, rule, before);
    await handleCommand(deps.store, {
      stream,
      decider: releaseDecider,
      command: { id },
      meta,
    });
  }
}

const releaseDecider = {
  initialState: (): Reservation => ({ owner: null, at: null }),
  evolve(state: Reservation, event: ReservationEvent): Reservation {
    if (event.type === 'ValueReserved') return { owner: event.data.id, at: null };
    return state.owner === event.data.id ? { owner: null, at: null } : state;
  },
  decide(command: { id: number }, state: Reservation): ReservationEvent[] {
    return state.owner === command.id ? [{ type: 'ValueReleased', data: { id: command.id } }] : [];
  },
};
