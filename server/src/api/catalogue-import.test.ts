import { catalogueMessages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
let designer: string;
let brand: number;
let sofas: number;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'designer@import.example',
    password: 'designer-password-1',
    roles: ['Designer'],
  });
  designer = (await platform.api.login('designer@import.example', 'designer-password-1')).token;
  const post = async (resource: string, body: Record<string, unknown>) =>
    (await platform.api.request('POST', `/api/${resource}`, { token: admin, body })).body.id as number;
  brand = await post('brand', { name: '한샘' });
  const furniture = await post('category/product', { name: '가구' });
  sofas = await post('category/product', { name: '소파', parentId: furniture });
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const importCsv = (resource: string, csv: string, commit = false, token = admin) =>
  api().request('POST', `/api/${resource}/import`, { token, body: { csv, commit } });
const count = async (resource: string) =>
  Number(
    (await api().list(resource, admin, { range: [0, 0] })).headers.get('content-range')?.split('/')[1] ?? 0,
  );

type Row = { line: number; fields: Record<string, unknown>; errors: Record<string, string> };

describe('CSV import of products and materials', () => {
  it('previews every row with its Korean errors and writes nothing; a clean file is created whole', async () => {
    const before = await count('product');
    const csv = [
      '이름,코드,구분,브랜드,제품 카테고리,가격,단위,상태',
      '3인용 패브릭 소파,SOFA-3,단품,한샘,가구 > 소파,"1,290,000",EA,판매중',
      '2인용 소파,SOFA-2,단품,한샘,가구 > 소파,무료,EA,판매중',
      '3인용 가죽 소파,sofa-3,단품,한샘,가구 > 소파,1590000,EA,판매중',
      '1인용 소파,SOFA-1,단품,없는브랜드,가구 > 침대,390000,EA,판매중',
    ].join('\n');
    const preview = await importCsv('product', csv);
    expect(preview.status).toBe(200);
    expect(preview.body.valid).toBe(false);
    const rows = preview.body.rows as Row[];
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({
      errors: {},
      fields: {
        name: '3인용 패브릭 소파',
        code: 'SOFA-3',
        brandId: brand,
        categoryId: sofas,
        price: 1_290_000,
      },
    });
    expect(rows[1]!.errors).toEqual({ price: '숫자가 아닙니다.' });
    expect(rows[2]!.errors).toEqual({ code: '코드가 2행과 같습니다.' });
    expect(rows[3]!.errors).toEqual({
      brandId: "브랜드 '없는브랜드'를 찾을 수 없습니다.",
      categoryId: "제품 카테고리 '가구 > 침대'를 찾을 수 없습니다.",
    });
    // All or nothing: a commit with errors is refused and nothing was written.
    const refused = await importCsv('product', csv, true);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('3개 행에 오류가 있어 아무것도 가져오지 않았습니다.');
    expect(await count('product')).toBe(before);

    const clean = [
      csv.split('\n')[0],
      csv.split('\n')[1],
      '2인용 소파,SOFA-2,단품,한샘,가구 > 소파,890000,EA,판매중',
    ].join('\n');
    const done = await importCsv('product', clean, true);
    expect(done.status).toBe(201);
    expect(done.body.created).toHaveLength(2);
    expect(await count('product')).toBe(before + 2);
    const listed = await api().list('product', designer, { filter: { categoryId: sofas }, range: [0, 99] });
    expect((listed.body as { code: string }[]).map((p) => p.code).sort()).toEqual(['SOFA-2', 'SOFA-3']);

    // Importing the same file again: the codes are taken now.
    const again = await importCsv('product', clean);
    expect((again.body.rows as Row[]).map((r) => r.errors.code)).toEqual([
      catalogueMessages.duplicateProductCode,
      catalogueMessages.duplicateProductCode,
    ]);
  });

  it('takes materials with field names as columns, several usages in a cell and a loss rate', async () => {
    const csv = [
      'name,code,usage,unit,price,lossRate,status',
      '강마루 (오크),FLOOR-OAK,바닥,㎡,"32,000",0.05,Active',
      '포세린 타일 600각,TILE-600,바닥; 벽,㎡,28000,0.08,판매중',
    ].join('\r\n');
    const done = await importCsv('material', `\uFEFF${csv}`, true);
    expect(done.status).toBe(201);
    const rows = done.body.rows as Row[];
    expect(rows[1]!.fields).toMatchObject({ usage: ['Floor', 'Wall'], lossRate: 0.08, price: 28_000 });
  });

  it('refuses an unknown column, an empty file, and anyone without Write on the type', async () => {
    const unknown = await importCsv('product', '이름,색상\n소파,빨강');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('알 수 없는 열입니다: 색상');
    expect((await importCsv('product', '이름,코드\n')).body.message).toBe(
      'CSV에 가져올 행이 없습니다. 첫 줄은 열 이름이어야 합니다.',
    );
    expect((await importCsv('product', '이름,코드\n소파,S-1', false, designer)).status).toBe(403);
    expect((await api().request('POST', '/api/product/import', { body: { csv: '' } })).status).toBe(401);
  });
});
