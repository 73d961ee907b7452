/**
 * The sample catalogue (`npm run seed -- sample`, the Admin's "샘플 데이터 불러오기"): every name
 * says 예시, prices are 2026 Korean retail and construction prices (원, VAT included for goods).
 */
export const sampleCategories: Record<string, Record<string, string[]>> = {
  'category/product': {
    '가구 예시': ['소파 예시', '침대 예시', '식탁 예시', '수납장 예시'],
    '조명 예시': ['천장등 예시', '펜던트 예시'],
    '욕실 예시': ['위생도기 예시', '수전 예시'],
  },
  'category/set': { '거실 세트 예시': [], '욕실 세트 예시': [] },
  'category/material': {
    '바닥재 예시': ['마루 예시', '장판 예시', '타일 예시'],
    '벽재 예시': ['벽지 예시', '도장 예시', '벽 타일 예시'],
    '천장재 예시': [],
    '부자재 예시': ['방수 예시', '몰딩 예시'],
  },
  'category/paving': { '일자 시공 예시': [], '헤링본 예시': [], '격자 시공 예시': [] },
  'category/plan': { '아파트 예시': ['20평대 예시', '30평대 예시'] },
  'category/walldrawing': { '아트월 예시': [] },
};

export const sampleBrands = [
  { name: 'LX지인 예시', homepage: 'https://www.lxzin.com', description: '바닥재·벽지·창호 (예시 데이터)' },
  { name: 'KCC 예시', homepage: 'https://www.kccworld.co.kr', description: '도료·석고보드 (예시 데이터)' },
  { name: '한샘 예시', homepage: 'https://www.hanssem.com', description: '가구·부엌 (예시 데이터)' },
  {
    name: '대림바스 예시',
    homepage: 'https://www.daelimbath.com',
    description: '위생도기·수전 (예시 데이터)',
  },
  { name: '노루페인트 예시', homepage: 'https://www.noroopaint.com', description: '페인트 (예시 데이터)' },
  { name: '일룸 예시', homepage: 'https://www.iloom.com', description: '가구 (예시 데이터)' },
];

type Usage = 'Floor' | 'Wall' | 'Ceiling';
export interface SampleMaterial {
  name: string;
  code: string;
  brand: string;
  category: string;
  paving?: string;
  usage: Usage[];
  unit: '㎡' | 'm' | 'EA' | 'BOX';
  price: number;
  spec: string;
  lossRate: number;
}

const family = (
  base: Omit<SampleMaterial, 'name' | 'code' | 'price' | 'spec'>,
  prefix: string,
  variants: [name: string, price: number, spec: string][],
): SampleMaterial[] =>
  variants.map(([name, price, spec], index) => ({
    ...base,
    name: `${name} 예시`,
    code: `EX-${prefix}-${String(index + 1).padStart(2, '0')}`,
    price,
    spec,
  }));

