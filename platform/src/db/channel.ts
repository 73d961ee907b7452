import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Signal } from '../signal';

/** What a pg connection that LISTENs gives and takes. */
interface ListenConnection {
  on(event: 'notification', handler: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error', handler: () => void): void;
  query(sql: string): Promise<unknown>;
}

/** A channel is named by a plain identifier (LISTEN takes no parameter). */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTENs on `channel` on a connection of its own (outside the pool: LISTEN stays with the session).
 * Null when it cannot: the processes' polls, which run anyway, then find what a notification would
 * have told, a poll later; a connection lost later leaves them too.
 */
export async function listenOn(
  knex: Knex,
  channel: string,
  onNotify: (payload: string | undefined) => void,
): Promise<{ close(): Promise<void> } | null> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let connection: ListenConnection;
  try {
    connection = (await knex.client.acquireRawConnection()) as ListenConnection;
  } catch {
    return null;
  }
  try {
    connection.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload);
    });
    connection.on('error', () => {});
    await connection.query(`listen ${channel}`);
  } catch {
    await knex.client.destroyRawConnection(connection).catch(() => {});
    return null;
  }
  return { close: () => knex.client.destroyRawConnection(connection) };
}

/** The channel of ProjectionWaiter's checkpoints between the services' processes. */
const CHECKPOINTS_CHANNEL = 'projection_checkpoints';

/**
 * The `checkpoints` signal shared by the processes on one database (the distributed stack's
 * services): a projection runner's batch fires it in its process, and a command-service, whose
 * answers wait for the projections of another process (read your writes), is told at once instead
 * of at its next look at the checkpoints (ProjectionWaiter's poll). One NOTIFY is under way at a
 * time; the batches committed meanwhile are told by one more after it. A process ignores its own.
 */
export async function shareSignal(knex: Knex, signal: Signal): Promise<{ close(): Promise<void> }> {
  const self = randomUUID();
  const listening = await listenOn(knex, CHECKPOINTS_CHANNEL, (payload) => {
    if (payload !== self) signal.wake();
  });
  let notifying = false;
  let notifyAgain = false;
  let closed = false;
  const notify = async () => {
    notifying = true;
    try {
      do {
        notifyAgain = false;
        await knex.raw('select pg_notify(?, ?)', [CHECKPOINTS_CHANNEL, self]);
      } while (notifyAgain && !closed);
    } catch {
      // The other processes look at the checkpoints anyway, a poll later.
    } finally {
      notifying = false;
    }
  };
  signal.onFire = () => {
    if (closed) return;
    if (notifying) notifyAgain = true;
    else void notify();
  };
  return {
    async close() {
      closed = true;
      signal.onFire = null;
      await listening?.close();
    },
  };
}
