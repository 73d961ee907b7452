import { type EstimationEvent, type EstimationLine, messages, totalsOf } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { estimationDecider } from './decide';

const spec = deciderSpec(estimationDecider);
const requestFields = {
  id: 5,
  estimateNumber: 'EST-20261124-0001',
  designId: 9,
  designName: '34평 아파트',
  designRevision: 3,
  requesterId: 2,
  note: '거실 위주로',
};
const requested: EstimationEvent = { type: 'EstimationRequested', data: requestFields };
/** A request of a design with priced lines and no estimation open. */
const request = {
  type: 'RequestEstimation' as const,
  ...requestFields,
  openEstimation: null,
  pricedLines: 2,
};
const assigned: EstimationEvent = { type: 'EstimationAssigned', data: { managerId: 7, designerId: 8 } };
const line: EstimationLine = {
  id: 'L1',
  trade: '바닥',
  kind: 'Material',
  refType: 'Material',
  refId: 1,
  name: '강마루',
  spec: '',
  unit: '㎡',
  quantity: 12.6,
  unitPrice: 30_000,
  amount: 378_000,
};
const rates = { OVERHEAD_RATE: '0.06', PROFIT_RATE: '0.15' };
const totals = totalsOf([line], rates);
const draft = { designRevision: 3, lines: [line], totals, rates };
const computed: EstimationEvent = { type: 'EstimationDraftComputed', data: { ...draft, problems: [] } };
const now = new Date('2026-11-24T00:00:00.000Z');
const validUntil = '2026-12-24T00:00:00.000Z';
const quoted: EstimationEvent = {
  type: 'EstimationQuoted',
  data: { revision: 1, validUntil, lines: [line], totals, rates, designRevision: 3, supplier: null },
};
const accepted: EstimationEvent = {
  type: 'EstimationAccepted',
  data: { revision: 1, orderNumber: 'ORD-20261124-0001' },
};

