import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
let designer: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'designer@test.example',
    password: 'sample-password-1',
    roles: ['Designer'],
  });
  designer = (await platform.api.login('designer@test.example', 'sample-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
}, 120_000);

const total = async (resource: string, filter: Record<string, unknown> = {}) =>
  Number(
    (await platform.api.list(resource, admin, { filter, range: [0, 0] })).headers
      .get('content-range')
      ?.split('/')
      .pop(),
  );

describe('the sample catalogue', () => {
  it('loads once through the commands, names every record 예시, and a second load adds nothing', async () => {
    expect((await platform.api.request('POST', '/api/catalogue/sample', { token: designer })).status).toBe(
      403,
    );
    const first = await platform.api.request('POST', '/api/catalogue/sample', { token: admin });
    expect([first.status, first.body.message]).toEqual([200, undefined]);
    expect(first.body.created).toBeGreaterThanOrEqual(130);
    expect(await total('material')).toBe(40);
    expect(await total('product')).toBe(40);
    expect(await total('workspace')).toBe(10);
    expect(await total('bom')).toBe(4);
    expect(await total('plan')).toBe(2);
    for (const resource of ['material', 'product', 'workspace', 'bom', 'plan', 'brand', 'category/product']) {
      const rows = (await platform.api.list(resource, admin, { range: [0, 99] })).body as { name: string }[];
      for (const row of rows) expect(row.name).toContain('예시');
    }
    // The trees and references hold: the furniture subtree has the sofas, beds, tables and storage.
    const furniture = (await platform.api.list('category/product', admin, { filter: { q: '가구 예시' } }))
      .body[0];
    expect(await total('product', { categoryId: furniture.id })).toBe(20);
    expect(furniture.childCount).toBe(4);

    // Every material has its texture: a PNG the platform drew for it, served to any reader.
    const materials = (await platform.api.list('material', admin, { range: [0, 99] })).body as {
      code: string;
      texture: { name: string; contentType: string } | null;
    }[];
    expect(materials.filter((m) => m.texture?.contentType !== 'image/png').map((m) => m.code)).toEqual([]);
    const served = await fetch(`${platform.url}/api/file/${materials[0]!.texture!.name}`, {
      headers: { authorization: `Bearer ${designer}` },
    });
    expect(served.status).toBe(200);
    const png = Buffer.from(await served.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(new Set(materials.map((m) => m.texture?.name)).size).toBe(40);

    const second = await platform.api.request('POST', '/api/catalogue/sample', { token: admin });
    expect(second.body).toEqual({ created: 0 });
    expect(await total('material')).toBe(40);
  }, 300_000);
});
