import type { DesignDocument } from './design-document';
import { computeEstimate } from './estimate';
import { workedExampleCatalogue, workedExampleDocument, workedExampleTotals } from './estimate-example';
import { type EstimateCatalogue, explodeDesign } from './estimate-explosion';
import { groupByTrade, type Line, lineAmount, priceLines } from './estimate-lines';
import { totalsOf } from './estimate-totals';

const square = (size: number, x0 = 0) => [
  { x: x0, y: 0 },
  { x: x0 + size, y: 0 },
  { x: x0 + size, y: size },
  { x: x0, y: size },
];

const wallsOf = (polygon: { x: number; y: number }[], prefix: string) =>
  polygon.map((a, i) => ({
    id: `${prefix}${i}`,
    a,
    b: polygon[(i + 1) % polygon.length]!,
    thickness: 120,
    height: 2400,
  }));

const emptyDoc = (): DesignDocument => ({
  version: 1,
  walls: [],
  openings: [],
  rooms: [],
  wallDrawings: [],
  items: [],
});

const find = (lines: Line[], pred: Partial<Line>) =>
  lines.filter((l) => Object.entries(pred).every(([k, v]) => l[k as keyof Line] === v));

describe('the worked example', () => {
  const estimate = computeEstimate(workedExampleDocument(), workedExampleCatalogue());

  test('gives exactly its totals', () => {
    expect(estimate.totals).toEqual(workedExampleTotals);
    expect(estimate.problems).toEqual([]);
  });

  test('gives exactly its lines', () => {
    const summary = estimate.lines.map((l) => [
      l.trade,
      l.kind,
      l.name,
      l.unit,
      l.quantity,
      l.unitPrice,
      l.amount,
    ]);
    expect(summary).toEqual([
      ['바닥', 'Material', '강마루 (예시)', '㎡', 12.6, 30_000, 378_000],
      ['바닥', 'Labour', '마루 시공', '㎡', 12, 15_000, 180_000],
      ['바닥', 'Expense', '자재 운반', '식', 1, 50_000, 50_000],
      ['벽체', 'Material', '실크벽지 (예시)', '㎡', 34.88, 8_000, 279_040],
      ['가구·제품', 'Material', '3인용 소파 (예시)', 'EA', 2, 1_200_000, 2_400_000],
    ]);
  });

  test('every line says where it came from', () => {
    const [floor, labour, , wall, sofa] = estimate.lines;
    expect(floor!.sources).toEqual([
      expect.objectContaining({
        origin: 'room',
        elementIds: ['r1'],
        quantity: '12.6',
        lossRate: '0.05',
        explanation: '거실 바닥 12 ㎡ × (1 + 0.05)',
      }),
    ]);
    expect(labour!.sources![0]).toMatchObject({
      recipe: { bomId: 1, line: 1, formula: 'area' },
      base: { area: '12', perimeter: '14', height: '2.4', count: '1' },
      quantity: '12',
    });
    expect(wall!.sources![0]!.explanation).toBe(
      '거실 벽 31.71 ㎡ (둘레 14 m × 높이 2.4 m − 개구부 1.89 ㎡) × (1 + 0.1)',
    );
    expect(wall!.sources![0]!.quantity).toBe('34.881');
    expect(sofa!.sources![0]).toMatchObject({ origin: 'item', elementIds: ['i1', 'i2'], quantity: '2' });
  });
});

