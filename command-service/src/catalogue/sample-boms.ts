/**
 * The sample catalogue's BOMs (시공 recipes over its materials, by code) and the workspaces that
 * finish a room with its materials and one of those BOMs; the rest of the sample is in sample-data.ts.
 */

/** A recipe line in the sample BOMs: a material of the sample by its code, or labour/expense. */
export interface SampleBomLine {
  trade: string;
  kind: 'Material' | 'Labour' | 'Expense';
  material?: string;
  name: string;
  spec?: string;
  unit: string;
  quantity: string;
  unitPrice?: number;
}

export const sampleBoms: { name: string; description: string; lines: SampleBomLine[] }[] = [
  {
    name: '강마루 시공 예시',
    description: '기존 바닥 철거 후 강마루 접착 시공 (면적 기준)',
    lines: [
      {
        trade: '철거',
        kind: 'Labour',
        name: '기존 바닥재 철거',
        unit: '㎡',
        quantity: 'area',
        unitPrice: 8_000,
      },
      {
        trade: '바닥',
        kind: 'Material',
        material: 'EX-FLR-01',
        name: '강마루',
        unit: '㎡',
        quantity: 'ceil(area * 1.05)',
      },
      {
        trade: '바닥',
        kind: 'Material',
        name: '마루 접착제',
        unit: '㎡',
        quantity: 'area',
        unitPrice: 3_500,
      },
      { trade: '바닥', kind: 'Labour', name: '강마루 시공', unit: '㎡', quantity: 'area', unitPrice: 22_000 },
      {
        trade: '바닥',
        kind: 'Material',
        material: 'EX-MLD-02',
        name: '걸레받이',
        unit: 'm',
        quantity: 'ceil(perimeter * 1.1)',
      },
      { trade: '기타', kind: 'Expense', name: '폐기물 처리', unit: '식', quantity: '1', unitPrice: 150_000 },
    ],
  },
  {
    name: '실크 도배 예시',
    description: '벽·천장 실크벽지 도배 (벽 면적 = 둘레 × 높이)',
    lines: [
      {
        trade: '도배',
        kind: 'Material',
        material: 'EX-WPR-01',
        name: '실크벽지(벽)',
        unit: '㎡',
        quantity: 'ceil(perimeter * height * 1.1)',
      },
      {
        trade: '도배',
        kind: 'Material',
        material: 'EX-WPR-06',
        name: '실크벽지(천장)',
        unit: '㎡',
        quantity: 'ceil(area * 1.1)',
      },
      {
        trade: '도배',
        kind: 'Material',
        name: '초배지·부자재',
        unit: '㎡',
        quantity: 'perimeter * height + area',
        unitPrice: 1_500,
      },
      {
        trade: '도배',
        kind: 'Labour',
        name: '도배 시공',
        unit: '㎡',
        quantity: 'perimeter * height + area',
        unitPrice: 9_000,
      },
    ],
  },
  {
    name: '욕실 타일 시공 예시',
    description: '욕실 바닥·벽 타일 덧방 시공',
    lines: [
      {
        trade: '타일',
        kind: 'Material',
        material: 'EX-TIL-04',
        name: '바닥 타일',
        unit: '㎡',
        quantity: 'ceil(area * 1.08)',
      },
      {
        trade: '타일',
        kind: 'Material',
        material: 'EX-WTL-01',
        name: '벽 타일',
        unit: '㎡',
        quantity: 'ceil(perimeter * height * 1.08)',
      },
      {
        trade: '타일',
        kind: 'Material',
        name: '타일 접착제·줄눈',
        unit: '㎡',
        quantity: 'area + perimeter * height',
        unitPrice: 4_500,
      },
      {
        trade: '타일',
        kind: 'Labour',
        name: '타일 시공',
        unit: '㎡',
        quantity: 'area + perimeter * height',
        unitPrice: 45_000,
      },
    ],
  },
  {
    name: '욕실 방수 예시',
    description: '욕실 바닥 전체와 벽 하부 1.2m 액체방수 2회',
    lines: [
      {
        trade: '방수',
        kind: 'Material',
        material: 'EX-WPF-01',
        name: '액체방수제',
        unit: '㎡',
        quantity: 'ceil(area + perimeter * min(height, 1.2))',
      },
      {
        trade: '방수',
        kind: 'Labour',
        name: '방수 시공',
        unit: '㎡',
        quantity: 'area + perimeter * min(height, 1.2)',
        unitPrice: 25_000,
      },
      {
        trade: '방수',
        kind: 'Expense',
        name: '담수 시험 (48시간)',
        unit: '식',
        quantity: '1',
        unitPrice: 50_000,
      },
    ],
  },
];

export const sampleWorkspaces: {
  name: string;
  code: string;
  floor: string | null;
  wall: string | null;
  ceiling: string | null;
  ceilingHeight: number;
  bom: string | null;
}[] = [
  {
    name: '거실 예시',
    code: 'LIVING',
    floor: 'EX-FLR-01',
    wall: 'EX-WPR-01',
    ceiling: 'EX-WPR-06',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '주방 예시',
    code: 'KITCHEN',
    floor: 'EX-FLR-03',
    wall: 'EX-WTL-03',
    ceiling: 'EX-WPR-06',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '욕실 예시',
    code: 'BATH',
    floor: 'EX-TIL-04',
    wall: 'EX-WTL-01',
    ceiling: 'EX-CLG-03',
    ceilingHeight: 2200,
    bom: '욕실 방수 예시',
  },
  {
    name: '안방 예시',
    code: 'MASTER',
    floor: 'EX-FLR-01',
    wall: 'EX-WPR-03',
    ceiling: 'EX-WPR-06',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '작은방 예시',
    code: 'ROOM',
    floor: 'EX-FLR-05',
    wall: 'EX-WPR-04',
    ceiling: 'EX-WPR-06',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '현관 예시',
    code: 'ENTRY',
    floor: 'EX-TIL-01',
    wall: 'EX-WPR-01',
    ceiling: 'EX-PNT-01',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '드레스룸 예시',
    code: 'DRESS',
    floor: 'EX-FLR-01',
    wall: 'EX-WPR-02',
    ceiling: 'EX-WPR-06',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '다용도실 예시',
    code: 'UTILITY',
    floor: 'EX-TIL-04',
    wall: 'EX-PNT-03',
    ceiling: 'EX-PNT-01',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '발코니 예시',
    code: 'BALCONY',
    floor: 'EX-TIL-01',
    wall: 'EX-PNT-04',
    ceiling: 'EX-PNT-04',
    ceilingHeight: 2300,
    bom: null,
  },
  {
    name: '서재 예시',
    code: 'STUDY',
    floor: 'EX-FLR-02',
    wall: 'EX-WPR-02',
    ceiling: 'EX-WPR-06',
    ceilingHeight: 2300,
    bom: null,
  },
];
