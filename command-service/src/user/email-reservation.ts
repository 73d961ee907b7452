import { type EmailReservationEvent, messages, streamName } from '@interior/contracts';
import { type EventStore, type LookupKeys, ruleBroken } from '@interior/platform';
import { type Decider, loadState } from '../decider';
import { userDecider } from './decide';
import { isUnprovenSnsClaim } from './user';

/**
 * An e-mail address belongs to at most one user (docs/architecture.md "Commands"): one stream per address,
 * named by a keyed hash of the normalized address so no address appears in clear.
 */
export type EmailReservationState = { owner: number | null };

export type EmailReservationCommand =
  | { type: 'ReserveEmail'; userId: number }
  | { type: 'ReleaseEmail'; userId: number };

export const emailReservationDecider: Decider<
  EmailReservationCommand,
  EmailReservationEvent,
  EmailReservationState
> = {
  initialState: () => ({ owner: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'EmailReserved':
        return { owner: event.data.userId };
      case 'EmailReleased':
        return state.owner === event.data.userId ? { owner: null } : state;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ReserveEmail':
        if (state.owner === command.userId) return [];
        if (state.owner !== null) throw ruleBroken(messages.emailInUse);
        return [{ type: 'EmailReserved', data: { userId: command.userId } }];
      case 'ReleaseEmail':
        return state.owner === command.userId
          ? [{ type: 'EmailReleased', data: { userId: command.userId } }]
          : [];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

/** Normalized form an address is compared in (e-mail addresses compare case-insensitively). */
export const normalizeEmail = (email: string) => email.trim().normalize('NFC').toLowerCase();

export const emailStream = (lookupKeys: LookupKeys, email: string) =>
  `UserEmail-${lookupKeys.hash('email', normalizeEmail(email))}`;

/** The id of the user who holds the address, or null. */
export async function findUserIdByEmail(store: EventStore, lookupKeys: LookupKeys, email: string) {
  const { state } = await loadState(store, emailStream(lookupKeys, email), emailReservationDecider);
  return state.owner;
}

/**
 * Whether an address belongs to a user who was not erased, and not to a pending SNS sign-up
 * whose address nobody proved (registering takes that over). (An erased user's reservation is
 * normally released right after the erasure; if that step was lost, registering takes the address
 * over, so it counts as free here too.)
 */
export async function isEmailTaken(store: EventStore, lookupKeys: LookupKeys, email: string) {
  const owner = await findUserIdByEmail(store, lookupKeys, email);
  if (owner === null) return false;
  const { state } = await loadState(store, streamName('User', owner), userDecider);
  return state.status !== 'Deleted' && !isUnprovenSnsClaim(state);
}