export const sampleMaterials: SampleMaterial[] = [
  ...family(
    {
      brand: 'LX지인 예시',
      category: '마루 예시',
      paving: '일자 시공 예시',
      usage: ['Floor'],
      unit: '㎡',
      lossRate: 0.05,
    },
    'FLR',
    [
      ['강마루 오크 내추럴', 52_000, '1200×95×7.5T'],
      ['강마루 월넛', 58_000, '1200×95×7.5T'],
      ['강마루 애쉬 그레이', 54_000, '1200×95×7.5T'],
      ['광폭 강마루 화이트오크', 68_000, '1200×190×7.5T'],
      ['강화마루 내추럴', 32_000, '1215×195×8T'],
      ['원목마루 오크 헤링본', 135_000, '600×100×15T'],
    ],
  ),
  ...family(
    { brand: 'LX지인 예시', category: '장판 예시', usage: ['Floor'], unit: '㎡', lossRate: 0.03 },
    'VNL',
    [
      ['장판 2.2T 우드', 19_000, '1830 폭×2.2T'],
      ['장판 3.0T 스톤', 26_000, '1830 폭×3.0T'],
      ['장판 4.5T 펫 전용', 38_000, '1830 폭×4.5T'],
      ['데코타일 우드', 24_000, '920×180×3T'],
    ],
  ),
  ...family(
    {
      brand: 'KCC 예시',
      category: '타일 예시',
      paving: '격자 시공 예시',
      usage: ['Floor', 'Wall'],
      unit: '㎡',
      lossRate: 0.08,
    },
    'TIL',
    [
      ['포셀린 타일 그레이 무광', 42_000, '600×600×10T'],
      ['포셀린 타일 화이트 유광', 45_000, '600×600×10T'],
      ['포셀린 타일 대형 라이트그레이', 62_000, '600×1200×10T'],
      ['욕실 바닥 타일 논슬립', 36_000, '300×300×8T'],
    ],
  ),
  ...family(
    { brand: 'KCC 예시', category: '벽 타일 예시', usage: ['Wall'], unit: '㎡', lossRate: 0.08 },
    'WTL',
    [
      ['욕실 벽 타일 화이트', 32_000, '300×600×8T'],
      ['서브웨이 타일 화이트', 48_000, '75×150×7T'],
      ['주방 벽 타일 테라조', 55_000, '300×600×9T'],
    ],
  ),
  ...family(
    { brand: 'LX지인 예시', category: '벽지 예시', usage: ['Wall', 'Ceiling'], unit: '㎡', lossRate: 0.1 },
    'WPR',
    [
      ['실크벽지 화이트', 8_500, '1060 폭×15.6m'],
      ['실크벽지 라이트그레이', 8_500, '1060 폭×15.6m'],
      ['실크벽지 베이지 패턴', 9_500, '1060 폭×15.6m'],
      ['합지벽지 화이트', 3_800, '930 폭×17.75m'],
      ['합지벽지 그린 패턴', 4_200, '930 폭×17.75m'],
      ['천장 실크벽지 화이트', 8_000, '1060 폭×15.6m'],
    ],
  ),
  ...family(
    {
      brand: '노루페인트 예시',
      category: '도장 예시',
      usage: ['Wall', 'Ceiling'],
      unit: '㎡',
      lossRate: 0.1,
    },
    'PNT',
    [
      ['친환경 수성페인트 화이트', 6_500, '2회 도장'],
      ['친환경 수성페인트 웜그레이', 7_000, '2회 도장'],
      ['욕실 곰팡이 방지 페인트', 9_000, '2회 도장'],
      ['탄성 코트 발코니용', 11_000, '2회 도장'],
    ],
  ),
  ...family(
    { brand: 'KCC 예시', category: '천장재 예시', usage: ['Ceiling'], unit: '㎡', lossRate: 0.05 },
    'CLG',
    [
      ['석고보드 9.5T', 4_800, '900×1800×9.5T'],
      ['방수 석고보드 9.5T', 7_200, '900×1800×9.5T'],
      ['욕실 천장재 SMC', 28_000, '300×300'],
    ],
  ),
  ...family(
    { brand: 'KCC 예시', category: '방수 예시', usage: ['Floor', 'Wall'], unit: '㎡', lossRate: 0.05 },
    'WPF',
    [
      ['액체방수제 2차', 12_000, '2회 도포'],
      ['우레탄 도막방수', 18_000, '3mm'],
    ],
  ),
  ...family(
    { brand: 'LX지인 예시', category: '몰딩 예시', usage: ['Wall', 'Ceiling'], unit: 'm', lossRate: 0.1 },
    'MLD',
    [
      ['천장 몰딩 무몰딩용 마감재', 4_500, '2400 길이'],
      ['걸레받이 화이트 60', 3_800, '2400×60'],
      ['걸레받이 우드 80', 4_600, '2400×80'],
      ['평몰딩 화이트 40', 3_200, '2400×40'],
    ],
  ),
  ...family(
    { brand: 'LX지인 예시', category: '도장 예시', usage: ['Wall'], unit: 'm', lossRate: 0.15 },
    'FLM',
    [
      ['인테리어 필름 우드', 14_000, '1220 폭'],
      ['인테리어 필름 솔리드 화이트', 11_000, '1220 폭'],
      ['인테리어 필름 메탈', 18_000, '1220 폭'],
      ['인테리어 필름 스톤', 16_000, '1220 폭'],
    ],
  ),
];

export interface SampleProduct {
  name: string;
  code: string;
  brand: string;
  category: string;
  price: number;
  unit: 'EA' | 'SET' | '㎡' | 'm';
  size: [number, number, number];
  description: string;
}

const products = (
  brand: string,
  category: string,
  prefix: string,
  items: [name: string, price: number, size: [number, number, number], description: string][],
): SampleProduct[] =>
  items.map(([name, price, size, description], index) => ({
    name: `${name} 예시`,
    code: `EX-${prefix}-${String(index + 1).padStart(2, '0')}`,
    brand,
    category,
    price,
    unit: 'EA',
    size,
    description,
  }));

