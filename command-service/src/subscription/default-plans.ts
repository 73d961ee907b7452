import { randomUUID } from 'node:crypto';
import { messages, type SubscriptionPlanInput, streamName } from '@interior/contracts';
import { DomainError } from '@interior/platform';
import { handleCommand } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { nextId } from '../ids';
import { planDecider } from './plan';

/**
 * The plans shipped at first start (monthly and yearly prices in won, VAT included; a year costs
 * about ten months). Admins and Developers change them at /dashboard/subscription-plan.
 */
export const defaultPlans: SubscriptionPlanInput[] = [
  {
    code: 'PersonalPro',
    name: '개인 프로',
    monthlyPrice: 14_900,
    yearlyPrice: 149_000,
    features: [
      '디자인 무제한 저장',
      '고해상도 3D 렌더링',
      '자재 명세서(BOM) 내보내기',
      '견적 요청 무제한',
      '디자인 공유',
    ],
    active: true,
  },
  {
    code: 'BusinessPro',
    name: '비즈니스 프로',
    monthlyPrice: 49_000,
    yearlyPrice: 490_000,
    features: [
      '개인 프로의 모든 기능',
      '사업자 정보 등록과 세금계산서 발행',
      '팀원 5명까지 디자인 공동 작업',
      '견적서 PDF에 회사 로고',
      '우선 고객 지원',
    ],
    active: true,
  },
  {
    code: 'BusinessPremium',
    name: '비즈니스 프리미엄',
    monthlyPrice: 99_000,
    yearlyPrice: 990_000,
    features: [
      '비즈니스 프로의 모든 기능',
      '팀원 무제한',
      '자체 자재·제품 카탈로그 등록',
      '디자인 분석 리포트',
      '전담 매니저 배정',
    ],
    active: true,
  },
];

const MARKER = 'SubscriptionPlanDefaults';

/**
 * Creates the default plans once in the life of the platform, through the plan commands. The ids
 * are reserved first in a marker stream (appended only if absent), so a restart after a crash
 * finishes the same plans instead of making new ones, and a plan an Admin deleted stays deleted.
 */
export async function ensureDefaultPlans(deps: Pick<CommandServiceDeps, 'store' | 'knex'>): Promise<void> {
  let reserved = await deps.store.readStream(MARKER);
  if (reserved.length === 0) {
    const ids: number[] = [];
    for (let i = 0; i < defaultPlans.length; i++) ids.push(await nextId(deps.knex, 'SubscriptionPlan'));
    try {
      await deps.store.append(
        MARKER,
        [
          {
            id: randomUUID(),
            type: 'DefaultSubscriptionPlansReserved',
            data: { ids },
            metadata: {
              actorId: null,
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    } catch {
      // Another process reserved them first: theirs are read below.
    }
    reserved = await deps.store.readStream(MARKER);
  }
  const ids = (reserved[0]?.data as { ids: number[] } | undefined)?.ids ?? [];
  for (const [index, id] of ids.entries()) {
    const plan = defaultPlans[index];
    if (!plan) continue;
    try {
      await handleCommand(deps.store, {
        stream: streamName('SubscriptionPlan', id),
        decider: planDecider,
        command: { type: 'CreatePlan', id, ...plan },
        meta: { actorId: null, correlationId: randomUUID(), now: new Date() },
      });
    } catch (error) {
      if (!(error instanceof DomainError && error.message === messages.alreadyExists)) throw error;
    }
  }
}
