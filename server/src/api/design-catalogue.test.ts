import { emptyDesignDocument, messages, missingReferenceMessage } from '@interior/contracts';
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

describe('plan templates are design documents', () => {
  const twoRooms = () => ({
    ...emptyDesignDocument(),
    rooms: [
      { id: 'living', name: '거실', polygon: square(4000), ceilingHeight: 2400 },
      {
        id: 'bed',
        name: '침실',
        polygon: square(3000).map((p) => ({ ...p, x: p.x + 5000 })),
        ceilingHeight: 2400,
      },
    ],
  });

  it('checks a plan’s document as a design’s, naming the path, and writes nothing on a refusal', async () => {
    const post = (document: unknown) =>
      api().request('POST', '/api/plan', { token: admin, body: { name: '검사 평면', document } });
    const before = (await api().list('plan', admin, { range: [0, 0] })).headers.get('content-range');
    const line = await post({
      ...emptyDesignDocument(),
      rooms: [{ ...twoRooms().rooms[0], polygon: square(10).slice(0, 2) }],
    });
    expect([line.status, line.body.errors]).toEqual([
      400,
      { 'document.rooms.0.polygon': messages.polygonTooFewPoints },
    ]);
    const shape = await post({ version: 1, walls: 'none' });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.errors)).toEqual(['document.walls']);
    expect((await post([1, 2])).status).toBe(400);
    const missing = await post({
      ...emptyDesignDocument(),
      items: [{ id: 'i', productId: 1_999_999, x: 0, y: 0, rotation: 0 }],
    });
    const message = missingReferenceMessage({ kind: 'product', id: 1_999_999, path: 'items.0.productId' });
    expect([missing.status, missing.body.message, missing.body.errors]).toEqual([
      400,
      message,
      { 'document.items.0.productId': message },
    ]);
    expect((await api().list('plan', admin, { range: [0, 0] })).headers.get('content-range')).toBe(before);
  });

  it('keeps the derived area (㎡) and room count, following changes of the document', async () => {
    const plan = await api().request('POST', '/api/plan', {
      token: admin,
      body: { name: '면적 평면', document: twoRooms() },
    });
    expect(plan.status).toBe(201);
    expect(plan.body).toMatchObject({ area: 25, roomCount: 2 });
    const changed = await api().request('PUT', `/api/plan/${plan.body.id}`, {
      token: admin,
      body: { document: { ...emptyDesignDocument(), rooms: [twoRooms().rooms[1]] } },
    });
    expect(changed.body).toMatchObject({ area: 9, roomCount: 1 });
    const read = await api().request('GET', `/api/plan/${plan.body.id}`, { token: admin });
    expect(read.body).toMatchObject({ area: 9, roomCount: 1 });
    const renamed = await api().request('PUT', `/api/plan/${plan.body.id}`, {
      token: admin,
      body: { name: '면적 평면 2' },
    });
    expect(renamed.body).toMatchObject({ area: 9, roomCount: 1 });
  });
});
