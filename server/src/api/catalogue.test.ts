import { catalogueMessages, messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
let designer: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'designer@test.example',
    password: 'designer-password-1',
    roles: ['Designer'],
  });
  designer = (await platform.api.login('designer@test.example', 'designer-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
type Row = { id: number } & Record<string, unknown>;
const post = async (resource: string, body: Record<string, unknown>) => {
  const created = await api().request('POST', `/api/${resource}`, { token: admin, body });
  if (created.status !== 201)
    throw new Error(`${resource}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as Row;
};
const ids = async (resource: string, filter: Record<string, unknown>, token = admin) => {
  const listed = await api().list(resource, token, { filter, sort: ['id', 'ASC'], range: [0, 99] });
  expect(listed.status).toBe(200);
  return (listed.body as Row[]).map((r) => r.id);
};
let codes = 0;
const product = (fields: Record<string, unknown>) =>
  post('product', {
    name: '제품',
    code: `P-${++codes}`,
    kind: 'Single',
    price: 10_000,
    unit: 'EA',
    status: 'Active',
    ...fields,
  });
const material = (fields: Record<string, unknown>) =>
  post('material', {
    name: '자재',
    code: `M-${++codes}`,
    unit: '㎡',
    price: 10_000,
    status: 'Active',
    ...fields,
  });

describe('catalogue lists: what a buyer filters by', () => {
  it('filters products by a category and its whole subtree, brand, status, price range and q', async () => {
    const furniture = await post('category/product', { name: '가구' });
    const sofas = await post('category/product', { name: '소파', parentId: furniture.id });
    const fabric = await post('category/product', { name: '패브릭 소파', parentId: sofas.id });
    const lights = await post('category/product', { name: '조명' });
    const brand = await post('brand', { name: '한샘 예시' });
    const table = await product({ name: '식탁', categoryId: furniture.id, price: 450_000 });
    const sofa = await product({
      name: '가죽 소파',
      categoryId: sofas.id,
      price: 1_200_000,
      brandId: brand.id,
    });
    const fabricSofa = await product({
      name: '패브릭 3인 소파',
      code: 'SOFA-FAB-3',
      categoryId: fabric.id,
      price: 890_000,
      brandId: brand.id,
      status: 'Discontinued',
    });
    const lamp = await product({ name: '펜던트 조명', categoryId: lights.id, price: 89_000 });

    expect(await ids('product', { categoryId: furniture.id })).toEqual([table.id, sofa.id, fabricSofa.id]);
    expect(await ids('product', { categoryId: sofas.id })).toEqual([sofa.id, fabricSofa.id]);
    expect(await ids('product', { categoryId: [fabric.id, lights.id] })).toEqual([fabricSofa.id, lamp.id]);
    expect(await ids('product', { brandId: brand.id })).toEqual([sofa.id, fabricSofa.id]);
    expect(await ids('product', { status: 'Discontinued' })).toEqual([fabricSofa.id]);
    expect(await ids('product', { price_gte: 89_000, price_lte: 890_000 })).toEqual([
      table.id,
      fabricSofa.id,
      lamp.id,
    ]);
    expect(await ids('product', { q: 'sofa-fab' })).toEqual([fabricSofa.id]);
    expect(await ids('product', { q: '소파', categoryId: furniture.id }, designer)).toEqual([
      sofa.id,
      fabricSofa.id,
    ]);

    // The tree counts the items filed directly under each category, and follows a move.
    const read = async (id: number) =>
      (await api().request('GET', `/api/category/product/${id}`, { token: admin })).body as Row;
    expect((await read(sofas.id)).itemCount).toBe(1);
    await api().request('PUT', `/api/product/${sofa.id}`, { token: admin, body: { categoryId: lights.id } });
    expect((await read(sofas.id)).itemCount).toBe(0);
    expect((await read(lights.id)).itemCount).toBe(2);
    const refused = await api().request('DELETE', `/api/category/product/${lights.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('이 분류에 속한 항목 2건이 있어 삭제할 수 없습니다.');
    // The brand counts its products.
    expect(
      ((await api().request('GET', `/api/brand/${brand.id}`, { token: admin })).body as Row).productCount,
    ).toBe(2);
  });

  it('filters materials by usage and price, and q over name and code', async () => {
    const floor = await material({ name: '강마루 예시', code: 'FL-001', usage: ['Floor'], price: 38_000 });
    const wall = await material({ name: '실크벽지 예시', code: 'WL-001', usage: ['Wall'], price: 9_000 });
    const both = await material({
      name: '포셀린 타일',
      code: 'TL-600',
      usage: ['Floor', 'Wall'],
      price: 42_000,
    });
    const mine = [floor.id, wall.id, both.id];
    const within = async (filter: Record<string, unknown>) =>
      (await ids('material', filter)).filter((id) => mine.includes(id));
    expect(await within({ usage: 'Wall' })).toEqual([wall.id, both.id]);
    expect(await within({ usage: ['Floor'], price_lte: 40_000 })).toEqual([floor.id]);
    expect(await within({ q: 'tl-6' })).toEqual([both.id]);
  });
});

describe('uniqueness and references', () => {
  it('reserves a value never used before by one append, without reading its reservation first', async () => {
    const { store } = platform.server.runtime;
    const readStream = store.readStream;
    const read: string[] = [];
    store.readStream = (stream, options) => {
      read.push(stream);
      return readStream.call(store, stream, options);
    };
    try {
      await post('brand', { name: '처음 쓰는 브랜드 이름' });
    } finally {
      store.readStream = readStream;
    }
    expect(read.filter((stream) => stream.startsWith('Unique'))).toEqual([]);
  });

  it('keeps codes and brand names unique, ignoring case, and frees a value on rename', async () => {
    await post('brand', { name: 'LX하우시스 예시' });
    const again = await api().request('POST', '/api/brand', {
      token: admin,
      body: { name: 'lx하우시스 예시 ' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(catalogueMessages.duplicateBrand);
    const first = await material({ code: 'DUP-1' });
    const dup = await api().request('POST', '/api/material', {
      token: admin,
      body: { name: '다른', code: 'dup-1', unit: 'EA', price: 1, status: 'Active' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(catalogueMessages.duplicateMaterialCode);
    expect(
      (await api().request('PUT', `/api/material/${first.id}`, { token: admin, body: { code: 'DUP-2' } }))
        .status,
    ).toBe(200);
    expect((await material({ code: 'DUP-1' })).code).toBe('DUP-1');
  });

  it('refuses a missing reference with 400 and the delete of a referenced record with 409 and the count', async () => {
    const missing = await api().request('POST', '/api/product', {
      token: admin,
      body: {
        name: 'x',
        code: 'X-1',
        kind: 'Single',
        price: 1,
        unit: 'EA',
        status: 'Active',
        brandId: 999_999,
      },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.brandId).toBe(messages.referenceMissing('브랜드'));
    const brand = await post('brand', { name: '삭제 시험 브랜드' });
    await product({ brandId: brand.id });
    await material({ brandId: brand.id });
    const refused = await api().request('DELETE', `/api/brand/${brand.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.recordInUse(2));

    const tile = await material({ name: '욕실 타일' });
    const workspace = await post('workspace', {
      name: '욕실 예시',
      floorMaterialId: tile.id,
      wallMaterialId: tile.id,
    });
    const bom = await post('bom', {
      name: '욕실 방수 예시',
      lines: [
        {
          trade: '방수',
          kind: 'Material',
          refType: 'Material',
          refId: tile.id,
          name: '액체방수',
          unit: '㎡',
          quantity: 'area',
        },
      ],
    });
    const used = await api().request('DELETE', `/api/material/${tile.id}`, { token: admin });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe(catalogueMessages.usedInBoms(1));
    await api().request('DELETE', `/api/bom/${bom.id}`, { token: admin });
    const byWorkspace = await api().request('DELETE', `/api/material/${tile.id}`, { token: admin });
    expect(byWorkspace.status).toBe(409);
    expect(byWorkspace.body.message).toBe(messages.recordInUse(2));
    expect(workspace.floorMaterialId).toBe(tile.id);
    const badLine = await api().request('POST', '/api/bom', {
      token: admin,
      body: {
        name: '잘못된 BOM',
        lines: [
          {
            trade: '바닥',
            kind: 'Material',
            refType: 'Product',
            refId: 999_999,
            name: 'x',
            unit: 'EA',
            quantity: '1',
          },
        ],
      },
    });
    expect(badLine.status).toBe(400);
    expect(badLine.body.errors.lines).toBe(catalogueMessages.bomRefMissing(1));
  });

  it('keeps Set products to Single components, without nesting', async () => {
    const chair = await product({ name: '의자' });
    const desk = await product({ name: '책상' });
    const set = await product({
      name: '책상 세트',
      kind: 'Set',
      unit: 'SET',
      components: [
        { productId: desk.id, quantity: 1 },
        { productId: chair.id, quantity: 2 },
      ],
    });
    const empty = await api().request('POST', '/api/product', {
      token: admin,
      body: {
        name: '빈 세트',
        code: 'EMPTY',
        kind: 'Set',
        price: 1,
        unit: 'SET',
        status: 'Active',
        components: [],
      },
    });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(catalogueMessages.setNeedsComponents);
    const nested = await api().request('POST', '/api/product', {
      token: admin,
      body: {
        name: '세트의 세트',
        code: 'NEST',
        kind: 'Set',
        price: 1,
        unit: 'SET',
        status: 'Active',
        components: [{ productId: set.id, quantity: 1 }],
      },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.errors.components).toBe(catalogueMessages.componentIsSet(1));
    const inUse = await api().request('DELETE', `/api/product/${chair.id}`, { token: admin });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(catalogueMessages.usedInSets(1));
  });
});

describe('drawings of the catalogue’s geometry', () => {
  it('draws a plan template and a wall drawing as sandboxed SVG, for anyone who reads them', async () => {
    const square = [
      { x: 0, y: 0 },
      { x: 4000, y: 0 },
      { x: 4000, y: 3000 },
      { x: 0, y: 3000 },
    ];
    const plan = await post('plan', {
      name: '24평 예시 평면',
      // A template may leave out the kinds of element it has none of.
      document: {
        version: 1,
        walls: [],
        rooms: [{ id: 'r1', name: '거실', polygon: square, ceilingHeight: 2400 }],
      },
    });
    const tile = await material({ name: '포세린 타일' });
    const wall = await post('walldrawing', {
      name: '아트월',
      width: 2000,
      height: 2400,
      elements: [{ materialId: tile.id, x: 0, y: 0, width: 1000, height: 2400 }],
    });
    for (const [path, text] of [
      [`/api/plan/${plan.id}/thumbnail.svg`, '거실'],
      [`/api/walldrawing/${wall.id}/thumbnail.svg`, '포세린 타일'],
    ] as const) {
      const drawn = await api().request('GET', path, { token: designer });
      expect([path, drawn.status]).toEqual([path, 200]);
      expect(drawn.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(drawn.headers.get('content-security-policy')).toContain('sandbox');
      expect(drawn.body as string).toMatch(/^<svg[\s\S]*<\/svg>$/);
      expect(drawn.body as string).toContain(text);
    }
    expect((await api().request('GET', '/api/plan/999999/thumbnail.svg', { token: designer })).status).toBe(
      404,
    );
    expect((await api().request('GET', `/api/plan/${plan.id}/thumbnail.svg`)).status).toBe(401);
  });
});
