import { erasePersonOutsideTheLog, type PiiVault, type StoredEvent } from '@interior/platform';
import type { Reactor } from '../reactor-runner';

/**
 * Makes an erasure final after the fact (docs/architecture.md "Personal data", "Projections"). The command that
 * erases a person appends UserErased first and destroys the key right after; this reactor reacts to
 * every UserErased from its own checkpoint and does the same again: destroys the person's key
 * (leaving a tombstone, so no new key is ever made for them), deletes their photos and client logs.
 * All of it is idempotent, and it is recorded in the transaction that moves the checkpoint, so a
 * process that died between the append and the key's destruction cannot leave the data readable:
 * the next run of this reactor, in whichever process, finishes the job.
 *
 * Event-driven rather than a reconciliation at start: the log already says which people are
 * erased, and a reactor with its own checkpoint sees each erasure exactly when it happens, in every
 * deployment (all-in-one, or the projections process of the distributed stack).
 */
export function erasureReactor(deps: { vault: PiiVault }): Reactor<null> {
  return {
    name: 'erasure',
    handles: ['UserErased'],
    async prepare() {
      return null;
    },
    async record(trx, stored: StoredEvent) {
      const userId = Number(stored.stream.slice('User-'.length));
      await erasePersonOutsideTheLog(trx, deps.vault, { subject: stored.stream, userId });
    },
  };
}
