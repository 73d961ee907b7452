import { streamName } from '@interior/contracts';
import { ProcessManager, type StoredEvent } from '@interior/platform';
import { handleCommand, loadState } from '../decider';
import { userDecider } from '../user/decide';
import { isLive, subscriptionDecider } from './subscription';

const NAME = 'subscription-roles';
/** Events after which a subscriber's role may have to change. */
const HANDLES = new Set(['SubscriptionCharged', 'SubscriptionExpired']);

/**
 * The process manager between subscriptions and users: subscription events in, `ApplyPlanRole`
 * commands on the user out. It reads the subscription's current state rather than trusting the
 * single event, so handling an event twice (after a crash before the checkpoint moved) sets the
 * same role again, which the user decider turns into no event at all. Its checkpoint lives in
 * `reactor_checkpoints` like the reactors'; it starts at the log's head the first time.
 */
export class SubscriptionRoleProcess extends ProcessManager {
  protected readonly name = NAME;

  protected handles(event: StoredEvent): boolean {
    return HANDLES.has(event.type);
  }

  /** Applying a role twice changes nothing (see above): a lost checkpoint only runs it again. */
  protected handle(event: StoredEvent) {
    return this.applyRole(Number(event.stream.slice('Subscription-'.length)), event.id);
  }

  /**
   * Gives the user the role their subscription calls for now. Also called by the routes right
   * after a charge or an expiry, so the answer already shows the new role; the process makes sure
   * of it whatever happens to that request.
   */
  async applyRole(userId: number, causationId: string): Promise<string[]> {
    const { store } = this.options;
    const { state } = await loadState(store, streamName('Subscription', userId), subscriptionDecider);
    const paid = isLive(state) && (state.status === 'Active' || state.status === 'PastDue');
    const handled = await handleCommand(store, {
      stream: streamName('User', userId),
      decider: userDecider,
      command: { type: 'ApplyPlanRole', planRole: paid && isLive(state) ? state.terms.planCode : null },
      meta: { actorId: null, correlationId: causationId, causationId, now: new Date() },
    });
    if (handled.position) return [handled.position];
    // Nothing to change: the role may have been given a moment ago by the other caller (this
    // process manager and a route race to it). The answer must still wait until the users read
    // model shows it, so the position of the user's last event is the one to wait for.
    if (handled.revision === 'no_stream') return [];
    const [last] = await store.readStream(streamName('User', userId), { fromRevision: handled.revision });
    return last ? [last.position] : [];
  }
}
