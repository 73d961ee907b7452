import { streamName } from '@interior/contracts';
import { erasePersonOutsideTheLog } from '@interior/platform';
import { type CommandMeta, handleCommand } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { type UserCommand, userDecider } from './decide';
import { emailReservationDecider, emailStream } from './email-reservation';
import type { RegisteredUser } from './user';

/**
 * Erasure (PIPA), whoever asks for it (an Admin, or the person leaving), in an order that no
 * failure can turn into a half-erased account:
 * 1. read in clear what the erasure still needs: the address, whose reservation it releases;
 * 2. append the erasing command (with the client's If-Match when given): a stale version (412) or
 *    any refusal stops here, and the account is left exactly as it was, fully readable and working;
 * 3. only then destroy the key and the rows kept outside the log, and release the address.
 * Step 3 is idempotent and also run by the erasure reactor (projections/src/reactors/erasure),
 * which reacts to UserErased from its own checkpoint: should this process die between 2 and 3,
 * the reactor destroys the key after the fact, and registering the address again takes over an
 * erased user's reservation.
 */
export async function eraseAccount(
  deps: Pick<CommandServiceDeps, 'store' | 'knex' | 'vault' | 'lookupKeys'>,
  erasure: {
    user: RegisteredUser;
    command: Extract<UserCommand, { type: 'EraseUser' | 'CloseAccount' }>;
    meta: CommandMeta;
    ifMatch?: number | undefined;
    /** The address as the read model still shows it, for an account whose key is already gone. */
    shownEmail?: string | null;
  },
) {
  const { user, command, meta, ifMatch } = erasure;
  const stream = streamName('User', user.id);
  const email = (await deps.vault.open(stream, user.sealedEmail)) ?? erasure.shownEmail ?? null;
  const handled = await handleCommand(deps.store, { stream, decider: userDecider, command, meta, ifMatch });
  await erasePersonOutsideTheLog(deps.knex, deps.vault, { subject: stream, userId: user.id });
  // The address may be used again by someone new.
  if (email) {
    await handleCommand(deps.store, {
      stream: emailStream(deps.lookupKeys, email),
      decider: emailReservationDecider,
      command: { type: 'ReleaseEmail', userId: user.id },
      meta,
    });
  }
  return handled;
}
