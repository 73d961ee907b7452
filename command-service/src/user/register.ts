import {
  type AccountType,
  type Consent,
  messages,
  type Role,
  streamName,
  type UserStatus,
} from '@interior/contracts';
import { DomainError } from '@interior/platform';
import { type CommandMeta, type Handled, handleCommand, loadState } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { nextId } from '../ids';
import { releaseUnlinked } from '../oauth/sns-reservation';
import { userDecider } from './decide';
import { emailReservationDecider, emailStream, normalizeEmail } from './email-reservation';
import { isUnprovenSnsClaim, type UserState } from './user';

export interface NewUser {
  /** An id taken beforehand (SNS sign-up reserves the provider account for it first). */
  id?: number;
  email: string;
  name: string;
  mobile?: string | null;
  consents?: Consent[];
  roles: Role[];
  status: UserStatus;
  accountType: AccountType | null;
  marketingAgreed: boolean;
  passwordHash: string | null;
}

/**
 * A reservation whose user was never written (the process died between the two appends) is
 * released after this long; a younger one may belong to a registration still under way. A
 * reservation whose user was erased is released at once.
 */
const ABANDONED_RESERVATION_MS = 5 * 60_000;

/**
 * Registers a user: reserve the e-mail address for a new id, then write the user with personal
 * fields sealed under the user's own key. Of concurrent registrations with one address exactly
 * one succeeds; the others get "이미 사용 중인 이메일입니다." (409).
 */
export async function registerUser(
  deps: Pick<CommandServiceDeps, 'knex' | 'store' | 'vault' | 'lookupKeys'>,
  user: NewUser,
  meta: CommandMeta,
): Promise<{ id: number; handled: Handled<UserState, { type: string }> }> {
  const id = user.id ?? (await nextId(deps.knex, 'User'));
  await reserveEmail(deps, user.email, id, meta);
  const subject = streamName('User', id);
  const handled = await handleCommand(deps.store, {
    stream: subject,
    decider: userDecider,
    command: {
      type: 'RegisterUser',
      id,
      sealedEmail: await deps.vault.seal(subject, normalizeEmail(user.email), { createKey: true }),
      sealedName: await deps.vault.seal(subject, user.name),
      sealedMobile: user.mobile ? await deps.vault.seal(subject, user.mobile) : null,
      consents: user.consents ?? [],
      roles: user.roles,
      status: user.status,
      accountType: user.accountType,
      marketingAgreed: user.marketingAgreed,
      passwordHash: user.passwordHash,
    },
    meta,
  });
  return { id, handled };
}

/**
 * Reserves an address for a user; an abandoned or erased owner's reservation is taken over, and
 * so is one held by a pending SNS sign-up whose address nobody proved.
 */
export async function reserveEmail(
  deps: Pick<CommandServiceDeps, 'store' | 'lookupKeys'>,
  email: string,
  userId: number,
  meta: CommandMeta,
): Promise<void> {
  const stream = emailStream(deps.lookupKeys, email);
  const reserve = () =>
    handleCommand(deps.store, {
      stream,
      decider: emailReservationDecider,
      command: { type: 'ReserveEmail', userId },
      meta,
    });
  try {
    await reserve();
  } catch (error) {
    if (!(error instanceof DomainError && error.message === messages.emailInUse)) throw error;
    const history = await deps.store.readStream(stream);
    const last = history[history.length - 1];
    const owner = last?.type === 'EmailReserved' ? (last.data as { userId: number }).userId : null;
    if (owner === null) throw error;
    const { state, revision } = await loadState(deps.store, streamName('User', owner), userDecider);
    const abandoned =
      revision === 'no_stream' && Date.now() - Date.parse(last!.recordedAt) > ABANDONED_RESERVATION_MS;
    if (isUnprovenSnsClaim(state)) {
      // Nobody proved the address for that pending SNS sign-up: it yields to this claim, which
      // must itself be proved by the mailed link, and can never be activated after.
      const yielded = await handleCommand(deps.store, {
        stream: streamName('User', owner),
        decider: userDecider,
        command: { type: 'YieldUnprovenAddress', now: meta.now },
        meta,
      });
      await releaseUnlinked(deps.store, owner, yielded.events, meta);
    }
    // An erased owner's address is free even if the release after the erasure never happened.
    else if (!abandoned && state.status !== 'Deleted') throw error;
    await handleCommand(deps.store, {
      stream,
      decider: emailReservationDecider,
      command: { type: 'ReleaseEmail', userId: owner },
      meta,
    });
    await reserve();
  }
}
