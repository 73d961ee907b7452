import { z } from 'zod';
import type { EventsOf } from './events';
import type { Role } from './roles';
import { positiveId, requiredText } from './validation';

/** The roles a plan gives (README "Subscriptions and payments"); the Free roles are the unpaid state. */
export const planCodes = ['PersonalPro', 'BusinessPro', 'BusinessPremium'] as const satisfies readonly Role[];
export type PlanCode = (typeof planCodes)[number];

/** The role a subscriber returns to when their plan ends. */
export const freeRoleOf = (code: PlanCode): Role =>
  code === 'PersonalPro' ? 'PersonalFree' : 'BusinessFree';

const paidRoles: readonly Role[] = planCodes;

/**
 * A user's roles with a plan's role (or none): every paid role is replaced, the Free role it
 * stands for is dropped while a plan is held and given back when it ends. Other roles (staff)
 * stay as they are.
 */
export function planRoleChange(current: readonly Role[], planRole: PlanCode | null): Role[] {
  const held = current.filter((r) => paidRoles.includes(r)) as PlanCode[];
  let roles = current.filter((r) => !paidRoles.includes(r));
  if (planRole) {
    roles = roles.filter((r) => r !== freeRoleOf(planRole));
    roles.push(planRole);
  } else {
    for (const code of held) if (!roles.includes(freeRoleOf(code))) roles.push(freeRoleOf(code));
  }
  return roles.length ? roles : ['Guest'];
}

