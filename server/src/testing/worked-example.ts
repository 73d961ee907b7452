import { workedExampleDocument } from '@interior/contracts';
import type { ApiClient } from './platform';

/** The records of the worked example once built: the catalogue's ids and the owner's design. */
export interface WorkedExample {
  bom: number;
  floor: number;
  wall: number;
  sofa: number;
  designId: number;
}

/**
 * The worked example of docs/estimates.md built through the API as users would: the Admin's
 * catalogue (a floor material with its BOM, a wall material, a sofa) and the owner's design with
 * one 4 × 3 m room, a door and two sofas, whose 견적서 totals 3,902,800원.
 */
export async function buildWorkedExample(
  api: ApiClient,
  tokens: { admin: string; owner: string },
  designName = '예시 거실',
): Promise<WorkedExample> {
  const post = async (resource: string, body: Record<string, unknown>) => {
    const created = await api.request('POST', `/api/${resource}`, { token: tokens.admin, body });
    if (created.status !== 201) throw new Error(`${resource}: ${JSON.stringify(created.body)}`);
    return created.body.id as number;
  };
  const bom = await post('bom', {
    name: '마루 시공 (예시)',
    lines: [
      { trade: '바닥', kind: 'Labour', name: '마루 시공', unit: '㎡', quantity: 'area', unitPrice: 15_000 },
      { trade: '바닥', kind: 'Expense', name: '자재 운반', unit: '식', quantity: '1', unitPrice: 50_000 },
    ],
  });
  const floor = await post('material', {
    name: '강마루 (예시)',
    code: 'FLOOR-1',
    unit: '㎡',
    price: 30_000,
    lossRate: 0.05,
    bomId: bom,
    status: 'Active',
  });
  const wall = await post('material', {
    name: '실크벽지 (예시)',
    code: 'WALL-1',
    unit: '㎡',
    price: 8_000,
    lossRate: 0.1,
    status: 'Active',
  });
  const sofa = await post('product', {
    name: '3인용 소파 (예시)',
    code: 'SOFA-1',
    kind: 'Single',
    unit: 'EA',
    price: 1_200_000,
    status: 'Active',
  });

  const design = await api.request('POST', '/api/mydesign', {
    token: tokens.owner,
    body: { name: designName },
  });
  if (design.status !== 201) throw new Error(`design: ${JSON.stringify(design.body)}`);
  const designId = design.body.id as number;
  const document = workedExampleDocument();
  document.rooms[0]!.floorMaterialId = floor;
  document.rooms[0]!.wallMaterialId = wall;
  for (const item of document.items) item.productId = sofa;
  const saved = await api.request('PUT', `/api/design/${designId}/document`, {
    token: tokens.owner,
    body: document,
    headers: { 'if-match': '"0"' },
  });
  if (saved.status !== 200) throw new Error(`document: ${JSON.stringify(saved.body)}`);
  return { bom, floor, wall, sofa, designId };
}
