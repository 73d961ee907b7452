import fc from 'fast-check';
import type { DesignDocument } from './design-document';
import { computeEstimate, computePackedEstimate } from './estimate';
import { workedExampleCatalogue, workedExampleDocument } from './estimate-example';
import type { BomInfo, EstimateCatalogue, MaterialInfo, ProductInfo } from './estimate-explosion';
import { totalsOf } from './estimate-totals';
import { packSources } from './packed-sources';
import { explodeDesignBefore } from './testing/explosion-before';

/**
 * The explosion writes its sources packed as it goes; what it gives must be, to the byte, what the
 * explosion that built every source as an object gave: the same lines, totals and problems, the
 * same sources read out, and the same packed table as packing those objects wrote.
 */

/** What the engine gave before, in the shapes the draft's event and the screens carry. */
function before(doc: DesignDocument, catalogue: EstimateCatalogue) {
  const { lines, problems } = explodeDesignBefore(doc, catalogue);
  const ids = lines.map((line, i) => ({ ...line, id: `L${i + 1}` }));
  return {
    estimate: { lines, totals: totalsOf(lines, catalogue.constants), problems },
    packed: packSources(ids),
  };
}

function expectSameAsBefore(doc: DesignDocument, catalogue: EstimateCatalogue) {
  const old = before(doc, catalogue);
  expect(JSON.stringify(computeEstimate(doc, catalogue))).toBe(JSON.stringify(old.estimate));
  const packed = computePackedEstimate(doc, catalogue);
  const withoutSources = old.estimate.lines.map(({ sources: _sources, ...line }) => line);
  expect(JSON.stringify(packed.lines)).toBe(JSON.stringify(withoutSources));
  expect(packed.totals).toEqual(old.estimate.totals);
  expect(packed.problems).toEqual(old.estimate.problems);
  const byId = Object.fromEntries(packed.sources.lines.map((sources, i) => [`L${i + 1}`, sources]));
  expect(JSON.stringify({ strings: packed.sources.strings, lines: byId })).toBe(JSON.stringify(old.packed));
}

test('the worked example explodes as before, to the byte', () => {
  expectSameAsBefore(workedExampleDocument(), workedExampleCatalogue());
});

// Formulas that evaluate, round, use constants, fail (an unknown name, a division by zero) or
// give long decimals (shown as ≈ in explanations).
const formulas = [
  'area',
  '1',
  'perimeter * height / 3',
  'ceil(area / 1.62)',
  'count * 2',
  'round(area * 1.1, 1)',
  'area * OVERHEAD_RATE',
  'UNKNOWN_NAME',
  '1 / 0',
  'max(area, 3) + min(perimeter, 2)',
  // rounding edges of the exact arithmetic: ties at the line's 2 decimals, negatives, mantissas
  // past 2^53 and scales past 15 (done in decimal.js), quotients that do not terminate
  'area * 1.005',
  '-perimeter + 1',
  'round(area * 0.125, 2) - 0.005',
  'count * 999999.995',
  'area * 123456789.0123',
  '1e14 + area / 7',
  'floor(-area / 4) + ceil(height * -1.5)',
  '0.0000001 * area',
  'round(-2.5) + round(perimeter, 3)',
  'round(-area / 0.7) + floor(count / -3)',
];

const rectangle = (x: number, y: number, w: number, h: number) => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