describe('merging', () => {
  const catalogue = workedExampleCatalogue();
  const twoRooms = (): DesignDocument => {
    const doc = emptyDoc();
    doc.rooms = [
      { id: 'a', name: '침실1', polygon: square(3000), ceilingHeight: 2400, floorMaterialId: 1 },
      { id: 'b', name: '침실2', polygon: square(2000, 5000), ceilingHeight: 2400, floorMaterialId: 1 },
    ];
    return doc;
  };

  test.each([
    [
      'same material in two rooms → one line, quantities summed',
      { trade: '바닥', kind: 'Material' },
      1,
      13.65,
    ],
    ['the BOM labour of both rooms → one line', { kind: 'Labour' }, 1, 13],
    ['the BOM expense `1` per room → one line of 2', { kind: 'Expense' }, 1, 2],
  ])('%s', (_, pred, count, quantity) => {
    const { lines } = explodeDesign(twoRooms(), catalogue);
    const matching = find(lines, pred as Partial<Line>);
    expect(matching).toHaveLength(count);
    expect(matching[0]!.quantity).toBe(quantity);
    expect(matching[0]!.sources).toHaveLength(2);
  });

  test('the same material as floor and ceiling stays two lines (different trades)', () => {
    const doc = twoRooms();
    doc.rooms[0]!.ceilingMaterialId = 1;
    const lines = find(explodeDesign(doc, catalogue).lines, { refType: 'Material', refId: 1 });
    expect(lines.map((l) => [l.trade, l.quantity])).toEqual([
      ['바닥', 13.65],
      ['천장', 9.45],
    ]);
  });

  test('BOM lines with a different unit price are not merged', () => {
    const cat = workedExampleCatalogue();
    (cat.boms as Map<number, unknown>).set(2, {
      id: 2,
      name: '다른 시공',
      lines: [
        { trade: '바닥', kind: 'Labour', name: '마루 시공', unit: '㎡', quantity: 'area', unitPrice: 16_000 },
      ],
    });
    (cat.materials as Map<number, unknown>).set(3, {
      id: 3,
      name: '강마루 B',
      unit: '㎡',
      price: 30_000,
      lossRate: 0,
      bomId: 2,
    });
    const doc = twoRooms();
    doc.rooms[1]!.floorMaterialId = 3;
    const labour = find(explodeDesign(doc, cat).lines, { kind: 'Labour' });
    expect(labour.map((l) => [l.unitPrice, l.quantity])).toEqual([
      [15_000, 9],
      [16_000, 4],
    ]);
  });

  test('a material saved without a loss rate has no loss (not an error)', () => {
    const cat = workedExampleCatalogue();
    (cat.materials as Map<number, unknown>).set(3, {
      id: 3,
      name: '강마루 C',
      unit: '㎡',
      price: 30_000,
      lossRate: null,
    });
    const doc = twoRooms();
    doc.rooms[1]!.floorMaterialId = 3;
    const line = find(explodeDesign(doc, cat).lines, { kind: 'Material' }).find((l) => l.name === '강마루 C');
    expect(line?.quantity).toBe(4);
  });

  test('free BOM lines of different names at the same price are not merged', () => {
    const cat = workedExampleCatalogue();
    (cat.boms as Map<number, unknown>).set(1, {
      id: 1,
      name: '시공',
      lines: [
        { trade: '바닥', kind: 'Labour', name: '바탕 정리', unit: '㎡', quantity: 'area', unitPrice: 5_000 },
        {
          trade: '바닥',
          kind: 'Labour',
          name: '걸레받이',
          unit: 'm',
          quantity: 'perimeter',
          unitPrice: 5_000,
        },
      ],
    });
    const labour = find(explodeDesign(twoRooms(), cat).lines, { kind: 'Labour' });
    expect(labour.map((l) => [l.name, l.quantity])).toEqual([
      ['바탕 정리', 13],
      ['걸레받이', 20],
    ]);
  });
});

describe('rounding', () => {
  test.each([
    // quantity, unit price, amount: quantity rounded half-up to 2 decimals, amount floored
    [34.881, 8_000, 279_040],
    [1.005, 1_000, 1_010],
    [1.004999, 1_000, 1_000],
    [2.675, 3, 8], // 2.68 × 3 = 8.04 → 8 (2.675 is 2.67499… as a double: we round the decimal text)
    [0.125, 333, 43], // 0.13 × 333 = 43.29
    ['12.345', 1_001, 12_362], // 12.35 × 1,001 = 12,362.35
    [-1.005, 100, -101],
  ])('quantity %p × %p → %p won', (quantity, unitPrice, amount) => {
    expect(lineAmount(quantity, unitPrice)).toBe(amount);
  });

  test('an odd loss rate is exact: 0.1 + 0.2 kind of drift never appears', () => {
    const cat = workedExampleCatalogue();
    (cat.materials as Map<number, unknown>).set(1, {
      id: 1,
      name: 'M',
      unit: '㎡',
      price: 10,
      lossRate: '0.07',
    });
    const doc = emptyDoc();
    // 1,500 × 1,500 mm = 2.25 ㎡ × 1.07 = 2.4075 → 2.41
    doc.rooms = [{ id: 'r', name: '방', polygon: square(1500), ceilingHeight: 2400, floorMaterialId: 1 }];
    const [line] = explodeDesign(doc, cat).lines;
    expect(line!.quantity).toBe(2.41);
    expect(line!.sources![0]!.quantity).toBe('2.4075');
    expect(line!.amount).toBe(24);
  });
});

