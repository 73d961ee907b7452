import { setTimeout } from 'node:timers/promises';
import {
  type AclEvent,
  aclStream,
  type EstimationState,
  estimationReadModels,
  streamName,
} from '@interior/contracts';
import { HttpError, ProcessManager, type StoredEvent } from '@interior/platform';
import { aclDecider } from '../acl/decide';
import { isUser, withUser } from '../acl/grants';
import { type CommandMeta, type Handled, handleCommand, loadState } from '../decider';
import { type EstimationStateValue, estimationDecider } from './decide';

const NAME = 'estimation-assignment-grants';
/** The ledger of design grants an assignment gave (migration 020). */
const ASSIGNMENT_GRANTS = 'estimation_assignment_grants';
/** Events after which who is assigned to a design's estimations may have changed. */
const ESTIMATION_EVENTS = new Set(['EstimationAssigned', 'EstimationCancelled', 'EstimationCompleted']);
/** Events by which the owner gives a person the design: that grant is the owner's from then on. */
const SHARE_EVENTS = new Set(['DesignShared', 'DesignShareAttached']);
/** An assignment ends with its estimation: nobody works on a cancelled or completed one. */
const CLOSED: readonly EstimationState[] = ['Cancelled', 'Completed'];
/** Attempts at writing the design's grants when someone else changes them at the same moment. */
const RETRIES = 5;
/**
 * How long a write this process made may take to show in the log: 500 × 10 ms. An event shows to
 * readers once every transaction begun before it has ended, and on a loaded machine a long one
 * (a projection's batch) held the grants' last write past a second: the route then answered
 * before the read models took the grant back, and the former designer could still read the design.
 */
const VISIBLE_TRIES = 500;
const VISIBLE_PAUSE_MS = 10;

type Written = Pick<Handled<unknown, AclEvent>, 'position' | 'events'>;

/**
 * The process manager between estimations and designs' grants. An estimation's manager and
 * designer read the design it was made from for as long as they are assigned to an open estimation
 * of it: assigning gives them Read on the design when they held nothing there, and reassigning,
 * cancelling or completing takes back what an assignment gave, unless another open estimation of
 * the same design still assigns them. What was given otherwise (the owner's share, an Admin's
 * grant) is never touched: the ledger table says which grants an assignment gave.
 *
 * Each event makes it read the current state of the design's estimations rather than trust the
 * event, so handling an event twice (after a crash before the checkpoint moved) writes nothing
 * the second time. The routes call {@link reconcile} right after their own write, so the answer
 * already reflects it; the process makes sure of it whatever happens to that request. Its
 * checkpoint lives in `reactor_checkpoints` like the reactors'; it starts at the log's head.
 */
export class EstimationAssignmentGrants extends ProcessManager {
  protected readonly name = NAME;

  protected handles(event: StoredEvent): boolean {
    return ESTIMATION_EVENTS.has(event.type) || SHARE_EVENTS.has(event.type);
  }

  protected async handle(event: StoredEvent): Promise<void> {
    const meta: CommandMeta = {
      actorId: null,
      correlationId: event.id,
      causationId: event.id,
      now: new Date(),
    };
    if (SHARE_EVENTS.has(event.type)) {
      const { userId } = event.data as { userId?: number | null };
      const designId = Number(event.stream.slice('Design-'.length));
      if (typeof userId === 'number')
        await this.options.knex(ASSIGNMENT_GRANTS).where({ designId, userId }).delete();
      return;
    }
    const estimationId = Number(event.stream.slice('Estimation-'.length));
    const { state } = await loadState(this.options.store, event.stream, estimationDecider);
    // No one waits on this process: only a route's answer waits until the read models show the grants.
    if (state.status !== 'None') await this.match(state.designId, { id: estimationId }, meta);
  }

  /**
   * Makes the design's grants match its open estimations' assignees: Read for each one holding
   * nothing on it, and an assignment's Read taken from each one no longer assigned. `estimation`
   * is the one just written (with its state when the caller wrote it), looked at even before the
   * read model lists it.
   */
  async reconcile(
    designId: number,
    estimation: { id: number; state?: EstimationStateValue },
    meta: CommandMeta,
  ): Promise<Written[]> {
    const matched = await this.match(designId, estimation, meta);
    return 'written' in matched ? [matched.written] : this.lastWrite(matched.stream, matched.revision);
  }

