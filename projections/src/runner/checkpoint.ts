import { asReadModelWriter, type Position } from '@interior/platform';
import type { Knex } from 'knex';
import { GENERATIONS, type GenerationRow } from './generations';
import type { LoopState } from './loop-state';

/**
 * A batch of events is applied and the checkpoint moved in one transaction that first locks the
 * generation's row and checks the checkpoint is still the one the batch was read after: a crash at
 * any point leaves read model and checkpoint consistent, and two runners of the same projection
 * (two processes) never apply a batch twice.
 *
 * The read model derives from the log, and a crash that loses the commit loses its checkpoint with
 * it (one transaction): the batch is simply applied again. So the commit need not wait for the WAL
 * flush (synchronous_commit off for this transaction only). The transaction never appends to the
 * log, and says so first (asReadModelWriter): however long its batch takes, readers of the log do
 * not wait for it.
 */
export const READ_MODEL_COMMIT = `select set_config('synchronous_commit', 'off', true), ${asReadModelWriter}`;

/**
 * Moves a generation's checkpoint (bindings: to, name, generation, from; moveBindings), answering
 * its status: no row when it was retired or its checkpoint is no longer the one the batch was read
 * after (another runner applied it). `condition` guards the move further.
 */
export const moveCheckpoint = (
  condition?: string,
) => `update ${GENERATIONS} set checkpoint = ?, updated_at = now()
  from (${READ_MODEL_COMMIT}) as settings
  where name = ? and generation = ? and status <> 'retired' and checkpoint is not distinct from ?${
    condition ? ` and ${condition}` : ''
  }
  returning status`;
export const MOVE_CHECKPOINT = moveCheckpoint();

/** The bindings of MOVE_CHECKPOINT for a batch read after the loop's stored checkpoint and ending at `to`. */
export const moveBindings = (state: LoopState, to: Position) => [
  to,
  state.where.name,
  state.where.generation,
  state.saved,
];

/** What a batch's commit did: applied, found its generation retired, or found the checkpoint moved. */
export type Outcome = { kind: 'committed'; status: GenerationRow['status'] } | NotMoved;
export type NotMoved = { kind: 'retired' } | { kind: 'moved'; checkpoint: Position | null };

/** Why the checkpoint did not move: the generation was retired, or another runner moved it. */
export async function notMoved(db: Knex | Knex.Transaction, state: LoopState): Promise<NotMoved> {
  const current: Pick<GenerationRow, 'status' | 'checkpoint'> | undefined = await db(GENERATIONS)
    .where(state.where)
    .first('status', 'checkpoint');
  if (!current || current.status === 'retired') return { kind: 'retired' };
  return { kind: 'moved', checkpoint: current.checkpoint };
}
