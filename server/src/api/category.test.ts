import { categoryMessages, messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
let guest: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'reader@test.example',
    password: 'reader-password-1',
    roles: ['PersonalFree'],
  });
  guest = (await platform.api.login('reader@test.example', 'reader-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const path = '/api/category/material';
type Category = {
  id: number;
  name: string;
  parentId: number | null;
  position: number;
  path: number[];
  depth: number;
  childCount: number;
  itemCount: number;
  version: number;
};
const create = async (name: string, parentId: number | null = null, position?: number) => {
  const created = await api().request('POST', path, { token: admin, body: { name, parentId, position } });
  expect(created.status).toBe(201);
  return created.body as Category;
};
const read = async (id: number) =>
  (await api().request('GET', `${path}/${id}`, { token: admin })).body as Category;
const move = (id: number, body: Record<string, unknown>) =>
  api().request('PUT', `${path}/${id}`, { token: admin, body });
const childrenOf = async (parentId: number) => {
  const listed = await api().list('category/material', admin, {
    filter: { parentId },
    sort: ['position', 'ASC'],
  });
  return (listed.body as Category[]).map((c) => [c.name, c.position]);
};

describe('category trees', () => {
  it('derives path, depth and child counts, and orders siblings by position', async () => {
    const root = await create('바닥재');
    expect(root).toMatchObject({ parentId: null, path: [root.id], depth: 1, childCount: 0, itemCount: 0 });
    const a = await create('강마루', root.id);
    const b = await create('강화마루', root.id);
    const c = await create('장판', root.id, 1);
    expect(await childrenOf(root.id)).toEqual([
      ['장판', 1],
      ['강마루', 2],
      ['강화마루', 3],
    ]);
    expect((await read(root.id)).childCount).toBe(3);
    expect(await read(a.id)).toMatchObject({ path: [root.id, a.id], depth: 2 });

    // Reorder: 강화마루 first; the siblings are renumbered.
    expect((await move(b.id, { position: 1 })).status).toBe(200);
    expect(await childrenOf(root.id)).toEqual([
      ['강화마루', 1],
      ['장판', 2],
      ['강마루', 3],
    ]);
    // Moving back to a position it once had is recorded again.
    expect((await move(c.id, { position: 1 })).status).toBe(200);
    expect((await childrenOf(root.id))[0]).toEqual(['장판', 1]);

    // Re-parent under a sibling: path of the subtree follows, counts move.
    const leaf = await create('원목', a.id);
    expect((await move(a.id, { parentId: b.id })).status).toBe(200);
    expect(await read(leaf.id)).toMatchObject({ path: [root.id, b.id, a.id, leaf.id], depth: 4 });
    expect((await read(root.id)).childCount).toBe(2);
    expect((await read(b.id)).childCount).toBe(1);
    expect(await childrenOf(root.id)).toEqual([
      ['장판', 1],
      ['강화마루', 2],
    ]);
  });

  it('refuses a move under itself or its descendants with 409', async () => {
    const top = await create('벽재');
    const mid = await create('벽지', top.id);
    const low = await create('실크벽지', mid.id);
    for (const target of [top.id, mid.id, low.id]) {
      const refused = await move(top.id, { parentId: target });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(categoryMessages.intoItself);
    }
    expect(await read(top.id)).toMatchObject({ parentId: null, depth: 1 });
  });

  it('allows five levels and no more, also when moving a subtree', async () => {
    let parent: Category | null = null;
    const chain: Category[] = [];
    for (let level = 1; level <= 5; level++) {
      parent = await create(`단계 ${level}`, parent?.id ?? null);
      chain.push(parent);
    }
    expect(parent?.depth).toBe(5);
    const sixth = await api().request('POST', path, {
      token: admin,
      body: { name: '단계 6', parentId: parent?.id },
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe(categoryMessages.tooDeep);
    const other = await create('다른 뿌리');
    await create('다른 자식', other.id);
    const deep = await move(other.id, { parentId: chain[3]!.id });
    expect(deep.status).toBe(409);
    expect(deep.body.message).toBe(categoryMessages.tooDeep);
  });

  it('keeps sibling names unique ignoring case, and lets cousins share a name', async () => {
    const one = await create('타일');
    const two = await create('석재');
    await create('Porcelain', one.id);
    const again = await api().request('POST', path, {
      token: admin,
      body: { name: ' porcelain ', parentId: one.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(categoryMessages.duplicateSibling);
    const cousin = await create('Porcelain', two.id);
    const moved = await move(cousin.id, { parentId: one.id });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(categoryMessages.duplicateSibling);
    // A renamed category gives its old name back.
    expect((await move(cousin.id, { name: '자기질' })).status).toBe(200);
    expect((await create('Porcelain', two.id)).name).toBe('Porcelain');
  });

  it('refuses to delete a category with children, and a parent that is not in the tree', async () => {
    const top = await create('천장재');
    await create('석고보드', top.id);
    const refused = await api().request('DELETE', `${path}/${top.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(categoryMessages.hasChildren(1));
    const missing = await api().request('POST', path, {
      token: admin,
      body: { name: '소파', parentId: 2_000_000 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.parentId).toBe(messages.referenceMissing('상위 분류'));
  });

  it('is read by every signed-in user and written only by writers', async () => {
    const top = await create('조명');
    const listed = await api().list('category/material', guest, { filter: { q: '조명' } });
    expect(listed.status).toBe(200);
    expect((listed.body as Category[]).map((c) => c.id)).toContain(top.id);
    const write = await api().request('PUT', `${path}/${top.id}`, { token: guest, body: { name: 'x' } });
    expect(write.status).toBe(403);
  });
});
