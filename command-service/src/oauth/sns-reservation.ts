import {
  messages,
  type SnsReservationEvent,
  type SnsType,
  streamName,
  type UserEvent,
} from '@interior/contracts';
import { DomainError, type EventStore, type LookupKeys, ruleBroken } from '@interior/platform';
import { type CommandMeta, type Decider, handleCommand, loadState } from '../decider';
import { userDecider } from '../user/decide';

/**
 * A provider account belongs to at most one user: one stream per account, named by a keyed hash
 * of its type and uid, so no provider id appears in clear (like the e-mail reservations).
 */
export type SnsReservationState = { owner: number | null };

export type SnsReservationCommand =
  | { type: 'ReserveSnsAccount'; userId: number }
  | { type: 'ReleaseSnsAccount'; userId: number };

export const snsReservationDecider: Decider<SnsReservationCommand, SnsReservationEvent, SnsReservationState> =
  {
    initialState: () => ({ owner: null }),
    evolve(state, event) {
      switch (event.type) {
        case 'SnsAccountReserved':
          return { owner: event.data.userId };
        case 'SnsAccountReleased':
          return state.owner === event.data.userId ? { owner: null } : state;
        default: {
          const unreachable: never = event;
          return unreachable;
        }
      }
    },
    decide(command, state) {
      switch (command.type) {
        case 'ReserveSnsAccount':
          if (state.owner === command.userId) return [];
          if (state.owner !== null) throw ruleBroken(messages.snsAccountInUse);
          return [{ type: 'SnsAccountReserved', data: { userId: command.userId } }];
        case 'ReleaseSnsAccount':
          return state.owner === command.userId
            ? [{ type: 'SnsAccountReleased', data: { userId: command.userId } }]
            : [];
        default: {
          const unreachable: never = command;
          return unreachable;
        }
      }
    },
  };

/** The keyed hash naming the account's reservation (kept in the link event to free it later). */
export const snsReservationKey = (lookupKeys: LookupKeys, type: SnsType, uid: string) =>
  lookupKeys.hash('sns', `${type}\0${uid}`);

export const snsReservationStream = (reservation: string) => `UserSns-${reservation}`;

/**
 * The user who holds the provider account, or null. An erased holder holds nothing; neither does
 * one whose registration never got written (the process died between the two appends) after a
 * grace period that covers a sign-up still under way.
 */
export async function snsAccountOwner(store: EventStore, reservation: string): Promise<number | null> {
  const { state } = await loadState(store, snsReservationStream(reservation), snsReservationDecider);
  if (state.owner === null) return null;
  return (await ownerStillHolds(store, reservation, state.owner)) ? state.owner : null;
}

const ABANDONED_RESERVATION_MS = 5 * 60_000;

async function ownerStillHolds(store: EventStore, reservation: string, owner: number): Promise<boolean> {
  const { state, revision } = await loadState(store, streamName('User', owner), userDecider);
  if (revision === 'no_stream') {
    const history = await store.readStream(snsReservationStream(reservation));
    const last = history[history.length - 1];
    return !last || Date.now() - Date.parse(last.recordedAt) <= ABANDONED_RESERVATION_MS;
  }
  return state.status !== 'Deleted' && state.status !== 'absent';
}

/**
 * Reserves the provider account for the user: of two users racing for one account exactly one
 * gets it; the other hears "이미 다른 사용자에게 연결되어 있습니다." (409). A holder that no longer
 * holds (erased, abandoned) is released first.
 */
export async function reserveSnsAccount(
  store: EventStore,
  reservation: string,
  userId: number,
  meta: CommandMeta,
): Promise<void> {
  const stream = snsReservationStream(reservation);
  const reserve = () =>
    handleCommand(store, {
      stream,
      decider: snsReservationDecider,
      command: { type: 'ReserveSnsAccount', userId },
      meta,
    });
  try {
    await reserve();
  } catch (error) {
    if (!(error instanceof DomainError && error.message === messages.snsAccountInUse)) throw error;
    const { state } = await loadState(store, stream, snsReservationDecider);
    if (state.owner === null || (await ownerStillHolds(store, reservation, state.owner))) throw error;
    await handleCommand(store, {
      stream,
      decider: snsReservationDecider,
      command: { type: 'ReleaseSnsAccount', userId: state.owner },
      meta,
    });
    await reserve();
  }
}

export async function releaseSnsAccount(
  store: EventStore,
  reservation: string,
  userId: number,
  meta: CommandMeta,
): Promise<void> {
  await handleCommand(store, {
    stream: snsReservationStream(reservation),
    decider: snsReservationDecider,
    command: { type: 'ReleaseSnsAccount', userId },
    meta,
  });
}

/** Frees the provider accounts a user's command unlinked, so they can sign up or link again. */
export async function releaseUnlinked(
  store: EventStore,
  userId: number,
  events: readonly UserEvent[],
  meta: CommandMeta,
): Promise<void> {
  for (const event of events) {
    if (event.type === 'SnsAccountUnlinked')
      await releaseSnsAccount(store, event.data.reservation, userId, meta);
  }
}
