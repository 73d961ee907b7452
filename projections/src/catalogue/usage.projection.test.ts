import { type DesignDocument, emptyDesignDocument } from '@interior/contracts';
import type { TestDatabase } from '@interior/platform/testing';
import { openProjectionTestDatabase, projectionSpec } from '../testing/projection-spec';
import { catalogueUsageProjection } from './usage.projection';

let db: TestDatabase;
beforeAll(async () => {
  db = await openProjectionTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const spec = projectionSpec(catalogueUsageProjection, () => db);
const doc = (productIds: number[], floorMaterialId: number | null = null): DesignDocument => ({
  ...emptyDesignDocument(),
  rooms: floorMaterialId
    ? [
        {
          id: 'r1',
          name: '거실',
          polygon: [
            { x: 0, y: 0 },
            { x: 1000, y: 0 },
            { x: 0, y: 1000 },
          ],
          ceilingHeight: 2400,
          floorMaterialId,
        },
      ]
    : [],
  items: productIds.map((productId, i) => ({ id: `i${i}`, productId, x: 0, y: 0, rotation: 0 })),
});
const design = (id: number, type: string, data: Record<string, unknown>) => ({
  stream: ['Design', id] as [string, number],
  type,
  data,
});
const created = (id: number, document: DesignDocument, planId: number | null = null) =>
  design(id, 'DesignCreated', {
    id,
    name: '디자인',
    description: '',
    ownerId: 1,
    folderId: null,
    planId,
    document,
  });
const estimation = (id: number, type: string, data: Record<string, unknown> = {}) => ({
  stream: ['Estimation', id] as [string, number],
  type,
  data,
});
const usageKey = ['refType', 'refId', 'holderType', 'holderId'];

describe('the catalogue usage read model', () => {
  it('keeps what each design’s latest document and plan names, once per record', async () => {
    const rows = await spec
      .given([
        created(1, doc([5, 5, 6], 9), 3),
        design(1, 'DesignDocumentChanged', { revision: 1, document: doc([6], 8), delta: {} }),
        created(2, doc([6])),
        created(4, doc([7])),
        design(4, 'DesignPurged', { automatic: false }),
      ])
      .rows('catalogue_usage', usageKey);
    expect(rows).toEqual([
      { refType: 'Material', refId: 8, holderType: 'Design', holderId: 1 },
      { refType: 'Plan', refId: 3, holderType: 'Design', holderId: 1 },
      { refType: 'Product', refId: 6, holderType: 'Design', holderId: 1 },
      { refType: 'Product', refId: 6, holderType: 'Design', holderId: 2 },
    ]);
  });

  it('holds what a design named when its estimation was requested, until the estimation closes', async () => {
    const events = [
      created(1, doc([5], 9), 3),
      estimation(10, 'EstimationRequested', { designId: 1 }),
      estimation(11, 'EstimationRequested', { designId: 1 }),
      design(1, 'DesignDocumentChanged', { revision: 1, document: doc([]), delta: {} }),
    ];
    const open = await spec.given(events).rows('catalogue_usage', usageKey);
    expect(open.filter((r) => r.holderType === 'Estimation')).toEqual([
      { refType: 'Material', refId: 9, holderType: 'Estimation', holderId: 10 },
      { refType: 'Material', refId: 9, holderType: 'Estimation', holderId: 11 },
      { refType: 'Product', refId: 5, holderType: 'Estimation', holderId: 10 },
      { refType: 'Product', refId: 5, holderType: 'Estimation', holderId: 11 },
    ]);
    for (const closing of [
      'EstimationRejected',
      'EstimationCancelled',
      'EstimationExpired',
      'EstimationCompleted',
    ]) {
      const rows = await spec
        .given([...events, estimation(10, closing), estimation(11, 'EstimationAccepted')])
        .rows('catalogue_usage', usageKey);
      expect([closing, rows.filter((r) => r.holderType === 'Estimation').map((r) => r.holderId)]).toEqual([
        closing,
        [11, 11],
      ]);
    }
  });
});
