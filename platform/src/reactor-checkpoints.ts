import type { Knex } from 'knex';
import type { Position } from './eventstore/port';

/**
 * Checkpoints of the loops that turn events into effects (projections/src/reactors, the
 * subscription role process), in `reactor_checkpoints`. A loop keeps how far it has read in memory
 * and stores a position that moved only past events it ignores at most this often.
 */
export const REACTOR_IDLE_STORE_MS = 1_000;

/**
 * Moves a checkpoint past events nothing was done for, if it is still the one this process last
 * stored (else another process moved it: that one is returned). A crash that loses this commit
 * only makes the loop read those events again, so it does not wait for the WAL flush.
 */
export async function moveReactorCheckpoint(
  knex: Knex,
  name: string,
  from: Position | null,
  to: Position | null,
): Promise<Position | null> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `update reactor_checkpoints set checkpoint = ?, updated_at = now()
     from (select set_config('synchronous_commit', 'off', true)) as durability
     where name = ? and checkpoint is not distinct from ?
     returning 1`,
    [to, name, from],
  );
  if (rows.length > 0) return to;
  return (await knex('reactor_checkpoints').where({ name }).first('checkpoint'))?.checkpoint ?? null;
}