export const billingPeriods = ['Monthly', 'Yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];
export const billingPeriodLabels: Record<BillingPeriod, string> = { Monthly: '월간', Yearly: '연간' };

export const subscriptionMessages = {
  planNotFound: '구독 상품을 찾을 수 없습니다.',
  planInactive: '판매하지 않는 구독 상품입니다.',
  planNotForYou: '이 계정으로는 가입할 수 없는 구독 상품입니다.',
  alreadySubscribed: '이미 이용 중인 구독이 있습니다.',
  noSubscription: '이용 중인 구독이 없습니다.',
  chargeInProgress: '결제가 진행 중입니다. 잠시 후 다시 시도해 주세요.',
  paymentFailed: (reason: string) => `카드 결제에 실패했습니다: ${reason}`,
  providerUnavailable: '결제 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  paymentNotFound: '결제 내역을 찾을 수 없습니다.',
  refundTooLarge: '환불 가능한 금액을 넘었습니다.',
  alreadyRefunded: '이미 전액 환불된 결제입니다.',
  refundInProgress: '이 결제의 다른 환불이 먼저 처리되었습니다. 환불 내역을 확인한 뒤 다시 시도해 주세요.',
  asOfInProduction: '운영 환경에서는 기준 시각을 지정할 수 없습니다.',
  customerKeyMismatch: '결제 고객 정보가 일치하지 않습니다.',
  samePlan: '이미 이용 중인 구독 상품입니다.',
} as const;

export const SubscriptionPlanId = positiveId(subscriptionMessages.planNotFound);

const won = z.number().int().min(0).max(100_000_000);

/** Body of POST /api/subscription-plan; PUT takes any subset (react-admin updateMany). */
export const SubscriptionPlanInputSchema = z.object({
  code: z.enum(planCodes),
  name: requiredText(50),
  monthlyPrice: won,
  yearlyPrice: won,
  features: z.array(requiredText(100)).max(20).default([]),
  active: z.boolean().default(true),
});
export type SubscriptionPlanInput = z.output<typeof SubscriptionPlanInputSchema>;
export const SubscriptionPlanUpdateSchema = SubscriptionPlanInputSchema.partial();

export interface SubscriptionPlanRecord extends SubscriptionPlanInput {
  id: number;
  registered: string;
  registeredBy: number | null;
  updated: string | null;
  updatedBy: number | null;
  version: number;
}

export const subscriptionPlanSortable = [
  'id',
  'code',
  'name',
  'monthlyPrice',
  'yearlyPrice',
  'registered',
] as const;

const PlanData = z.object({
  code: z.enum(planCodes),
  name: z.string(),
  monthlyPrice: z.number().int(),
  yearlyPrice: z.number().int(),
  features: z.array(z.string()),
  active: z.boolean(),
});

export const SubscriptionPlanEventSchemas = {
  SubscriptionPlanCreated: PlanData.extend({ id: z.number().int().positive() }),
  SubscriptionPlanUpdated: PlanData.partial(),
  SubscriptionPlanDeleted: z.object({}),
};
export type SubscriptionPlanEvent = EventsOf<typeof SubscriptionPlanEventSchemas>;

/** Where a subscriber stands: `Pending` while the first charge is under way. */
export const subscriptionStatuses = ['Pending', 'Active', 'PastDue', 'Expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  Pending: '결제 대기',
  Active: '이용 중',
  PastDue: '결제 실패(재시도 중)',
  Expired: '만료',
};

export const CardSchema = z.object({ company: z.string().nullable(), last4: z.string().nullable() });
export type Card = z.output<typeof CardSchema>;

const PlanTerms = z.object({
  planId: z.number().int().positive(),
  planCode: z.enum(planCodes),
  planName: z.string(),
  period: z.enum(billingPeriods),
  amount: z.number().int(),
});
export type PlanTerms = z.output<typeof PlanTerms>;

/**
 * One stream per subscriber (`Subscription-{userId}`): a user has at most one subscription at a
 * time, and a new one after expiry is the next `term` of the same stream. The billing key lives
 * here (it charges nothing without the platform's secret key) and never reaches a read model.
 */
export const SubscriptionEventSchemas = {
  SubscriptionRequested: PlanTerms.extend({
    userId: z.number().int().positive(),
    term: z.number().int().positive(),
    provider: z.string(),
    billingKey: z.string(),
    customerKey: z.string(),
    card: CardSchema,
  }),
  /** Written before the provider is asked, so a crash mid-charge is resolved by the order id. */
  SubscriptionChargeStarted: z.object({
    orderId: z.string(),
    orderName: z.string(),
    amount: z.number().int(),
    periodNo: z.number().int().positive(),
    attempt: z.number().int().positive(),
    terms: PlanTerms,
  }),
  SubscriptionCharged: z.object({
    orderId: z.string(),
    paymentId: z.number().int().positive(),
    paymentKey: z.string(),
    amount: z.number().int(),
    approvedAt: z.string(),
    receiptUrl: z.string().nullable(),
    periodNo: z.number().int().positive(),
    periodStart: z.string(),
    periodEnd: z.string(),
    terms: PlanTerms,
    card: CardSchema,
  }),
  SubscriptionChargeFailed: z.object({
    orderId: z.string(),
    code: z.string(),
    message: z.string(),
    attempt: z.number().int().positive(),
    nextRetryAt: z.string().nullable(),
  }),
  SubscriptionExpired: z.object({
    reason: z.enum(['PaymentFailed', 'Cancelled', 'Refunded', 'FirstChargeFailed']),
  }),
  SubscriptionCancelScheduled: z.object({}),
  SubscriptionResumed: z.object({}),
  SubscriptionPlanChangeScheduled: PlanTerms,
  SubscriptionCardChanged: z.object({ billingKey: z.string(), customerKey: z.string(), card: CardSchema }),
  SubscriptionPaymentRefunded: z.object({
    paymentId: z.number().int().positive(),
    amount: z.number().int().positive(),
    reason: z.string(),
    refundNo: z.number().int().positive(),
    cancelledAt: z.string(),
  }),
};
export type SubscriptionEvent = EventsOf<typeof SubscriptionEventSchemas>;

export const CheckoutSchema = z.object({
  planId: SubscriptionPlanId,
  period: z.enum(billingPeriods),
});
export const SubscribeSchema = CheckoutSchema.extend({
  authKey: requiredText(300),
  customerKey: requiredText(300),
});
export const MySubscriptionUpdateSchema = z
  .object({
    cancelAtPeriodEnd: z.boolean().optional(),
    /** The plan (and period) from the next period on. */
    planId: SubscriptionPlanId.optional(),
    period: z.enum(billingPeriods).optional(),
    /** A new card: the authKey of the provider's card window (a new billing key). */
    authKey: requiredText(300).optional(),
    customerKey: requiredText(300).optional(),
  })
  .strict();
export const RefundSchema = z.object({
  amount: z.number().int().positive().max(100_000_000).optional(),
  reason: requiredText(200),
  /** End the subscription at once (the refunded period is not served). */
  endSubscription: z.boolean().default(false),
});
export const BillingRunSchema = z.object({ asOf: z.iso.datetime({ offset: true }).optional() }).default({});

export interface CheckoutAnswer {
  provider: string;
  clientKey: string;
  customerKey: string;
  amount: number;
  orderName: string;
}

export const orderStatuses = ['Pending', 'Paid', 'Failed'] as const;
export const orderStatusLabels: Record<(typeof orderStatuses)[number], string> = {
  Pending: '결제 중',
  Paid: '결제 완료',
  Failed: '결제 실패',
};
export const paymentStatuses = ['Paid', 'PartiallyRefunded', 'Refunded'] as const;
export const paymentStatusLabels: Record<(typeof paymentStatuses)[number], string> = {
  Paid: '결제 완료',
  PartiallyRefunded: '부분 환불',
  Refunded: '전액 환불',
};
