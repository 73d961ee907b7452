import type { DesignDocument } from './design-document';
import type { BomInfo, EstimateCatalogue, MaterialInfo, ProductInfo } from './estimate-explosion';
import type { Totals } from './estimate-totals';

/**
 * The worked example of docs/estimates.md: one 4 × 3 m room, ceiling 2.4 m, a 900 × 2,100 door,
 * a floor material with a loss of 5 % and a BOM (labour and expense), a wall material with a
 * loss of 10 %, and two sofas. Tests of the engine, the PDF, the editor and the API use it.
 */
export function workedExampleDocument(): DesignDocument {
  const corner = [
    { x: 0, y: 0 },
    { x: 4000, y: 0 },
    { x: 4000, y: 3000 },
    { x: 0, y: 3000 },
  ];
  return {
    version: 1,
    walls: corner.map((a, i) => ({
      id: `w${i + 1}`,
      a,
      b: corner[(i + 1) % corner.length]!,
      thickness: 120,
      height: 2400,
    })),
    openings: [{ id: 'd1', wallId: 'w1', kind: 'Door', offset: 500, width: 900, height: 2100, sill: 0 }],
    rooms: [
      {
        id: 'r1',
        name: '거실',
        polygon: corner,
        ceilingHeight: 2400,
        floorMaterialId: 1,
        wallMaterialId: 2,
      },
    ],
    wallDrawings: [],
    items: [
      { id: 'i1', productId: 1, x: 1000, y: 1000, rotation: 0 },
      { id: 'i2', productId: 1, x: 3000, y: 1000, rotation: 90 },
    ],
  };
}

export const workedExampleMaterials: MaterialInfo[] = [
  {
    id: 1,
    name: '강마루 (예시)',
    spec: '1200×200×7.5T',
    unit: '㎡',
    price: 30_000,
    lossRate: 0.05,
    bomId: 1,
  },
  { id: 2, name: '실크벽지 (예시)', spec: '1060mm×15.6m', unit: '㎡', price: 8_000, lossRate: 0.1 },
];

export const workedExampleProducts: ProductInfo[] = [
  { id: 1, name: '3인용 소파 (예시)', spec: '2100×900×850', unit: 'EA', price: 1_200_000, kind: 'Single' },
];

export const workedExampleBoms: BomInfo[] = [
  {
    id: 1,
    name: '마루 시공 (예시)',
    lines: [
      { trade: '바닥', kind: 'Labour', name: '마루 시공', unit: '㎡', quantity: 'area', unitPrice: 15_000 },
      { trade: '바닥', kind: 'Expense', name: '자재 운반', unit: '식', quantity: '1', unitPrice: 50_000 },
    ],
  },
];

export function workedExampleCatalogue(): EstimateCatalogue {
  return {
    materials: new Map(workedExampleMaterials.map((m) => [m.id, m])),
    products: new Map(workedExampleProducts.map((p) => [p.id, p])),
    workspaces: new Map(),
    boms: new Map(workedExampleBoms.map((b) => [b.id, b])),
    wallDrawings: new Map(),
    constants: { OVERHEAD_RATE: 0.06, PROFIT_RATE: 0.15 },
  };
}

/** The figures the example must give, to the won. */
export const workedExampleTotals: Totals = {
  material: 3_057_040,
  labour: 180_000,
  expense: 50_000,
  direct: 3_287_040,
  overhead: 197_222,
  profit: 64_083,
  rounding: 345,
  supply: 3_548_000,
  vat: 354_800,
  total: 3_902_800,
};
