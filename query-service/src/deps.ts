import type { AnswerCache, EstimatePdfPool, EventStore, Permissions, PiiVault } from '@interior/platform';
import type { Knex } from 'knex';

/** What the read endpoints need, wired by the hosting process. */
export interface QueryServiceDeps {
  knex: Knex;
  /** Read-only use: history is read from the log itself. */
  store: EventStore;
  vault: PiiVault;
  permissions: Permissions;
  /** Renders the 견적서 PDFs off the event loop. */
  estimatePdfs: Pick<EstimatePdfPool, 'render'>;
  /**
   * Remembers read answers while their read models are unchanged: only in a process that runs the
   * projections itself (it knows when they change); absent, every read is made afresh.
   */
  answers?: AnswerCache;
}