describe('totals', () => {
  test.each([
    [
      'the worked example from its lines',
      [
        { kind: 'Material', quantity: 12.6, unitPrice: 30_000 },
        { kind: 'Material', quantity: 34.88, unitPrice: 8_000 },
        { kind: 'Material', quantity: 2, unitPrice: 1_200_000 },
        { kind: 'Labour', quantity: 12, unitPrice: 15_000 },
        { kind: 'Expense', quantity: 1, unitPrice: 50_000 },
      ],
      workedExampleTotals,
    ],
    [
      'a sum that is already a whole thousand has no 단수정리',
      [{ kind: 'Labour', quantity: 1, unitPrice: 100_000 }],
      // G = 6,000; P = ⌊106,000 × 0.15⌋ = 15,900; D+G+P = 121,900 → 900 cut
      {
        material: 0,
        labour: 100_000,
        expense: 0,
        direct: 100_000,
        overhead: 6_000,
        profit: 15_900,
        rounding: 900,
        supply: 121_000,
        vat: 12_100,
        total: 133_100,
      },
    ],
    [
      'nothing',
      [],
      {
        material: 0,
        labour: 0,
        expense: 0,
        direct: 0,
        overhead: 0,
        profit: 0,
        rounding: 0,
        supply: 0,
        vat: 0,
        total: 0,
      },
    ],
  ] as const)('%s', (_, lines, totals) => {
    expect(totalsOf(lines, { OVERHEAD_RATE: '0.06', PROFIT_RATE: 0.15 })).toEqual(totals);
  });

  test('a draft whose quantity and price were edited and a free line added', () => {
    const { lines } = computeEstimate(workedExampleDocument(), workedExampleCatalogue());
    const edited = lines.map((l) => (l.kind === 'Labour' ? { ...l, unitPrice: 20_000 } : l));
    edited.push({
      trade: '기타',
      kind: 'Expense',
      refType: null,
      refId: null,
      name: '폐기물 처리',
      spec: '',
      unit: '식',
      quantity: 1,
      unitPrice: 150_000,
      amount: 0, // a stale amount is recomputed
    });
    const totals = totalsOf(edited, { OVERHEAD_RATE: 0.06, PROFIT_RATE: 0.15 });
    // L 240,000, E 200,000, M 3,057,040 → D 3,497,040, G 209,822, P ⌊649,822 × 0.15⌋ = 97,473
    expect(totals).toEqual({
      material: 3_057_040,
      labour: 240_000,
      expense: 200_000,
      direct: 3_497_040,
      overhead: 209_822,
      profit: 97_473,
      rounding: 335,
      supply: 3_804_000,
      vat: 380_400,
      total: 4_184_400,
    });
    expect(priceLines(edited).at(-1)!.amount).toBe(150_000);
  });

  test('other rates apply when the user overrides them', () => {
    const { lines } = explodeDesign(workedExampleDocument(), workedExampleCatalogue());
    const totals = totalsOf(lines, { OVERHEAD_RATE: '0.05', PROFIT_RATE: '0.1' });
    expect(totals.overhead).toBe(164_352); // ⌊3,287,040 × 0.05⌋
    expect(totals.profit).toBe(39_435); // ⌊(230,000 + 164,352) × 0.1⌋ = ⌊39,435.2⌋
  });
});

describe('formulas with constants', () => {
  test.each([
    ['ceil(perimeter / BOARD_LENGTH)', 5], // 14 / 3 = 4.67 → 5
    ['area * WASTE_FACTOR', 13.2],
    ['max(1, round(area / 5))', 2],
    ['(perimeter - 0.9) * height', 31.44],
  ])('%s → %p', (formula, quantity) => {
    const cat = workedExampleCatalogue();
    (cat.boms as Map<number, unknown>).set(1, {
      id: 1,
      name: 'R',
      lines: [
        { trade: '목공', kind: 'Labour', name: '시공', unit: 'EA', quantity: formula, unitPrice: 1_000 },
      ],
    });
    const constants = { ...cat.constants, BOARD_LENGTH: 3, WASTE_FACTOR: '1.1' };
    const { lines, problems } = explodeDesign(workedExampleDocument(), { ...cat, constants });
    expect(problems).toEqual([]);
    const [line] = find(lines, { kind: 'Labour' });
    expect(line!.quantity).toBe(quantity);
    expect(line!.sources![0]!.recipe!.formula).toBe(formula);
  });

  test('a formula that fails is reported, not priced', () => {
    const cat = workedExampleCatalogue();
    (cat.boms as Map<number, unknown>).set(1, {
      id: 1,
      name: 'R',
      lines: [
        { trade: '목공', kind: 'Labour', name: '시공', unit: 'EA', quantity: 'area / MISSING', unitPrice: 1 },
      ],
    });
    const { lines, problems } = explodeDesign(workedExampleDocument(), cat);
    expect(find(lines, { kind: 'Labour' })).toHaveLength(0);
    expect(problems).toEqual(["거실 바닥: BOM 'R' 1행: 수식에 알 수 없는 이름이 있습니다: MISSING"]);
  });
});

