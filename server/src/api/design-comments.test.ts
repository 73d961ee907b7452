import { messages } from '@interior/contracts';
import { startTestPlatform, type TestPlatform } from '../testing/platform';
import { signInToShare } from '../testing/shares';

let platform: TestPlatform;
let owner: string;
let colleague: string;
let stranger: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  const user = async (email: string, name: string) => {
    await platform.createUser({ email, password: 'design-password-1', roles: ['BusinessPro'], name });
    return (await platform.api.login(email, 'design-password-1')).token;
  };
  owner = await user('owner@test.example', '김민준');
  colleague = await user('colleague@test.example', '이서연');
  stranger = await user('stranger@test.example', '박지훈');
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const comment = (token: string, body: unknown) => api().request('POST', '/api/comment', { token, body });

describe('comments', () => {
  it('anyone who may read the design comments and replies one level; the author edits and deletes', async () => {
    const { body: design } = await api().request('POST', '/api/mydesign', {
      token: owner,
      body: { name: '댓글' },
    });
    await api().request('POST', `/api/design/${design.id}/share`, {
      token: owner,
      body: { email: 'colleague@test.example', permission: 'Read' },
    });
    colleague = await signInToShare(
      platform,
      { email: 'colleague@test.example', password: 'design-password-1' },
      design.id,
    );
    const first = await comment(colleague, { designId: design.id, body: '  거실이 넓네요  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      body: '거실이 넓네요',
      parentId: null,
      deleted: false,
      authorName: '이서연',
    });
    const reply = await comment(owner, { designId: design.id, body: '감사합니다', parentId: first.body.id });
    expect(reply.status).toBe(201);
    const tooDeep = await comment(colleague, {
      designId: design.id,
      body: '답글의 답글',
      parentId: reply.body.id,
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.errors).toEqual({ parentId: messages.commentReplyDepth });
    expect((await comment(stranger, { designId: design.id, body: '몰래' })).status).toBe(404);
    const long = await comment(owner, { designId: design.id, body: 'x'.repeat(2001) });
    expect(long.body.errors).toEqual({ body: messages.maxLength(2000) });

    const notMine = await api().request('PUT', `/api/comment/${first.body.id}`, {
      token: owner,
      body: { body: '고침' },
    });
    expect(notMine.status).toBe(403);
    const edited = await api().request('PUT', `/api/comment/${first.body.id}`, {
      token: colleague,
      body: { body: '거실이 아주 넓네요' },
    });
    expect(edited.body.body).toBe('거실이 아주 넓네요');
    const deleted = await api().request('DELETE', `/api/comment/${first.body.id}`, { token: colleague });
    expect(deleted.status).toBe(200);

    const list = await api().list('comment', colleague, { filter: { designId: design.id } });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { body: string; authorName: string }) => [c.body, c.authorName])).toEqual([
      ['삭제된 댓글입니다.', '이서연'],
      ['감사합니다', '김민준'],
    ]);
    expect((await api().list('comment', stranger, { filter: { designId: design.id } })).status).toBe(404);
    expect((await api().list('comment', owner)).status).toBe(400);
    const row = await api().request('GET', `/api/mydesign/${design.id}`, { token: owner });
    expect(row.body.commentCount).toBe(1);
  });
});

describe('folders', () => {
  it('nests up to five levels per owner, files designs, and refuses to delete a folder in use', async () => {
    const folder = (token: string, body: unknown) =>
      api().request('POST', '/api/designfolder', { token, body });
    const top = await folder(owner, { name: '아파트' });
    expect(top.status).toBe(201);
    let parentId = top.body.id;
    for (let level = 2; level <= 5; level++) {
      const child = await folder(owner, { name: `${level}단계`, parentId });
      expect(child.status).toBe(201);
      parentId = child.body.id;
    }
    const sixth = await folder(owner, { name: '6단계', parentId });
    expect(sixth.status).toBe(400);
    expect(sixth.body.errors).toEqual({ parentId: messages.folderTooDeep(5) });
    expect((await folder(colleague, { name: '남의 폴더 안', parentId: top.body.id })).status).toBe(400);
    const cycle = await api().request('PUT', `/api/designfolder/${top.body.id}`, {
      token: owner,
      body: { parentId },
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors).toEqual({ parentId: messages.folderCycle });

    const mine = await api().list('designfolder', owner, { range: [0, 99] });
    expect(mine.body).toHaveLength(5);
    expect((await api().list('designfolder', colleague)).body).toEqual([]);
    expect(
      (await api().request('GET', `/api/designfolder/${top.body.id}`, { token: colleague })).status,
    ).toBe(404);

    const leaf = await folder(owner, { name: '빌라' });
    const design = await api().request('POST', '/api/mydesign', {
      token: owner,
      body: { name: '폴더 안', folderId: leaf.body.id },
    });
    expect(design.body.folderId).toBe(leaf.body.id);
    const inFolder = await api().list('mydesign', owner, { filter: { folderId: leaf.body.id } });
    expect(inFolder.body.map((d: { id: number }) => d.id)).toEqual([design.body.id]);
    expect(
      (
        await api().request('POST', '/api/mydesign', {
          token: colleague,
          body: { name: 'x', folderId: leaf.body.id },
        })
      ).status,
    ).toBe(400);

    const busy = await api().request('DELETE', `/api/designfolder/${leaf.body.id}`, { token: owner });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(messages.folderNotEmpty);
    const moved = await api().request('PUT', `/api/mydesign/${design.body.id}`, {
      token: owner,
      body: { folderId: null },
    });
    expect(moved.body.folderId).toBeNull();
    expect(
      (await api().request('DELETE', `/api/designfolder/${leaf.body.id}`, { token: owner })).status,
    ).toBe(200);
  });
});