const catalogueAndDesign = fc
  .record({
    losses: fc.array(fc.constantFrom(0, 0.05, 0.1, 0.125, 0.5, 0.333, '0.0375', null), {
      minLength: 4,
      maxLength: 4,
    }),
    prices: fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 4, maxLength: 4 }),
    bomLines: fc.array(
      fc.record({
        formula: fc.constantFrom(...formulas),
        kind: fc.constantFrom('Material' as const, 'Labour' as const, 'Expense' as const),
        trade: fc.constantFrom('바닥', '도배', '목공', '기타'),
        ref: fc.constantFrom(null, 1, 2, 9),
        unitPrice: fc.option(fc.integer({ min: 0, max: 100_000 })),
      }),
      { maxLength: 6 },
    ),
    rooms: fc.array(
      fc.record({
        w: fc.integer({ min: 500, max: 9_000 }),
        h: fc.integer({ min: 500, max: 9_000 }),
        ceiling: fc.integer({ min: 2_000, max: 3_333 }),
        floor: fc.constantFrom(null, 1, 2, 3, 9),
        wall: fc.constantFrom(null, 1, 2, 3),
        ceilingMaterial: fc.constantFrom(null, 2, 3),
        workspace: fc.constantFrom(null, 1, 2),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    items: fc.array(
      fc.record({ product: fc.constantFrom(1, 2, 9), quantity: fc.option(fc.integer({ min: 1, max: 7 })) }),
      { maxLength: 8 },
    ),
    constants: fc.record({
      OVERHEAD_RATE: fc.constantFrom(0.06, 0.055, '0.07', '6e-2'),
      PROFIT_RATE: fc.constantFrom(0.15, 0.1),
    }),
  })
  .map(({ losses, prices, bomLines, rooms, items, constants }) => {
    const materials: MaterialInfo[] = [1, 2, 3].map((id) => ({
      id,
      name: `자재 ${id}`,
      spec: id === 2 ? null : `${id}00×${id}00`,
      unit: id === 3 ? 'm' : '㎡',
      price: prices[id]!,
      lossRate: losses[id],
      bomId: id === 1 ? 1 : null,
    }));
    const products: ProductInfo[] = [
      { id: 1, name: '소파', unit: 'EA', price: prices[0]!, kind: 'Single', bomId: 2 },
      { id: 2, name: '수납 세트', unit: 'SET', price: prices[1]!, kind: 'Set' },
    ];
    const lines = bomLines.map((line) => ({
      trade: line.trade,
      kind: line.kind,
      refType: line.ref === null ? null : line.ref === 2 ? ('Product' as const) : ('Material' as const),
      refId: line.ref,
      name: line.ref === null ? `${line.trade} 작업` : null,
      unit: line.ref === null ? '식' : null,
      quantity: line.formula,
      unitPrice: line.unitPrice,
    }));
    const boms: BomInfo[] = [
      { id: 1, name: '시공', lines },
      { id: 2, name: '설치', lines: lines.slice().reverse() },
      { id: 3, name: '공간', lines: lines.slice(1) },
    ];
    const catalogue: EstimateCatalogue = {
      materials: new Map(materials.map((m) => [m.id, m])),
      products: new Map(products.map((p) => [p.id, p])),
      workspaces: new Map([[1, { id: 1, name: '욕실', bomId: 3 }]]),
      boms: new Map(boms.map((b) => [b.id, b])),
      wallDrawings: new Map(),
      constants,
    };
    const doc: DesignDocument = {
      version: 1,
      walls: [],
      openings: [],
      rooms: rooms.map((r, i) => ({
        id: `r${i + 1}`,
        name: `방 ${i + 1}`,
        polygon: rectangle(i * 10_000, 0, r.w, r.h),
        ceilingHeight: r.ceiling,
        floorMaterialId: r.floor,
        wallMaterialId: r.wall,
        ceilingMaterialId: r.ceilingMaterial,
        workspaceId: r.workspace,
      })),
      wallDrawings: [],
      items: items.map((item, i) => ({
        id: `i${i + 1}`,
        productId: item.product,
        x: 100,
        y: 100,
        rotation: 0,
        ...(item.quantity === null ? {} : { quantity: item.quantity }),
      })),
    };
    return { doc, catalogue };
  });

test('any design explodes as before, to the byte', () => {
  fc.assert(
    fc.property(catalogueAndDesign, ({ doc, catalogue }) => expectSameAsBefore(doc, catalogue)),
    { numRuns: 200 },
  );
});
