import { randomUUID } from 'node:crypto';
import { streamName } from '@interior/contracts';
import type { Knex } from 'knex';
import {
  type PaymentProvider,
  ProviderDeclined,
  type ProviderPayment,
  ProviderUnavailable,
} from '../billing/provider';
import { type CommandMeta, handleCommand, loadState } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { nextId } from '../ids';
import { isLive, type LiveSubscription, type SubscriptionState, subscriptionDecider } from './subscription';

export const subscriptionStream = (userId: number) => streamName('Subscription', userId);

/** What settling one subscription came to. */
export type Settled = 'charged' | 'failed' | 'expired' | 'pending' | 'none';

/** Provider statuses of a payment that was approved (later cancels do not undo the charge). */
const PAID = new Set(['DONE', 'CANCELED', 'PARTIAL_CANCELED']);

/**
 * Charges and their recording, exactly once per order id whatever crashes (README "Subscriptions
 * and payments"): the order is written to the stream before the provider is asked, its id is the
 * provider's idempotency key, and an order found still pending on a later run is first looked up
 * at the provider by its id, then charged again under the same key if the provider never saw it.
 */
export class Billing {
  constructor(
    private readonly deps: Pick<CommandServiceDeps, 'store' | 'knex'>,
    readonly provider: PaymentProvider,
  ) {}

  private meta(now: Date, causationId?: string): CommandMeta {
    return { actorId: null, correlationId: randomUUID(), causationId: causationId ?? null, now };
  }

  /** Runs what is due for one subscriber at `now`: one charge at most (a later run takes the next). */
  async settle(
    userId: number,
    now: Date,
    meta: CommandMeta = this.meta(now),
  ): Promise<{ outcome: Settled; positions: string[]; declined?: string }> {
    const stream = subscriptionStream(userId);
    const positions: string[] = [];
    const loaded = await loadState(this.deps.store, stream, subscriptionDecider);
    let state: SubscriptionState = loaded.state;
    let fresh = false;
    if (!(isLive(state) && state.pending)) {
      const handled = await handleCommand(this.deps.store, {
        stream,
        decider: subscriptionDecider,
        command: { type: 'RunDue', now },
        meta,
      });
      if (handled.position) positions.push(handled.position);
      if (handled.events.some((e) => e.type === 'SubscriptionExpired'))
        return { outcome: 'expired', positions };
      if (!handled.events.some((e) => e.type === 'SubscriptionChargeStarted'))
        return { outcome: 'none', positions };
      state = handled.state;
      fresh = true;
    }
    if (!isLive(state) || !state.pending) return { outcome: 'none', positions };
    const result = await this.chargePending(stream, state, fresh, meta);
    return { ...result, positions: [...positions, ...result.positions] };
  }

  private async chargePending(
    stream: string,
    state: LiveSubscription,
    fresh: boolean,
    meta: CommandMeta,
  ): Promise<{ outcome: Settled; positions: string[]; declined?: string }> {
    const pending = state.pending!;
    let payment: ProviderPayment | null = null;
    try {
      // An order left pending by an earlier run may have been charged before that run died.
      if (!fresh) payment = await this.provider.findByOrderId(pending.orderId);
      if (!payment || !PAID.has(payment.status)) {
        payment = await this.provider.charge(
          {
            billingKey: state.billingKey,
            customerKey: state.customerKey,
            amount: pending.amount,
            orderId: pending.orderId,
            orderName: pending.orderName,
          },
          pending.orderId,
        );
      }
    } catch (error) {
      if (error instanceof ProviderUnavailable) return { outcome: 'pending', positions: [] };
      if (!(error instanceof ProviderDeclined)) throw error;
      const handled = await handleCommand(this.deps.store, {
        stream,
        decider: subscriptionDecider,
        command: {
          type: 'RecordChargeFailed',
          orderId: pending.orderId,
          code: error.code,
          message: error.message,
        },
        meta,
      });
      const expired = handled.events.some((e) => e.type === 'SubscriptionExpired');
      return {
        outcome: expired ? 'expired' : 'failed',
        positions: handled.position ? [handled.position] : [],
        declined: error.message,
      };
    }
    if (
      !PAID.has(payment.status) ||
      payment.orderId !== pending.orderId ||
      payment.totalAmount !== pending.amount
    ) {
      return { outcome: 'pending', positions: [] };
    }
    const handled = await this.recordPaid(stream, payment, meta);
    return { outcome: 'charged', positions: handled };
  }

  /** Records an approved payment of the stream's pending order (nothing when already recorded). */
  async recordPaid(stream: string, payment: ProviderPayment, meta: CommandMeta): Promise<string[]> {
    const paymentId = await nextId(this.deps.knex as Knex, 'Payment');
    const handled = await handleCommand(this.deps.store, {
      stream,
      decider: subscriptionDecider,
      command: {
        type: 'RecordCharged',
        orderId: payment.orderId,
        paymentId,
        paymentKey: payment.paymentKey,
        amount: payment.totalAmount,
        approvedAt: payment.approvedAt ?? meta.now.toISOString(),
        receiptUrl: payment.receiptUrl,
        card: payment.card,
      },
      meta,
    });
    return handled.position ? [handled.position] : [];
  }

  /**
   * Every renewal, retry and end of a cancelled plan due at `asOf` (the hourly job, and
   * `POST /api/billing/run`). Subscriptions are found in the read model and each is decided on
   * its own stream, so a lagging read model only delays, never doubles, a charge.
   */
  async runDue(asOf: Date, meta?: CommandMeta) {
    const counts = { charged: 0, failed: 0, expired: 0 };
    const positions: string[] = [];
    const settledUsers: number[] = [];
    const due: { userId: number }[] = await this.deps
      .knex('subscriptions')
      .whereIn('status', ['Pending', 'Active', 'PastDue'])
      .andWhere((q) => q.where('dueAt', '<=', asOf).orWhereNotNull('pendingOrderId'))
      .select('userId');
    for (const { userId } of due) {
      const settled = await this.settle(userId, asOf, meta ?? this.meta(asOf));
      positions.push(...settled.positions);
      if (settled.outcome !== 'none') settledUsers.push(userId);
      if (settled.outcome === 'charged' || settled.outcome === 'failed' || settled.outcome === 'expired')
        counts[settled.outcome]++;
    }
    return { ...counts, positions, settledUsers };
  }
}