describe('products', () => {
  const catalogue = (): EstimateCatalogue => {
    const cat = workedExampleCatalogue();
    const products = cat.products as Map<number, unknown>;
    products.set(10, {
      id: 10,
      name: '욕실 세트',
      unit: 'SET',
      price: 2_500_000,
      kind: 'Set',
      bomId: 10,
      components: [{ productId: 11, quantity: 1 }],
    });
    products.set(11, { id: 11, name: '세면대', unit: 'EA', price: 300_000, kind: 'Single' });
    products.set(12, { id: 12, name: '방문', unit: 'EA', price: 250_000, kind: 'Single' });
    (cat.boms as Map<number, unknown>).set(10, {
      id: 10,
      name: '세트 설치',
      lines: [
        {
          trade: '설비',
          kind: 'Labour',
          name: '설치',
          unit: '식',
          quantity: 'count * 2',
          unitPrice: 100_000,
        },
      ],
    });
    return cat;
  };

  test('a Set counts as itself (its price and BOM), not as its parts', () => {
    const doc = emptyDoc();
    doc.items = [
      { id: 's1', productId: 10, x: 0, y: 0, rotation: 0, quantity: 2 },
      { id: 's2', productId: 10, x: 0, y: 0, rotation: 0 },
    ];
    const { lines } = explodeDesign(doc, catalogue());
    expect(lines.map((l) => [l.name, l.quantity, l.amount])).toEqual([
      ['설치', 6, 600_000],
      ['욕실 세트', 3, 7_500_000],
    ]);
  });

  test('a door naming a product counts once per opening', () => {
    const doc = emptyDoc();
    doc.walls = wallsOf(square(3000), 'w');
    doc.openings = [
      { id: 'o1', wallId: 'w0', kind: 'Door', productId: 12, offset: 0, width: 900, height: 2100, sill: 0 },
      { id: 'o2', wallId: 'w1', kind: 'Door', productId: 12, offset: 0, width: 900, height: 2100, sill: 0 },
    ];
    const [door] = explodeDesign(doc, catalogue()).lines;
    expect([door!.name, door!.quantity, door!.sources![0]!.elementIds]).toEqual(['방문', 2, ['o1', 'o2']]);
  });

  test('an unknown product is a problem, not a crash', () => {
    const doc = emptyDoc();
    doc.items = [{ id: 'x', productId: 999, x: 0, y: 0, rotation: 0 }];
    expect(explodeDesign(doc, catalogue()).problems).toEqual(['제품 #999을(를) 찾을 수 없습니다.']);
  });
});