export const sampleProducts: SampleProduct[] = [
  ...products('한샘 예시', '소파 예시', 'SOF', [
    ['패브릭 3인 소파', 1_290_000, [2100, 950, 850], '생활 방수 패브릭, 분리형 쿠션'],
    ['가죽 4인 소파', 2_490_000, [2650, 1000, 820], '천연 소가죽, 헤드레스트 조절'],
    ['모듈 소파 코너형', 1_890_000, [2700, 1700, 800], 'ㄱ자 배치, 모듈 추가 가능'],
    ['1인 리클라이너', 690_000, [850, 900, 1000], '전동 리클라이너'],
    ['2인 소파 컴팩트', 790_000, [1500, 850, 800], '원룸·작은 거실용'],
  ]),
  ...products('일룸 예시', '침대 예시', 'BED', [
    ['퀸 침대 프레임 오크', 890_000, [1680, 2150, 900], '저상형, 헤드보드 수납'],
    ['킹 침대 프레임 월넛', 1_390_000, [1800, 2150, 950], '원목 프레임'],
    ['슈퍼싱글 침대 화이트', 490_000, [1180, 2100, 850], '서랍 수납형'],
    ['포켓스프링 매트리스 퀸', 790_000, [1500, 2000, 280], '7존 포켓스프링'],
    ['2층 침대 원목', 990_000, [1050, 2100, 1600], '어린이방용'],
  ]),
  ...products('한샘 예시', '식탁 예시', 'TBL', [
    ['4인 식탁 세라믹', 790_000, [1400, 800, 740], '세라믹 상판'],
    ['6인 식탁 원목', 1_190_000, [1800, 900, 740], '오크 원목'],
    ['식탁 의자 패브릭', 129_000, [460, 540, 800], '의자 1개'],
    ['식탁 의자 원목', 99_000, [450, 500, 790], '의자 1개'],
    ['아일랜드 식탁', 1_490_000, [1600, 900, 900], '수납 겸용'],
  ]),
  ...products('한샘 예시', '수납장 예시', 'STR', [
    ['붙박이장 4도어', 1_690_000, [2000, 600, 2400], '설치비 포함'],
    ['드레스룸 시스템 선반', 890_000, [2400, 400, 2100], 'ㄱ자 구성'],
    ['신발장 2도어', 390_000, [900, 380, 1200], '현관용'],
    ['거실장 2000', 490_000, [2000, 400, 450], 'TV 거실장'],
    ['주방 상부장 1800', 790_000, [1800, 350, 720], '설치비 포함'],
  ]),
  ...products('일룸 예시', '천장등 예시', 'LGT', [
    ['LED 방등 50W', 69_000, [550, 550, 90], '주광색·전구색 전환'],
    ['LED 거실등 150W', 189_000, [1000, 600, 100], '리모컨 포함'],
    ['매입 다운라이트 3인치', 12_000, [95, 95, 60], 'LED 8W'],
    ['라인 조명 1200', 59_000, [1200, 50, 50], '간접 조명'],
  ]),
  ...products('일룸 예시', '펜던트 예시', 'PND', [
    ['식탁 펜던트 3구', 159_000, [900, 200, 1000], '높이 조절'],
    ['유리 펜던트 1구', 89_000, [250, 250, 300], 'E26 소켓'],
    ['라탄 펜던트', 119_000, [450, 450, 350], 'E26 소켓'],
    ['미니 펜던트 블랙', 59_000, [150, 150, 200], '주방 아일랜드용'],
  ]),
  ...products('대림바스 예시', '위생도기 예시', 'SAN', [
    ['원피스 양변기', 390_000, [380, 700, 720], '절수형 4.8L'],
    ['비데 일체형 양변기', 1_190_000, [420, 720, 560], '스마트 비데'],
    ['반다리 세면대', 160_000, [600, 480, 300], '벽걸이형'],
    ['욕조 1500 아크릴', 490_000, [1500, 750, 560], '매립형'],
    ['샤워 부스 유리 파티션', 390_000, [900, 10, 1900], '강화유리 8T'],
    ['욕실장 슬라이드 거울', 220_000, [800, 130, 700], '수납형'],
  ]),
  ...products('대림바스 예시', '수전 예시', 'FCT', [
    ['세면대 수전 원홀', 89_000, [160, 50, 180], '크롬 도금'],
    ['해바라기 샤워 수전', 259_000, [300, 450, 1200], '선반 일체형'],
    ['주방 수전 풀아웃', 189_000, [220, 60, 400], '샤워·일반 전환'],
    ['욕실 액세서리 5종', 129_000, [600, 150, 150], '수건걸이·휴지걸이 등'],
  ]),
];

/** Set products of the sample, made of the products above (by code). */
export const sampleSets = [
  {
    name: '거실 기본 세트 예시',
    code: 'EX-SET-01',
    category: '거실 세트 예시',
    price: 1_690_000,
    description: '패브릭 3인 소파와 거실장 (예시)',
    components: [
      { code: 'EX-SOF-01', quantity: 1 },
      { code: 'EX-STR-04', quantity: 1 },
    ],
  },
  {
    name: '욕실 기본 세트 예시',
    code: 'EX-SET-02',
    category: '욕실 세트 예시',
    price: 760_000,
    description: '양변기, 세면대, 수전, 액세서리 (예시)',
    components: [
      { code: 'EX-SAN-01', quantity: 1 },
      { code: 'EX-SAN-03', quantity: 1 },
      { code: 'EX-FCT-01', quantity: 1 },
      { code: 'EX-FCT-04', quantity: 1 },
    ],
  },
];
