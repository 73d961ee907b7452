import { fileUrl } from '@interior/contracts';
import type { TestPlatform } from '../testing/platform';
import { glbBytes, PNG_BYTES, uploadFile } from '../testing/sample-files';
import { buildWorkedExample } from '../testing/worked-example';

/**
 * The catalogue the design editor's browser test draws with: the worked example's, materials filed
 * in a category tree (one with a texture), two wall drawings (아트월s) and a chair with its own 3D
 * model. Answers the textured oak floor's id and where the chair's model is served.
 */
export async function designerCatalogue(
  platform: TestPlatform,
  { admin, owner }: { admin: string; owner: string },
): Promise<{ oakFloor: number; chairModelUrl: string }> {
  // The worked example's catalogue; its design is not used: the test draws its own.
  const example = await buildWorkedExample(platform.api, { admin, owner }, '예시 카탈로그용');
  const artWall = await platform.api.request('POST', '/api/walldrawing', {
    token: admin,
    body: {
      name: '아트월 (예시)',
      width: 2000,
      height: 2400,
      elements: [{ materialId: example.wall, x: 0, y: 0, width: 2000, height: 2400 }],
    },
  });
  expect(artWall.status).toBe(201);
  // Materials filed in a category tree (바닥재 › 마루, 벽재), one with a texture, and a wall drawing of three
  // elements in them.
  const category = async (name: string, parentId: number | null = null) => {
    const made = await platform.api.request('POST', '/api/category/material', {
      token: admin,
      body: { name, parentId },
    });
    expect(made.status).toBe(201);
    return made.body.id as number;
  };
  const flooring = await category('바닥재');
  const wood = await category('마루', flooring);
  const walling = await category('벽재');
  const texture = await uploadFile(
    platform,
    admin,
    { resource: 'material', field: 'texture' },
    { bytes: PNG_BYTES, filename: '원목.png', type: 'image/png' },
  );
  expect(texture.status).toBe(201);
  const material = async (body: Record<string, unknown>) => {
    const made = await platform.api.request('POST', '/api/material', {
      token: admin,
      body: { unit: '㎡', status: 'Active', ...body },
    });
    expect(made.status).toBe(201);
    return made.body.id as number;
  };
  const oakFloor = await material({
    name: '원목마루 (예시)',
    code: 'FLOOR-OAK',
    categoryId: wood,
    usage: ['Floor'],
    price: 55_000,
    lossRate: 0.05,
    texture: { id: texture.body.id },
  });
  const tile = await material({
    name: '포인트 타일 (예시)',
    code: 'WALL-TILE',
    categoryId: walling,
    usage: ['Wall'],
    price: 40_000,
    lossRate: 0.1,
  });
  const pointWall = await platform.api.request('POST', '/api/walldrawing', {
    token: admin,
    body: {
      name: '포인트 월 (예시)',
      width: 1800,
      height: 2400,
      elements: [
        { materialId: tile, x: 0, y: 0, width: 1800, height: 600 },
        { materialId: oakFloor, x: 0, y: 600, width: 900, height: 1800 },
        { materialId: tile, x: 900, y: 600, width: 900, height: 1800 },
      ],
    },
  });
  expect(pointWall.status).toBe(201);
  // A chair with its own 3D model (an empty scene: the 3D view falls back to its box).
  const upload = await uploadFile(
    platform,
    admin,
    { resource: 'model', field: 'file' },
    {
      bytes: glbBytes(),
      filename: '의자.glb',
      type: 'model/gltf-binary',
    },
  );
  expect(upload.status).toBe(201);
  const chairModelUrl = fileUrl(upload.body);
  const model = await platform.api.request('POST', '/api/model', {
    token: admin,
    body: { name: '의자 모델 (예시)', file: { id: upload.body.id } },
  });
  expect(model.status).toBe(201);
  const chair = await platform.api.request('POST', '/api/product', {
    token: admin,
    body: {
      name: '식탁 의자 (예시)',
      code: 'CHAIR-1',
      kind: 'Single',
      unit: 'EA',
      price: 90_000,
      width: 450,
      depth: 500,
      height: 800,
      modelId: model.body.id,
      status: 'Active',
    },
  });
  expect(chair.status).toBe(201);
  return { oakFloor, chairModelUrl };
}