describe('wall area: openings and wall drawings are subtracted', () => {
  const catalogue = (): EstimateCatalogue => ({
    ...workedExampleCatalogue(),
    wallDrawings: {
      '7': {
        id: 7,
        name: '아트월',
        width: 2000,
        height: 2400,
        elements: [
          { materialId: 5, x: 0, y: 0, width: 1000, height: 2400 },
          { materialId: 5, x: 1000, y: 0, width: 1000, height: 2400 },
        ],
      },
    },
    materials: {
      '2': { id: 2, name: '벽지', unit: '㎡', price: 10_000, lossRate: 0 },
      '5': { id: 5, name: '대리석 타일', unit: '㎡', price: 50_000, lossRate: 0.1 },
    },
  });
  const room = (): DesignDocument => {
    const doc = emptyDoc();
    doc.walls = wallsOf(square(4000), 'w');
    doc.rooms = [{ id: 'r', name: '거실', polygon: square(4000), ceilingHeight: 2500, wallMaterialId: 2 }];
    return doc;
  };

  test.each([
    ['no openings: 16 m × 2.5 m', (_: DesignDocument) => {}, 40],
    [
      'a door and a window',
      (d: DesignDocument) => {
        d.openings = [
          { id: 'd', wallId: 'w0', kind: 'Door', offset: 100, width: 900, height: 2100, sill: 0 },
          { id: 'n', wallId: 'w2', kind: 'Window', offset: 500, width: 1500, height: 1200, sill: 900 },
        ];
      },
      40 - 1.89 - 1.8,
    ],
    [
      'an opening on a wall of another room does not count',
      (d: DesignDocument) => {
        d.walls.push({
          id: 'far',
          a: { x: 9000, y: 0 },
          b: { x: 12000, y: 0 },
          thickness: 120,
          height: 2400,
        });
        d.openings = [{ id: 'd', wallId: 'far', kind: 'Door', offset: 0, width: 900, height: 2100, sill: 0 }];
      },
      40,
    ],
    [
      'a wall drawing (its elements, 2 × 1 m × 2.4 m)',
      (d: DesignDocument) => {
        d.wallDrawings = [{ id: 'art', wallId: 'w3', wallDrawingId: 7, offset: 1000 }];
      },
      35.2,
    ],
  ])('%s', (_, edit, area) => {
    const doc = room();
    edit(doc);
    const { lines, problems } = explodeDesign(doc, catalogue());
    expect(problems).toEqual([]);
    const [wallpaper] = find(lines, { refId: 2 });
    expect(wallpaper!.quantity).toBeCloseTo(area, 10);
    expect(wallpaper!.amount).toBe(Math.round(area * 10_000));
  });

  test('the wall drawing elements are priced as wall material on their own area', () => {
    const doc = room();
    doc.wallDrawings = [{ id: 'art', wallId: 'w3', wallDrawingId: 7, offset: 1000 }];
    const [tile] = find(explodeDesign(doc, catalogue()).lines, { refId: 5 });
    // 2 × 2.4 ㎡ × 1.1 = 5.28
    expect([tile!.trade, tile!.quantity, tile!.amount]).toEqual(['벽체', 5.28, 264_000]);
    expect(tile!.sources!.map((s) => s.explanation)).toEqual([
      '아트월 요소 1 1 m × 2.4 m = 2.4 ㎡ × (1 + 0.1)',
      '아트월 요소 2 1 m × 2.4 m = 2.4 ㎡ × (1 + 0.1)',
    ]);
  });
});

describe('space types', () => {
  test("a room's space type BOM is evaluated on the room", () => {
    const cat = workedExampleCatalogue();
    (cat.workspaces as Map<number, unknown>).set(3, { id: 3, name: '욕실', bomId: 30 });
    (cat.boms as Map<number, unknown>).set(30, {
      id: 30,
      name: '욕실 방수',
      lines: [
        {
          trade: '설비',
          kind: 'Labour',
          name: '방수',
          unit: '㎡',
          quantity: 'area + perimeter * 0.3',
          unitPrice: 20_000,
        },
      ],
    });
    const doc = emptyDoc();
    doc.rooms = [{ id: 'b', name: '욕실1', workspaceId: 3, polygon: square(2000), ceilingHeight: 2300 }];
    const { lines } = explodeDesign(doc, cat);
    // 4 ㎡ + 8 m × 0.3 = 6.4
    expect(lines.map((l) => [l.trade, l.name, l.quantity, l.amount])).toEqual([
      ['설비', '방수', 6.4, 128_000],
    ]);
    expect(lines[0]!.sources![0]!.label).toBe('욕실1 (욕실)');
  });
});

describe('groupByTrade', () => {
  test('groups in 견적서 order with subtotals', () => {
    const { lines } = computeEstimate(workedExampleDocument(), workedExampleCatalogue());
    expect(groupByTrade(lines).map((g) => [g.trade, g.lines.length, g.subtotal])).toEqual([
      ['바닥', 3, 608_000],
      ['벽체', 1, 279_040],
      ['가구·제품', 1, 2_400_000],
    ]);
  });
});

describe('explanations of inexact figures', () => {
  test('a diagonal wall: exact quantity, explanation to 4 decimals', () => {
    const doc = emptyDoc();
    doc.rooms = [
      {
        id: 'r',
        name: '다각형 방',
        polygon: [
          { x: 0, y: 0 },
          { x: 3000, y: 0 },
          { x: 3000, y: 2000 },
          { x: 1000, y: 3000 },
        ],
        ceilingHeight: 2400,
        wallMaterialId: 2,
      },
    ];
    const [wall] = explodeDesign(doc, workedExampleCatalogue()).lines;
    // perimeter 3 + 2 + √5 + √10 m = 10.3983… m; × 2.4 = 24.9560… ㎡; × 1.1 = 27.4516… → 27.45
    expect(wall!.quantity).toBe(27.45);
    expect(wall!.sources![0]!.base.perimeter).toMatch(/^10\.398\d{30,}$/);
    expect(wall!.sources![0]!.explanation).toBe(
      '다각형 방 벽 ≈24.956 ㎡ (둘레 ≈10.3983 m × 높이 2.4 m) × (1 + 0.1)',
    );
  });
});