describe('estimation decider', () => {
  it('is requested once', () => {
    spec.given([]).when(request).thenEvents([requested]);
    spec.given([requested]).when(request).thenEvents([]);
  });

  it('is refused while another estimation of the design is open, naming it', () => {
    spec
      .given([])
      .when({ ...request, openEstimation: { estimateNumber: 'EST-20261124-0007', state: 'Quoted' } })
      .thenThrows('RuleBroken', messages.estimationAlreadyOpen('EST-20261124-0007', '견적 발행'));
  });

  it('is refused for a design with no priced line', () => {
    spec
      .given([])
      .when({ ...request, pricedLines: 0 })
      .thenThrows('RuleBroken', messages.estimationNothingPriced);
  });

  it('is assigned, and an unchanged assignment records nothing', () => {
    spec
      .given([requested])
      .when({ type: 'AssignEstimation', managerId: 7, designerId: 8 })
      .thenEvents([assigned]);
    spec
      .given([requested, assigned])
      .when({ type: 'AssignEstimation', managerId: 7, designerId: 8 })
      .thenEvents([]);
  });

  it('computes and edits a draft only once assigned, and an edit needs a draft', () => {
    spec
      .given([requested])
      .when({ type: 'ComputeDraft', draft, problems: [] })
      .thenThrows('RuleBroken', messages.estimationStateConflict('요청됨', '계산'));
    spec
      .given([requested, assigned])
      .when({ type: 'ComputeDraft', draft, problems: [] })
      .thenEvents([computed]);
    spec
      .given([requested, assigned])
      .when({ type: 'EditDraft', lines: [line], totals })
      .thenThrows('RuleBroken', messages.estimationNoDraft);
  });

  it('issues the draft as the next immutable revision, valid for 30 days', () => {
    spec
      .given([requested, assigned, computed])
      .when({ type: 'IssueQuote', now, supplier: null })
      .thenEvents([quoted]);
    spec
      .given([requested, assigned])
      .when({ type: 'IssueQuote', now, supplier: null })
      .thenThrows('RuleBroken', messages.estimationNoDraft);
    spec
      .given([
        requested,
        assigned,
        { type: 'EstimationDraftComputed', data: { ...draft, lines: [], problems: [] } },
      ])
      .when({ type: 'IssueQuote', now, supplier: null })
      .thenThrows('RuleBroken', messages.estimationEmptyDraft);
    const rejected: EstimationEvent = { type: 'EstimationRejected', data: { revision: 1, reason: '비쌈' } };
    spec
      .given([requested, assigned, computed, quoted, rejected])
      .when({ type: 'IssueQuote', now, supplier: null })
      .thenEvents([{ ...quoted, data: { ...quoted.data, revision: 2 } } as EstimationEvent]);
  });

  it('keeps in the quote the supplier as it was when issued', () => {
    const supplier = {
      companyName: '주식회사 예시인테리어',
      registrationNumber: '1248100998',
      representative: '김대표',
      address: '서울특별시 중구 세종대로 110',
      phone: '0212345678',
      seal: null,
    };
    spec
      .given([requested, assigned, computed])
      .when({ type: 'IssueQuote', now, supplier })
      .thenEvents([{ ...quoted, data: { ...quoted.data, supplier } } as EstimationEvent]);
  });

  it('is accepted or rejected only while quoted', () => {
    spec
      .given([requested, assigned, computed, quoted])
      .when({ type: 'AcceptQuote', revision: 1, orderNumber: 'ORD-20261124-0001' })
      .thenEvents([accepted]);
    spec
      .given([requested, assigned, computed, quoted])
      .when({ type: 'RejectQuote', reason: '예산 초과' })
      .thenEvents([{ type: 'EstimationRejected', data: { revision: 1, reason: '예산 초과' } }]);
    spec
      .given([requested, assigned])
      .when({ type: 'AcceptQuote', revision: 1, orderNumber: 'ORD-20261124-0002' })
      .thenThrows('RuleBroken', messages.estimationStateConflict('배정됨', '수락'));
    spec
      .given([requested, assigned, computed, quoted, accepted])
      .when({ type: 'RejectQuote', reason: '늦음' })
      .thenThrows('RuleBroken', messages.estimationStateConflict('주문됨', '거절'));
  });

  it('orders only the latest issued revision, the one the requester read, and records which', () => {
    const rejected: EstimationEvent = { type: 'EstimationRejected', data: { revision: 1, reason: '비쌈' } };
    const requoted = { ...quoted, data: { ...quoted.data, revision: 2 } } as EstimationEvent;
    const history = [requested, assigned, computed, quoted, rejected, requoted];
    for (const seen of [1, 3]) {
      spec
        .given(history)
        .when({ type: 'AcceptQuote', revision: seen, orderNumber: 'ORD-20261124-0003' })
        .thenThrows('RuleBroken', messages.estimationQuoteNotLatest(seen, 2));
    }
    spec
      .given(history)
      .when({ type: 'AcceptQuote', revision: 2, orderNumber: 'ORD-20261124-0003' })
      .thenEvents([{ type: 'EstimationAccepted', data: { revision: 2, orderNumber: 'ORD-20261124-0003' } }]);
  });

  it('is completed after the order, and cancelled only before it', () => {
    spec
      .given([requested, assigned, computed, quoted, accepted])
      .when({ type: 'CompleteOrder' })
      .thenEvents([{ type: 'EstimationCompleted', data: {} }]);
    spec
      .given([requested, assigned, computed, quoted])
      .when({ type: 'CancelEstimation', reason: '' })
      .thenEvents([{ type: 'EstimationCancelled', data: { reason: '' } }]);
    spec
      .given([requested, assigned, computed, quoted, accepted])
      .when({ type: 'CancelEstimation', reason: '' })
      .thenThrows('RuleBroken', messages.estimationStateConflict('주문됨', '취소'));
    spec
      .given([requested, assigned, computed, quoted, accepted])
      .when({ type: 'AssignEstimation', managerId: 1, designerId: null })
      .thenThrows('RuleBroken', messages.estimationStateConflict('주문됨', '배정'));
  });

  it('expires a quote only after its validity', () => {
    spec
      .given([requested, assigned, computed, quoted])
      .when({ type: 'ExpireQuote', now: new Date('2026-12-23T00:00:00.000Z') })
      .thenEvents([]);
    spec
      .given([requested, assigned, computed, quoted])
      .when({ type: 'ExpireQuote', now: new Date('2026-12-24T00:00:01.000Z') })
      .thenEvents([{ type: 'EstimationExpired', data: { revision: 1 } }]);
  });

  it('knows no estimation that was never requested', () => {
    spec
      .given([])
      .when({ type: 'AssignEstimation', managerId: 1, designerId: null })
      .thenThrows('NotFound', messages.estimationNotFound);
  });

  it('folds into plain JSON, as its snapshots need (snapshots.ts)', () => {
    const state = [requested, assigned, computed, quoted, accepted].reduce(
      estimationDecider.evolve,
      estimationDecider.initialState(),
    );
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
