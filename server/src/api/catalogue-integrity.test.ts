import { handleCommand } from '@interior/command-service/decider';
import { awaitProjections, commandDepsOf } from '@interior/command-service/deps';
import { recordDecider } from '@interior/command-service/resource/record-decider';
import {
  catalogueUsageMessages,
  type DesignDocument,
  emptyDesignDocument,
  missingReferenceMessage,
  productResource,
} from '@interior/contracts';
import type { TestPlatform } from '../testing/platform';
import { startWithOwner } from '../testing/priced-design';

/** What designs and open estimations use stays in the catalogue; 단종 retires it instead. */
let platform: TestPlatform;
let admin: string;
let owner: string;

beforeAll(async () => {
  ({ platform, admin, owner } = await startWithOwner({
    email: 'owner@integrity.example',
    password: 'integrity-password-1',
  }));
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
type Row = { id: number; name: string } & Record<string, unknown>;
let unique = 0;
const post = async (resource: string, body: Record<string, unknown>, token = admin) => {
  const created = await api().request('POST', `/api/${resource}`, { token, body });
  if (created.status !== 201)
    throw new Error(`${resource}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as Row;
};
const product = (price = 10_000) =>
  post('product', {
    name: `무결성 제품 ${++unique}`,
    code: `INT-P-${unique}`,
    kind: 'Single',
    price,
    unit: 'EA',
    status: 'Active',
  });
const material = () =>
  post('material', {
    name: `무결성 자재 ${++unique}`,
    code: `INT-M-${unique}`,
    unit: '㎡',
    price: 20_000,
    usage: ['Floor'],
    status: 'Active',
  });
const square = (size: number) => [
  { x: 0, y: 0 },
  { x: size, y: 0 },
  { x: size, y: size },
  { x: 0, y: size },
];
const item = (id: string, productId: number, x = 500) => ({ id, productId, x, y: 500, rotation: 0 });
const withItems = (...items: ReturnType<typeof item>[]): DesignDocument => ({
  ...emptyDesignDocument(),
  items,
});

/** A design of the owner's, saved once with `document` (revision 1). */
async function designWith(document: DesignDocument, planId?: number) {
  const design = await post(
    'mydesign',
    { name: `무결성 디자인 ${++unique}`, ...(planId ? { planId } : {}) },
    owner,
  );
  const saved = await save(design.id, document, 0);
  expect([saved.status, saved.body.message]).toEqual([200, undefined]);
  return design.id;
}
const save = (id: number, document: unknown, revision: number) =>
  api().request('PUT', `/api/design/${id}/document`, {
    token: owner,
    headers: { 'if-match': `"${revision}"` },
    body: document,
  });
const usage = async (resource: string, id: number) =>
  (await api().request('GET', `/api/catalogue/usage/${resource}/${id}`, { token: admin })).body;
const remove = (resource: string, id: number) =>
  api().request('DELETE', `/api/${resource}/${id}`, { token: admin });

describe('deleting what designs and estimations use', () => {
  it('refuses every kind of record a design uses with 409 naming the count, and lets it go once unused', async () => {
    const floor = await material();
    const sofa = await product();
    const space = await post('workspace', { name: `무결성 공간 ${++unique}` });
    const art = await post('walldrawing', {
      name: `무결성 벽면 ${unique}`,
      width: 1000,
      height: 1000,
      elements: [],
    });
    const plan = await post('plan', { name: `무결성 평면 ${unique}`, document: emptyDesignDocument() });
    const id = await designWith(
      {
        ...emptyDesignDocument(),
        walls: [{ id: 'w1', a: { x: 0, y: 0 }, b: { x: 4000, y: 0 }, thickness: 100, height: 2400 }],
        rooms: [
          {
            id: 'r1',
            name: '거실',
            workspaceId: space.id,
            floorMaterialId: floor.id,
            polygon: square(4000),
            ceilingHeight: 2400,
          },
        ],
        wallDrawings: [{ id: 'a1', wallId: 'w1', wallDrawingId: art.id, offset: 0 }],
        items: [item('i1', sofa.id)],
      },
      plan.id,
    );
    const used: [string, number][] = [
      ['material', floor.id],
      ['product', sofa.id],
      ['workspace', space.id],
      ['walldrawing', art.id],
      ['plan', plan.id],
    ];
    for (const [resource, recordId] of used) {
      expect([resource, await usage(resource, recordId)]).toEqual([resource, { designs: 1, estimations: 0 }]);
      const refused = await remove(resource, recordId);
      expect([resource, refused.status, refused.body.message]).toEqual([
        resource,
        409,
        catalogueUsageMessages.inUse({ designs: 1, estimations: 0 }),
      ]);
      expect((await api().request('GET', `/api/${resource}/${recordId}`, { token: admin })).status).toBe(200);
    }

    // The design's latest document is what counts: emptied, only the plan it started from holds.
    expect((await save(id, emptyDesignDocument(), 1)).status).toBe(200);
    for (const [resource, recordId] of used.filter(([r]) => r !== 'plan')) {
      expect([resource, (await remove(resource, recordId)).status]).toEqual([resource, 200]);
    }
    expect((await remove('plan', plan.id)).status).toBe(409);
  });

  it('counts an open estimation of the design until it is closed', async () => {
    const lamp = await product(30_000);
    const id = await designWith(withItems(item('i1', lamp.id)));
    const requested = await api().request('POST', `/api/design/${id}/estimation`, {
      token: owner,
      body: { note: '무결성' },
    });
    expect(requested.status).toBe(201);
    expect(await usage('product', lamp.id)).toEqual({ designs: 1, estimations: 1 });

    expect((await save(id, emptyDesignDocument(), 1)).status).toBe(200);
    const refused = await remove('product', lamp.id);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      catalogueUsageMessages.inUse({ designs: 0, estimations: 1 }),
    ]);
    const cancelled = await api().request('POST', `/api/estimation/${requested.body.id}/cancel`, {
      token: owner,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    expect(await usage('product', lamp.id)).toEqual({ designs: 0, estimations: 0 });
    expect((await remove('product', lamp.id)).status).toBe(200);
  });
});

describe('단종', () => {
  it('keeps placements that exist working and priced, and refuses a new one naming the record', async () => {
    const chair = await product(50_000);
    const id = await designWith(withItems(item('i1', chair.id)));
    const stopped = await api().request('PUT', `/api/product/${chair.id}`, {
      token: admin,
      body: { status: 'Discontinued' },
    });
    expect(stopped.status).toBe(200);

    expect((await save(id, withItems(item('i1', chair.id, 900)), 1)).status).toBe(200);
    const added = await save(id, withItems(item('i1', chair.id, 900), item('i2', chair.id)), 2);
    expect([added.status, added.body.message]).toEqual([
      409,
      catalogueUsageMessages.discontinued('제품', chair.name, chair.id, 'items.1.productId'),
    ]);

    const preview = await api().request('POST', `/api/design/${id}/estimate-preview`, {
      token: owner,
      body: {},
    });
    expect(preview.status).toBe(200);
    expect(preview.body.problems).toEqual([]);
    expect(JSON.stringify(preview.body.lines)).toContain(chair.name);
  });
});

describe('a record gone for another reason', () => {
  it('leaves the design opening, saving and previewing, and names path and id when a save adds it', async () => {
    const table = await product(70_000);
    const id = await designWith(withItems(item('i1', table.id)));
    // As a delete that raced the save which placed it would leave it: the record is gone.
    const deps = commandDepsOf(platform.server.runtime);
    const deleted = await handleCommand(deps.store, {
      stream: `Product-${table.id}`,
      decider: recordDecider(productResource),
      command: { type: 'Delete' },
      meta: { actorId: null, correlationId: 'integrity-test', now: new Date() },
    });
    await awaitProjections(deps, null, deleted);

    expect((await api().request('GET', `/api/design/${id}/document`, { token: owner })).status).toBe(200);
    expect((await save(id, withItems(item('i1', table.id, 800)), 1)).status).toBe(200);
    const preview = await api().request('POST', `/api/design/${id}/estimate-preview`, {
      token: owner,
      body: { document: withItems(item('i1', table.id, 700)) },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.problems.join(' ')).toContain(`#${table.id}`);
    expect(JSON.stringify(preview.body.lines)).not.toContain(table.name);

    const names = await api().request('GET', `/api/catalogue/names?product=${table.id}`, { token: owner });
    expect(names.body).toEqual({ product: { [table.id]: table.name } });

    const added = await save(id, withItems(item('i1', table.id, 800), item('i2', table.id)), 2);
    const message = missingReferenceMessage({ kind: 'product', id: table.id, path: 'items.1.productId' });
    expect([added.status, added.body.message, added.body.errors]).toEqual([
      400,
      message,
      { 'items.1.productId': message },
    ]);
  });
});