  /**
   * The write of {@link reconcile}: what it wrote, or, when the grants already matched, the
   * stream and revision it found them at.
   */
  private async match(
    designId: number,
    estimation: { id: number; state?: EstimationStateValue },
    meta: CommandMeta,
  ): Promise<{ written: Written } | { stream: string; revision: number | 'no_stream' }> {
    const { knex, store } = this.options;
    const stream = aclStream({ type: 'Design', id: designId });
    for (let attempt = 0; ; attempt++) {
      // The grants are read before the assignments, and written only if unchanged since: a
      // caller that reassigned wrote the estimation before the grants, so whoever writes the
      // grants last has seen the last assignment.
      const loaded = await loadState(store, stream, aclDecider);
      const assigned = await this.assignees(designId, estimation);
      const given: number[] = await knex(ASSIGNMENT_GRANTS).where({ designId }).pluck('userId');
      const add = [...assigned].filter((userId) => !loaded.state.aces.some((ace) => isUser(ace, userId)));
      // Only the Read an assignment gave goes; a grant changed since (Write, Admin) is someone's.
      const revoked = given.filter(
        (userId) =>
          !assigned.has(userId) &&
          loaded.state.aces.some((ace) => isUser(ace, userId) && ace.permission === 'Read'),
      );
      if (add.length === 0 && revoked.length === 0) return { stream, revision: loaded.revision };
      // Recorded before the grant: a crash in between leaves a row with nothing to take back,
      // never a grant whose origin is forgotten.
      if (add.length > 0)
        await knex(ASSIGNMENT_GRANTS)
          .insert(add.map((userId) => ({ designId, userId })))
          .onConflict(['designId', 'userId'])
          .ignore();
      let aces = loaded.state.aces.filter((ace) => !revoked.some((userId) => isUser(ace, userId)));
      for (const userId of add) aces = withUser(aces, userId, 'Read');
      let handled: Written;
      try {
        handled = await handleCommand(store, {
          stream,
          decider: aclDecider,
          command: { type: 'ChangeAcl', objectType: 'Design', objectId: designId, aces },
          meta,
          ifMatch: loaded.revision === 'no_stream' ? undefined : loaded.revision,
          loaded,
        });
      } catch (error) {
        // Someone changed the design's grants meanwhile: decide again from theirs.
        if (error instanceof HttpError && error.status === 412 && attempt < RETRIES) continue;
        throw error;
      }
      // Forgotten only once taken back here: a row whose grant is not there yet may be another
      // caller's assignment about to give it.
      if (revoked.length > 0 && handled.events.length > 0)
        await knex(ASSIGNMENT_GRANTS).where({ designId }).whereIn('userId', revoked).delete();
      return { written: handled };
    }
  }

  /**
   * Nothing to change: the other caller (this process or a route) may have written it a moment
   * ago, so a route's answer still waits until the read models show the grants' last change.
   */
  private async lastWrite(stream: string, revision: number | 'no_stream'): Promise<Written[]> {
    if (revision === 'no_stream') return [];
    // This process knows of the write already (its kept state); the log shows it to readers once
    // the transactions before it have ended, a few milliseconds at most.
    for (let attempt = 0; attempt < VISIBLE_TRIES; attempt++) {
      const [last] = await this.options.store.readStream(stream, { fromRevision: revision });
      if (last) return [{ position: last.position, events: [last as unknown as AclEvent] }];
      await setTimeout(VISIBLE_PAUSE_MS);
    }
    return [];
  }

  /** The managers and designers of the design's open estimations, from their streams. */
  private async assignees(
    designId: number,
    estimation: { id: number; state?: EstimationStateValue },
  ): Promise<Set<number>> {
    const { knex, store } = this.options;
    // The read model only narrows the search: a closed estimation never opens again.
    const listed: number[] = await knex(estimationReadModels.estimations)
      .where({ designId })
      .whereNotIn('state', CLOSED)
      .pluck('id');
    const assigned = new Set<number>();
    for (const id of new Set([estimation.id, ...listed])) {
      // The caller's own write is taken as it knows it: the log may show it to readers a moment
      // later only.
      const state =
        id === estimation.id && estimation.state
          ? estimation.state
          : (await loadState(store, streamName('Estimation', id), estimationDecider)).state;
      if (state.status === 'None' || state.designId !== designId || CLOSED.includes(state.status)) continue;
      for (const userId of [state.managerId, state.designerId])
        if (userId !== null && userId !== state.requesterId) assigned.add(userId);
    }
    return assigned;
  }
}
