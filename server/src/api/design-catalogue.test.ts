import { emptyDesignDocument } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/** Designs and the catalogue together: a plan template starts a design; references must exist. */
let platform: TestPlatform;
let admin: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const square = (size: number) => [
  { x: 0, y: 0 },
  { x: size, y: 0 },
  { x: size, y: size },
  { x: 0, y: size },
];

describe('a design and the catalogue', () => {
  it('starts from a plan template with the plan’s document', async () => {
    const document = {
      ...emptyDesignDocument(),
      rooms: [
        { id: 'living', name: '거실', polygon: square(4000), ceilingHeight: 2400 },
        {
          id: 'bed',
          name: '침실',
          polygon: square(3000).map((p) => ({ x: p.x + 5000, y: p.y })),
          ceilingHeight: 2400,
        },
      ],
    };
    const plan = await api().request('POST', '/api/plan', {
      token: admin,
      body: { name: '예시 아파트 평면', document },
    });
    expect(plan.status).toBe(201);
    const design = await api().request('POST', '/api/mydesign', {
      token: admin,
      body: { name: '평면에서 시작', planId: plan.body.id },
    });
    expect(design.status).toBe(201);
    expect(design.body).toMatchObject({ planId: plan.body.id, roomCount: 2, area: 25 });
    const read = await api().request('GET', `/api/design/${design.body.id}/document`, { token: admin });
    expect(read.status).toBe(200);
    expect(read.body.rooms.map((r: { id: string }) => r.id)).toEqual(['living', 'bed']);

    const missing = await api().request('POST', '/api/mydesign', {
      token: admin,
      body: { name: '없는 평면', planId: 2_000_000 },
    });
    expect(missing.status).toBe(400);
  });

  it('accepts a finish that is in the catalogue and refuses one that is not, naming the path', async () => {
    const material = await api().request('POST', '/api/material', {
      token: admin,
      body: {
        name: '예시 강마루',
        code: 'EX-FLOOR-1',
        unit: '㎡',
        price: 30_000,
        usage: ['Floor'],
        status: 'Active',
      },
    });
    expect({ status: material.status, errors: material.body.errors }).toEqual({
      status: 201,
      errors: undefined,
    });
    const design = await api().request('POST', '/api/mydesign', { token: admin, body: { name: '마감재' } });
    const room = (floorMaterialId: number) => ({
      ...emptyDesignDocument(),
      rooms: [{ id: 'r', name: '거실', polygon: square(3000), ceilingHeight: 2400, floorMaterialId }],
    });
    const saved = await api().request('PUT', `/api/design/${design.body.id}/document`, {
      token: admin,
      headers: { 'if-match': '"0"' },
      body: room(material.body.id),
    });
    expect(saved.status).toBe(200);
    const refused = await api().request('PUT', `/api/design/${design.body.id}/document`, {
      token: admin,
      headers: { 'if-match': '"1"' },
      body: room(1_999_999),
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(['rooms.0.floorMaterialId']);
    expect(refused.body.message).toBeTruthy();
  });
});
