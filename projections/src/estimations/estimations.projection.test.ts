import {
  estimationReadModels,
  type LineSource,
  type PackedSources,
  packSources,
  unpackSources,
} from '@interior/contracts';
import { readModels } from '@interior/platform';
import { eventsOf, givenAt, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { estimationsProjection } from './estimations.projection';

const { estimations, drafts, draftSources, quotes } = estimationReadModels;

const db = projectionTestDatabase();
beforeAll(async () => {
  const { knex } = db();
  // The names shown in the lists come from the users read model as it is when an event applies.
  await knex.schema.createTable(readModels.users, (t) => {
    t.integer('id').primary();
    t.text('name');
  });
  await knex(readModels.users).insert([
    { id: 5, name: '김요청' },
    { id: 7, name: '박관리' },
    { id: 8, name: '이설계' },
  ]);
});

const spec = projectionSpec(estimationsProjection, db);
/** The sources rows, each read out of the compact shape the rows keep them in. */
const sourceRows = async (given: ReturnType<typeof spec.given>) =>
  (await given.rows(draftSources, 'lineId')).map((row) => ({
    ...row,
    sources: unpackSources(row.sources as PackedSources, row.lineId as string),
  }));
const line = {
  id: 'L1',
  trade: '목공',
  item: '걸레받이',
  unit: 'm',
  quantity: '12',
  unitPrice: 3000,
  amount: 36000,
};
const base = { area: '12', perimeter: '7', height: '2.4', count: '1' };
const sources: LineSource[] = [
  { origin: 'room', elementIds: ['room1'], label: '거실', base, quantity: '7', explanation: '거실 둘레 7 m' },
  { origin: 'room', elementIds: ['room2'], label: '안방', base, quantity: '5', explanation: '안방 둘레 5 m' },
];
const totals = { supply: 1_000_000, vat: 100_000, total: 1_100_000 };
const rates = { OVERHEAD_RATE: '0.05', PROFIT_RATE: '0.1' };

const event = eventsOf(['Estimation', 3], 5);
const request = {
  id: 3,
  estimateNumber: 'EST-20261101-0001',
  designId: 11,
  designName: '우리 집',
  designRevision: 4,
  requesterId: 5,
  note: '거실만',
};
const requested = event('EstimationRequested', request);
const assigned = event('EstimationAssigned', { managerId: 7, designerId: 8 }, 1);
const computed = event(
  'EstimationDraftComputed',
  { designRevision: 4, lines: [{ ...line, sources }], totals, rates, problems: ['단가 없음: 타일'] },
  7,
);
const quoted = event(
  'EstimationQuoted',
  { revision: 1, validUntil: '2026-12-01T00:00:00.000Z', lines: [line], totals, rates, designRevision: 4 },
  7,
);

describe('the estimations read models', () => {
  it('lists a requested estimation with the requester’s name, in state Requested', async () => {
    expect(await spec.given([requested]).rows(estimations)).toEqual([
      expect.objectContaining({
        ...request,
        requesterName: '김요청',
        managerId: null,
        state: 'Requested',
        note: '거실만',
        quoteRevision: 0,
        quotedTotal: null,
        registered: givenAt(0),
        registeredBy: 5,
        updated: null,
        version: 0,
      }),
    ]);
  });

  it('names the assignees and moves a requested estimation to Assigned', async () => {
    const [row] = await spec.given([requested, assigned]).rows(estimations);
    expect(row).toMatchObject({
      state: 'Assigned',
      managerId: 7,
      managerName: '박관리',
      designerId: 8,
      designerName: '이설계',
      updated: givenAt(1),
      updatedBy: 1,
      version: 1,
    });
  });

  it('keeps the current draft, replaced as a whole by an edit, its sources apart', async () => {
    const free = { ...line, id: 'F1', item: '폐기물 처리' };
    const edited = event('EstimationDraftEdited', { lines: [{ ...line, quantity: '20' }, free], totals }, 8);
    const given = spec.given([requested, assigned, computed, edited]);
    expect(await given.rows(drafts, 'estimationId')).toEqual([
      {
        estimationId: 3,
        designRevision: 4,
        // Each line says how many sources it has: an edit keeps a computed line's.
        lines: [
          { ...line, quantity: '20', sourceCount: 2 },
          { ...free, sourceCount: 0 },
        ],
        totals,
        rates,
        problems: ['단가 없음: 타일'],
        computed: givenAt(2),
        version: 3,
      },
    ]);
    expect(await sourceRows(given)).toEqual([{ estimationId: 3, lineId: 'L1', sources }]);
  });

  it('reads a draft whose sources are packed beside its lines as one whose lines carry them', async () => {
    const recipeSource: LineSource = {
      origin: 'room',
      elementIds: ['room1'],
      label: '거실',
      recipe: { bomId: 4, bomName: '걸레받이 시공', line: 1, formula: 'perimeter' },
      base: { area: '12', perimeter: '14', height: '2.4', count: '1' },
      quantity: '14',
      explanation: "거실 (면적 12 ㎡, 둘레 14 m, 높이 2.4 m): BOM '걸레받이 시공' 1행 perimeter = 14",
    };
    const full: LineSource[] = [
      recipeSource,
      {
        ...recipeSource,
        elementIds: ['room2'],
        label: '안방',
        recipe: undefined,
        lossRate: '0.1',
        explanation: '안방',
      },
    ];
    delete full[1]!.recipe;
    const free = { ...line, id: 'F1', item: '폐기물 처리' };
    const lines = [line, { ...line, id: 'L2' }];
    const own = event(
      'EstimationDraftComputed',
      { designRevision: 4, lines: lines.map((l) => ({ ...l, sources: full })), totals, rates, problems: [] },
      7,
    );
    const packed = event(
      'EstimationDraftComputed',
      {
        designRevision: 4,
        lines,
        packedSources: packSources(lines.map((l) => ({ ...l, sources: l.id === 'L1' ? full : [full[1]!] }))),
        totals,
        rates,
        problems: [],
      },
      7,
    );
    const edited = event('EstimationDraftEdited', { lines: [{ ...line, quantity: '20' }, free], totals }, 8);
    const given = spec.given([requested, assigned, packed]);
    expect((await given.rows(drafts, 'estimationId'))[0]!.lines).toEqual([
      { ...line, sourceCount: 2 },
      { ...line, id: 'L2', sourceCount: 1 },
    ]);
    expect(await sourceRows(given)).toEqual([
      { estimationId: 3, lineId: 'L1', sources: full },
      { estimationId: 3, lineId: 'L2', sources: [full[1]] },
    ]);
    // An edit of either shape of draft keeps the computed line's sources and counts.
    for (const drafted of [own, packed]) {
      const edit = spec.given([requested, assigned, drafted, edited]);
      expect((await edit.rows(drafts, 'estimationId'))[0]!.lines).toEqual([
        { ...line, quantity: '20', sourceCount: 2 },
        { ...free, sourceCount: 0 },
      ]);
      expect((await sourceRows(edit))[0]).toEqual({
        estimationId: 3,
        lineId: 'L1',
        sources: full,
      });
    }
  });

  it('reads an edit recorded with its lines’ sources as one without, and replaces the sources when computed again', async () => {
    const edited = event(
      'EstimationDraftEdited',
      { lines: [{ ...line, quantity: '20', sources }], totals },
      8,
    );
    const again = event(
      'EstimationDraftComputed',
      {
        designRevision: 4,
        lines: [{ ...line, id: 'L2', sources: [sources[1]] }],
        totals,
        rates,
        problems: [],
      },
      7,
    );
    const once = spec.given([requested, assigned, computed, edited]);
    expect((await once.rows(drafts, 'estimationId'))[0]!.lines).toEqual([
      { ...line, quantity: '20', sourceCount: 2 },
    ]);
    expect(await sourceRows(once)).toEqual([{ estimationId: 3, lineId: 'L1', sources }]);
    const twice = spec.given([requested, assigned, computed, edited, again]);
    expect((await twice.rows(drafts, 'estimationId'))[0]!.lines).toEqual([
      { ...line, id: 'L2', sourceCount: 1 },
    ]);
    expect(await sourceRows(twice)).toEqual([{ estimationId: 3, lineId: 'L2', sources: [sources[1]] }]);
  });

  it('keeps every quote revision as issued, and shows the last one on the list', async () => {
    const requote = event(
      'EstimationQuoted',
      {
        revision: 2,
        validUntil: '2026-12-10T00:00:00.000Z',
        lines: [],
        totals: { ...totals, total: 990_000 },
        rates,
        designRevision: 4,
      },
      7,
    );
    const given = spec.given([requested, assigned, computed, quoted, requote]);
    const issued = await given.rows(quotes, ['estimationId', 'revision']);
    expect(
      issued.map((q) => [q.revision, q.estimateNumber, (q.totals as typeof totals).total, q.issuedBy]),
    ).toEqual([
      [1, 'EST-20261101-0001', 1_100_000, 7],
      [2, 'EST-20261101-0001', 990_000, 7],
    ]);
    expect(issued[0]).toMatchObject({
      lines: [line],
      issued: givenAt(3),
      validUntil: new Date('2026-12-01T00:00:00.000Z'),
    });
    const [row] = await given.rows(estimations);
    expect(row).toMatchObject({
      state: 'Quoted',
      quoteRevision: 2,
      quotedTotal: 990_000,
      validUntil: new Date('2026-12-10T00:00:00.000Z'),
    });
  });

  it.each([
    [
      'EstimationAccepted',
      { revision: 1, orderNumber: 'ORD-20261102-0001' },
      { state: 'Ordered', orderNumber: 'ORD-20261102-0001' },
    ],
    [
      'EstimationRejected',
      { revision: 1, reason: '예산 초과' },
      { state: 'Rejected', rejectReason: '예산 초과' },
    ],
    ['EstimationExpired', { revision: 1 }, { state: 'Expired' }],
    ['EstimationCancelled', { reason: '취소' }, { state: 'Cancelled' }],
  ])('after a quote, %s sets the state the lists show', async (type, data, expected) => {
    const [row] = await spec
      .given([requested, assigned, computed, quoted, event(type, data)])
      .rows(estimations);
    expect(row).toMatchObject({ ...expected, updated: givenAt(4), updatedBy: 5, version: 4 });
  });

  it('completes an ordered estimation, and a requote clears an earlier rejection', async () => {
    const accepted = event('EstimationAccepted', { revision: 1, orderNumber: 'ORD-20261102-0001' });
    const [done] = await spec
      .given([requested, quoted, accepted, event('EstimationCompleted', {}, 7)])
      .rows(estimations);
    expect(done).toMatchObject({ state: 'Completed', orderNumber: 'ORD-20261102-0001', updatedBy: 7 });
    const rejected = event('EstimationRejected', { revision: 1, reason: '예산 초과' });
    const again = event(
      'EstimationQuoted',
      {
        revision: 2,
        validUntil: '2026-12-10T00:00:00.000Z',
        lines: [line],
        totals,
        rates,
        designRevision: 4,
      },
      7,
    );
    const [requoted] = await spec.given([requested, quoted, rejected, again]).rows(estimations);
    expect(requoted).toMatchObject({ state: 'Quoted', quoteRevision: 2, rejectReason: null });
  });

  it('applies a repeated request once', async () => {
    const rows = await spec
      .given([requested, event('EstimationRequested', { ...request, note: '다시' })])
      .rows(estimations);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ note: '거실만' });
  });
});
