import {
  computeEstimate,
  type DraftLineInput,
  ESTIMATE_LIMITS,
  type EstimationEvent,
  type EstimationLine,
  type LineSource,
  messages,
  packSources,
  totalsOf,
  workedExampleCatalogue,
  workedExampleDocument,
  workedExampleMaterials,
  workedExampleTotals,
} from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { estimationDecider, requireAcceptable } from './decide';

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
/** The worked example (docs/estimates.md): a design and the catalogue that prices it. */
const example = () => ({ document: workedExampleDocument(), catalogue: workedExampleCatalogue() });
/** A request of an active design with priced lines and no estimation open. */
const request = {
  type: 'RequestEstimation' as const,
  ...requestFields,
  designStatus: 'Active' as const,
  openEstimation: null,
  saved: example(),
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
/** Where the floor's quantity came from, as the engine tells it. */
const floorSource: LineSource = {
  origin: 'room',
  elementIds: ['room1'],
  label: '거실 바닥',
  lossRate: '0.05',
  base: { area: '12', perimeter: '14', height: '2.4', count: '1' },
  quantity: '12.6',
  explanation: '거실 바닥 12 ㎡ × (1 + 0.05)',
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

  it('is refused for a design with no priced line: none saved, or none of its records found', () => {
    spec
      .given([])
      .when({ ...request, saved: null })
      .thenThrows('RuleBroken', messages.estimationNothingPriced);
    const unpriced = { ...example().catalogue, materials: new Map(), products: new Map() };
    spec
      .given([])
      .when({ ...request, saved: { ...example(), catalogue: unpriced } })
      .thenThrows('RuleBroken', messages.estimationNothingPriced);
  });

  it('is refused for a design in the trash', () => {
    spec
      .given([])
      .when({ ...request, designStatus: 'Trashed' })
      .thenThrows('RuleBroken', messages.designTrashed);
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

  it('computes a draft only once assigned: the design priced, its lines numbered, their sources packed', () => {
    spec
      .given([requested])
      .when({ type: 'ComputeDraft', priced: example() })
      .thenThrows('RuleBroken', messages.estimationStateConflict('요청됨', '계산'));
    const { lines } = computeEstimate(workedExampleDocument(), workedExampleCatalogue());
    spec
      .given([requested, assigned])
      .when({ type: 'ComputeDraft', priced: example() })
      .thenEvents([
        {
          type: 'EstimationDraftComputed',
          data: {
            designRevision: 3,
            lines: lines.map(({ sources: _sources, ...l }, i) => ({ ...l, id: `L${i + 1}` })),
            packedSources: packSources(lines.map((l, i) => ({ ...l, id: `L${i + 1}` }))),
            totals: workedExampleTotals,
            rates: { OVERHEAD_RATE: '0.06', PROFIT_RATE: '0.15' },
            problems: [],
          },
        },
      ]);
  });

  it('refuses a draft whose amounts would not stay exact, naming the line', () => {
    const catalogue = workedExampleCatalogue();
    const floor = { ...workedExampleMaterials[0]!, price: ESTIMATE_LIMITS.unitPrice + 1 };
    catalogue.materials = new Map([...(catalogue.materials as Map<number, typeof floor>), [floor.id, floor]]);
    const at = computeEstimate(workedExampleDocument(), catalogue).lines.findIndex(
      (l) => l.name === floor.name,
    );
    const message = messages.estimateLineUnitPriceTooLarge(at + 1, floor.name, ESTIMATE_LIMITS.unitPrice);
    spec
      .given([requested, assigned])
      .when({ type: 'ComputeDraft', priced: { document: workedExampleDocument(), catalogue } })
      .thenThrows('Invalid', message, { [`lines.${at}.unitPrice`]: message });
  });

  it('edits a draft: computed lines keep where they came from, others are added by hand, all priced again', () => {
    // The draft's own rates price the edit, not the constants of the moment.
    const own = { OVERHEAD_RATE: '0.1', PROFIT_RATE: '0.2' };
    const drafted: EstimationEvent = {
      type: 'EstimationDraftComputed',
      data: { ...draft, lines: [{ ...line, sources: [floorSource] }], rates: own, problems: [] },
    };
    const { id: _id, refType: _refType, refId: _refId, amount: _amount, sources: _sources, ...fields } = line;
    const free: DraftLineInput = {
      trade: '기타',
      kind: 'Expense',
      name: '폐기물 처리',
      spec: '',
      unit: '식',
      quantity: 1,
      unitPrice: 150_000,
    };
    // The event carries the lines' fields: the sources stay with the computed draft.
    const lines = [
      { ...line, quantity: 12.35, unitPrice: 31_000, amount: 382_850 },
      { ...free, id: 'F2', refType: null, refId: null, amount: 150_000 },
      { ...fields, id: 'F3', refType: null, refId: null, amount: 378_000 },
    ];
    spec
      .given([requested, assigned, drafted])
      .when({
        type: 'EditDraft',
        lines: [
          { ...fields, id: 'L1', quantity: 12.345, unitPrice: 31_000 },
          free,
          // An id the draft does not have is a line added by hand.
          { ...fields, id: 'L9' },
        ],
        newLineIds: ['F1', 'F2', 'F3'],
      })
      .thenEvents([{ type: 'EstimationDraftEdited', data: { lines, totals: totalsOf(lines, own) } }]);
  });

  it('folds an edit with the sources its lines had, in either shape of the draft and of the edit event', () => {
    // Drafts computed before their sources were packed carry them in each line.
    const ownSources: EstimationEvent = {
      type: 'EstimationDraftComputed',
      data: { ...draft, lines: [{ ...line, sources: [floorSource] }], problems: [] },
    };
    const packed: EstimationEvent = {
      type: 'EstimationDraftComputed',
      data: {
        ...draft,
        lines: [line],
        packedSources: packSources([{ ...line, sources: [floorSource] }]),
        problems: [],
      },
    };
    const free = { ...line, id: 'F1', refType: null, refId: null, name: '폐기물 처리' };
    const edited = (withSources: boolean): EstimationEvent => {
      const lines = [
        { ...line, unitPrice: 31_000, amount: 390_600, ...(withSources ? { sources: [floorSource] } : {}) },
        { ...free, ...(withSources ? { sources: [] } : {}) },
      ];
      return { type: 'EstimationDraftEdited', data: { lines, totals: totalsOf(lines, rates) } };
    };
    const lines = [
      { ...line, unitPrice: 31_000, amount: 390_600, sources: [floorSource] },
      { ...free, sources: [] },
    ];
    const quote: EstimationEvent = {
      type: 'EstimationQuoted',
      data: {
        revision: 1,
        validUntil,
        lines,
        totals: totalsOf(lines, rates),
        rates,
        designRevision: 3,
        supplier: null,
      },
    };
    // Edits recorded before their sources were left out carry them; both fold alike, an edit after
    // an edit still finds them by the line's id, and the quote copies each computed line with
    // where it came from.
    for (const drafted of [ownSources, packed])
      for (const edits of [[], [edited(false)], [edited(true)], [edited(false), edited(false)]]) {
        const expected =
          edits.length === 0
            ? { ...quote, data: { ...quote.data, lines: [{ ...line, sources: [floorSource] }], totals } }
            : quote;
        spec
          .given([requested, assigned, drafted, ...edits])
          .when({ type: 'IssueQuote', now, supplier: null })
          .thenEvents([expected as EstimationEvent]);
      }
  });

  it('refuses an edit whose total would not stay exact, and an edit without a draft, whatever the state', () => {
    const { id: _id, refType: _refType, refId: _refId, amount: _amount, sources: _sources, ...fields } = line;
    const big = { ...fields, quantity: 10_000, unitPrice: 1_000_000 };
    const message = messages.estimateTotalTooLarge(ESTIMATE_LIMITS.total);
    spec
      .given([requested, assigned, computed])
      .when({ type: 'EditDraft', lines: Array(2000).fill(big), newLineIds: [] })
      .thenThrows('Invalid', message, { total: message });
    for (const history of [[requested], [requested, assigned]])
      spec
        .given(history)
        .when({ type: 'EditDraft', lines: [], newLineIds: [] })
        .thenThrows('RuleBroken', messages.estimationNoDraft);
    spec
      .given([requested, assigned, computed, quoted, accepted])
      .when({ type: 'EditDraft', lines: [], newLineIds: [] })
      .thenThrows('RuleBroken', messages.estimationStateConflict('주문됨', '수정'));
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

  it('answers whether an accept would be refused before an order number is drawn for it', () => {
    const rejected: EstimationEvent = { type: 'EstimationRejected', data: { revision: 1, reason: '비쌈' } };
    const history = [
      requested,
      assigned,
      computed,
      quoted,
      rejected,
      { ...quoted, data: { ...quoted.data, revision: 2 } } as EstimationEvent,
    ];
    spec
      .given(history)
      .whenChecked((state) => requireAcceptable(state, 2))
      .thenPasses();
    spec
      .given(history)
      .whenChecked((state) => requireAcceptable(state, 1))
      .thenThrows('RuleBroken', messages.estimationQuoteNotLatest(1, 2));
    spec
      .given([requested, assigned])
      .whenChecked((state) => requireAcceptable(state, 1))
      .thenThrows('RuleBroken', messages.estimationStateConflict('배정됨', '수락'));
    spec
      .given([])
      .whenChecked((state) => requireAcceptable(state, 1))
      .thenThrows('NotFound', messages.estimationNotFound);
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
