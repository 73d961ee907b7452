import {
  type BomInfo,
  computeEstimate,
  type DesignDocument,
  type EstimateCatalogue,
  type MaterialInfo,
  type ProductInfo,
  validateDesignDocument,
  type WallDrawingInfo,
  type WorkspaceInfo,
} from '@interior/contracts';
import { type Percentiles, sampleLatency } from './measure';

/**
 * The estimate engine alone (no HTTP, no database): computing the draft of a design of 200 rooms
 * and 2,000 items, as the draft endpoint and the editor's live panel do. The design is a 20 × 10
 * grid of 4 × 3 m rooms with shared walls, a door each, an 아트월 on every tenth room, and ten
 * products in each room; the catalogue has BOMs whose formulas read the base and constants.
 */

const COLUMNS = 20;
const ROWS = 10;
const ROOM_W = 4_000;
const ROOM_H = 3_000;
const ITEMS_PER_ROOM = 10;

export function benchDesign(): DesignDocument {
  const doc: DesignDocument = { version: 1, walls: [], openings: [], rooms: [], wallDrawings: [], items: [] };
  const wall = (id: string, ax: number, ay: number, bx: number, by: number) =>
    doc.walls.push({ id, a: { x: ax, y: ay }, b: { x: bx, y: by }, thickness: 120, height: 2_400 });
  for (let r = 0; r <= ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++)
      wall(`h${r}-${c}`, c * ROOM_W, r * ROOM_H, (c + 1) * ROOM_W, r * ROOM_H);
  }
  for (let c = 0; c <= COLUMNS; c++) {
    for (let r = 0; r < ROWS; r++) wall(`v${c}-${r}`, c * ROOM_W, r * ROOM_H, c * ROOM_W, (r + 1) * ROOM_H);
  }
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      const n = r * COLUMNS + c;
      const x = c * ROOM_W;
      const y = r * ROOM_H;
      doc.rooms.push({
        id: `room${n}`,
        name: `방 ${n + 1}`,
        workspaceId: 1 + (n % 5),
        polygon: [
          { x, y },
          { x: x + ROOM_W, y },
          { x: x + ROOM_W, y: y + ROOM_H },
          { x, y: y + ROOM_H },
        ],
        ceilingHeight: 2_300 + (n % 3) * 50,
        floorMaterialId: 1 + (n % 10),
        wallMaterialId: 11 + (n % 10),
        ceilingMaterialId: 21 + (n % 10),
      });
      doc.openings.push({
        id: `door${n}`,
        wallId: `h${r}-${c}`,
        kind: 'Door',
        productId: n % 4 === 0 ? 41 : null,
        offset: 300,
        width: 900,
        height: 2_100,
        sill: 0,
      });
      if (n % 10 === 0)
        doc.wallDrawings.push({ id: `art${n}`, wallId: `v${c}-${r}`, wallDrawingId: 1, offset: 500 });
      for (let i = 0; i < ITEMS_PER_ROOM; i++) {
        doc.items.push({
          id: `item${n}-${i}`,
          productId: 1 + ((n + i) % 40),
          x: x + 400 + i * 300,
          y: y + 1_500,
          rotation: (i * 90) % 360,
          quantity: i % 3 === 0 ? 2 : null,
        });
      }
    }
  }
  return doc;
}

