import { type DesignDocument, designAnalysisReadModels, emptyDesignDocument } from '@interior/contracts';
import { type GivenEvent, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { designAnalysisProjection } from './analysis.projection';

const db = projectionTestDatabase();

const spec = projectionSpec(designAnalysisProjection, db);
const { days, designerWeeks, plans, products, estimations } = designAnalysisReadModels;

/** A document placing these products (id → quantity). */
function placing(placed: Record<number, number>): DesignDocument {
  return {
    ...emptyDesignDocument(),
    items: Object.entries(placed).map(([productId, quantity], i) => ({
      id: `item${i}`,
      productId: Number(productId),
      x: 0,
      y: 0,
      rotation: 0,
      quantity,
    })),
  };
}

const design = (
  id: number,
  planId: number | null,
  at: string,
  actorId = 1,
  document = emptyDesignDocument(),
) =>
  ({
    stream: ['Design', id],
    type: 'DesignCreated',
    actorId,
    occurredAt: at,
    data: { id, name: `디자인 ${id}`, description: '', ownerId: actorId, folderId: null, planId, document },
  }) satisfies GivenEvent;
const saved = (id: number, document: DesignDocument, at: string, actorId = 1): GivenEvent => ({
  stream: ['Design', id],
  type: 'DesignDocumentChanged',
  actorId,
  occurredAt: at,
  data: { revision: 1, document, delta: { rooms: [], items: [] } },
});
const estimation = (type: string, id: number): GivenEvent => ({ stream: ['Estimation', id], type, data: {} });

describe('the design analysis read model', () => {
  it('counts designs per Korean calendar day, each creation once, and keeps the plan each started from', async () => {
    const events = [
      design(1, 7, '2026-11-01T14:00:00.000Z'), // 23:00 in Korea, 1 November
      design(2, null, '2026-11-01T15:30:00.000Z'), // 00:30 in Korea, 2 November
      {
        ...design(3, 7, '2026-11-02T01:00:00.000Z'),
        type: 'DesignCopied',
        data: { ...design(3, 7, '').data, sourceId: 1 },
      },
      // The same creation applied again is not counted twice.
      design(1, 7, '2026-11-01T14:00:00.000Z'),
    ];
    expect(await spec.given(events).rows(days, 'day')).toEqual([
      { day: new Date(Date.UTC(2026, 10, 1)), created: 1 },
      { day: new Date(Date.UTC(2026, 10, 2)), created: 2 },
    ]);
    expect(await spec.given(events).rows(plans, 'designId')).toEqual([
      { designId: 1, planId: 7 },
      { designId: 2, planId: null },
      { designId: 3, planId: 7 },
    ]);
  });

  it('keeps who worked on a design in each Korean week, once per person and week', async () => {
    const rows = await spec
      .given([
        design(1, null, '2026-11-01T10:00:00.000Z', 5), // Sunday: the week of Monday 26 October
        saved(1, emptyDesignDocument(), '2026-11-02T10:00:00.000Z', 5), // Monday 2 November
        {
          stream: ['Design', 1],
          type: 'DesignRenamed',
          actorId: 6,
          occurredAt: '2026-11-03T10:00:00.000Z',
          data: { name: '새 이름' },
        },
        saved(1, emptyDesignDocument(), '2026-11-04T10:00:00.000Z', 5),
      ])
      .rows(designerWeeks, 'userId');
    expect(rows).toEqual([
      { week: new Date(Date.UTC(2026, 9, 26)), userId: 5 },
      { week: new Date(Date.UTC(2026, 10, 2)), userId: 5 },
      { week: new Date(Date.UTC(2026, 10, 2)), userId: 6 },
    ]);
  });

  it("counts the products a design's latest document places, and none once it is purged", async () => {
    const rows = await spec
      .given([
        design(1, null, '2026-11-01T10:00:00.000Z', 1, placing({ 10: 2 })),
        design(2, null, '2026-11-01T10:00:00.000Z', 1, placing({ 10: 1, 11: 3 })),
        saved(1, placing({ 11: 4, 12: 1 }), '2026-11-02T10:00:00.000Z'),
        design(3, null, '2026-11-01T10:00:00.000Z', 1, placing({ 12: 9 })),
        { stream: ['Design', 3], type: 'DesignPurged', data: { automatic: false } },
      ])
      .rows(products, ['designId', 'productId']);
    expect(rows).toEqual([
      { designId: 1, productId: 11, count: 4 },
      { designId: 1, productId: 12, count: 1 },
      { designId: 2, productId: 10, count: 1 },
      { designId: 2, productId: 11, count: 3 },
    ]);
  });

  it('marks each stage an estimation reached, only for estimations requested before', async () => {
    const rows = await spec
      .given([
        estimation('EstimationRequested', 1),
        estimation('EstimationQuoted', 1),
        estimation('EstimationAccepted', 1),
        estimation('EstimationRequested', 2),
        // A stage of an estimation not requested yet changes nothing; its request starts it afresh.
        estimation('EstimationQuoted', 3),
        estimation('EstimationRequested', 3),
        // Requested again: what it reached stays.
        estimation('EstimationRequested', 1),
      ])
      .rows(estimations, 'estimationId');
    expect(rows).toEqual([
      { estimationId: 1, quoted: true, ordered: true, completed: false },
      { estimationId: 2, quoted: false, ordered: false, completed: false },
      { estimationId: 3, quoted: false, ordered: false, completed: false },
    ]);
  });
});