export function benchCatalogue(): EstimateCatalogue {
  const materials: MaterialInfo[] = Array.from({ length: 31 }, (_, i) => ({
    id: i + 1,
    name: `자재 ${i + 1}`,
    spec: '600×600',
    unit: '㎡',
    price: 5_000 + i * 1_317,
    lossRate: (i % 5) * 0.025,
    bomId: i < 30 ? 1 + (i % 6) : null,
  }));
  const products: ProductInfo[] = Array.from({ length: 41 }, (_, i) => ({
    id: i + 1,
    name: `제품 ${i + 1}`,
    unit: 'EA',
    price: 50_000 + i * 23_456,
    kind: i % 7 === 0 ? 'Set' : 'Single',
    bomId: i % 2 === 0 ? 7 : null,
  }));
  const boms: BomInfo[] = [
    ...Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      name: `시공 ${i + 1}`,
      lines: [
        {
          trade: '목공',
          kind: 'Labour' as const,
          name: '시공',
          unit: '㎡',
          quantity: 'area',
          unitPrice: 12_000 + i * 1_000,
        },
        {
          trade: '기타',
          kind: 'Expense' as const,
          name: '운반',
          unit: '식',
          quantity: '1',
          unitPrice: 30_000,
        },
        {
          trade: '목공',
          kind: 'Material' as const,
          name: '몰딩',
          unit: 'm',
          quantity: 'ceil(perimeter / MOULDING_LENGTH) * MOULDING_LENGTH',
          unitPrice: 3_500,
        },
      ],
    })),
    {
      id: 7,
      name: '제품 설치',
      lines: [
        {
          trade: '가구',
          kind: 'Labour' as const,
          name: '설치',
          unit: 'EA',
          quantity: 'count',
          unitPrice: 40_000,
        },
      ],
    },
    {
      id: 8,
      name: '공간 기본 공사',
      lines: [
        {
          trade: '철거',
          kind: 'Labour' as const,
          name: '철거',
          unit: '㎡',
          quantity: 'area * 1.1',
          unitPrice: 9_000,
        },
        {
          trade: '전기',
          kind: 'Labour' as const,
          name: '배선',
          unit: '식',
          quantity: 'max(1, round(area / 10))',
          unitPrice: 60_000,
        },
      ],
    },
  ];
  const workspaces: WorkspaceInfo[] = Array.from({ length: 5 }, (_, i) => ({
    id: i + 1,
    name: `공간 ${i + 1}`,
    bomId: 8,
  }));
  const wallDrawings: WallDrawingInfo[] = [
    {
      id: 1,
      name: '아트월',
      width: 2_000,
      height: 2_400,
      elements: [
        { materialId: 31, x: 0, y: 0, width: 1_000, height: 2_400 },
        { materialId: 31, x: 1_000, y: 0, width: 1_000, height: 2_400 },
      ],
    },
  ];
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  return {
    materials: byId(materials),
    products: byId(products),
    workspaces: byId(workspaces),
    boms: byId(boms),
    wallDrawings: byId(wallDrawings),
    constants: { OVERHEAD_RATE: 0.06, PROFIT_RATE: 0.15, MOULDING_LENGTH: 2.4 },
  };
}

export interface EstimateEngineResult extends Percentiles {
  rooms: number;
  items: number;
  elements: number;
  lines: number;
  total: number;
  /** one validation of the same document (schema, ids, geometry rules) */
  validate: Percentiles;
}

export async function measureEstimateEngine(quick: boolean): Promise<EstimateEngineResult> {
  const doc = benchDesign();
  const catalogue = benchCatalogue();
  const checked = validateDesignDocument(doc);
  if (!checked.ok) throw new Error(`bench design is invalid: ${JSON.stringify(checked.errors)}`);
  const first = computeEstimate(doc, catalogue);
  if (first.problems.length) throw new Error(`bench catalogue is incomplete: ${first.problems[0]}`);
  const plan = quick ? { warmup: 2, samples: 10 } : { warmup: 5, samples: 60 };
  const timing = await sampleLatency(async () => {
    computeEstimate(doc, catalogue);
  }, plan);
  const validate = await sampleLatency(async () => {
    validateDesignDocument(doc);
  }, plan);
  return {
    ...timing,
    rooms: doc.rooms.length,
    items: doc.items.length,
    elements:
      doc.walls.length + doc.openings.length + doc.rooms.length + doc.wallDrawings.length + doc.items.length,
    lines: first.lines.length,
    total: first.totals.total,
    validate,
  };
}

/** The section as printed after the report. */
export function formatEstimateEngine(r: EstimateEngineResult): string {
  const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
  return [
    `\nEstimate engine: draft of a design of ${r.rooms} rooms and ${r.items.toLocaleString('en-US')} items (${r.elements.toLocaleString('en-US')} elements, ${r.lines} lines, total ${r.total.toLocaleString('en-US')} 원)`,
    `  computeEstimate   samples ${r.samples}  p50 ${ms(r.p50Ms)} ms  p99 ${ms(r.p99Ms)} ms`,
    `  validate document samples ${r.validate.samples}  p50 ${ms(r.validate.p50Ms)} ms  p99 ${ms(r.validate.p99Ms)} ms`,
    '',
  ].join('\n');
}
