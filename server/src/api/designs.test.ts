import { commandDepsOf, purgeExpiredDesigns } from '@interior/command-service';
import { emptyDesignDocument, messages, missingReferenceMessage, type RecordDiff } from '@interior/contracts';
import { eventually } from '@interior/platform/testing';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { recordLog } from '../testing/record-history';
import { signInToShare } from '../testing/shares';

let platform: TestPlatform;
let admin: string;
let owner: string;
let colleague: string;
let stranger: string;
let free: string;
let colleagueId: number;

const room = (id: string, polygon: { x: number; y: number }[]) => ({
  id,
  name: '방',
  polygon,
  ceilingHeight: 2400,
});
const square = (size: number) => [
  { x: 0, y: 0 },
  { x: size, y: 0 },
  { x: size, y: size },
  { x: 0, y: size },
];
const docWithRooms = (n: number) => ({
  ...emptyDesignDocument(),
  rooms: Array.from({ length: n }, (_, i) => room(`r${i}`, square(3000))),
});

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  const user = async (email: string, roles: string[], name: string) => {
    const id = await platform.createUser({
      email,
      password: 'design-password-1',
      roles: roles as never,
      name,
    });
    return { id, token: (await platform.api.login(email, 'design-password-1')).token };
  };
  owner = (await user('owner@test.example', ['PersonalPro'], '김민준')).token;
  const c = await user('colleague@test.example', ['BusinessPro'], '이서연');
  colleague = c.token;
  colleagueId = c.id;
  stranger = (await user('stranger@test.example', ['PersonalPro'], '박지훈')).token;
  free = (await user('free@test.example', ['PersonalFree'], '최무료')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const create = (token: string, body: unknown) => api().request('POST', '/api/mydesign', { token, body });
const saveDocument = (token: string, id: number, document: unknown, revision: number) =>
  api().request('PUT', `/api/design/${id}/document`, {
    token,
    body: document,
    headers: { 'if-match': `"${revision}"` },
  });

describe('designs', () => {
  it('creates an empty design owned by the caller and lists it under mydesign', async () => {
    const created = await create(owner, { name: '  34평 아파트  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: '34평 아파트',
      status: 'Active',
      revision: 0,
      area: 0,
      roomCount: 0,
    });
    const list = await api().list('mydesign', owner, { sort: ['name', 'ASC'] });
    expect(list.status).toBe(200);
    expect(list.body.map((d: { id: number }) => d.id)).toContain(created.body.id);
    expect(list.headers.get('content-range')).toMatch(/^mydesign 0-\d+\/\d+$/);
    const theirs = await api().list('mydesign', stranger);
    expect(theirs.body.map((d: { id: number }) => d.id)).not.toContain(created.body.id);
  });

  it('validates the creation and refuses a plan that does not exist', async () => {
    const empty = await create(owner, { name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ name: messages.required });
    const fromPlan = await create(owner, { name: '평면도에서', planId: 99 });
    expect(fromPlan.status).toBe(400);
    expect(fromPlan.body).toEqual({
      status: 400,
      message: '평면도를 찾을 수 없습니다.',
      errors: { planId: '평면도를 찾을 수 없습니다.' },
    });
  });

  it('saves documents with If-Match: one 200 and one 412 on the same revision; any revision reads back', async () => {
    const { body: design } = await create(owner, { name: '저장 경합' });
    const read = await api().request('GET', `/api/design/${design.id}/document`, { token: owner });
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"0"');
    expect(read.body).toEqual(emptyDesignDocument());

    const [a, b] = await Promise.all([
      saveDocument(owner, design.id, docWithRooms(1), 0),
      saveDocument(owner, design.id, docWithRooms(2), 0),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    const winner = a.status === 200 ? a : b;
    expect(winner.body).toEqual({ id: design.id, revision: 1 });
    expect(winner.headers.get('etag')).toBe('"1"');

    const row = await api().request('GET', `/api/mydesign/${design.id}`, { token: owner });
    // Each room is 3 m × 3 m, so the winner's area tells which of the two saves won.
    const rooms = a.status === 200 ? 1 : 2;
    expect(row.body).toMatchObject({ revision: 1, area: 9 * rooms, roomCount: rooms });

    const missingIfMatch = await api().request('PUT', `/api/design/${design.id}/document`, {
      token: owner,
      body: docWithRooms(1),
    });
    expect(missingIfMatch.status).toBe(400);

    const atZero = await api().request('GET', `/api/design/${design.id}/document?revision=0`, {
      token: owner,
    });
    expect(atZero.body).toEqual(emptyDesignDocument());
    const atOne = await api().request('GET', `/api/design/${design.id}/document?revision=1`, {
      token: owner,
    });
    expect(atOne.body.rooms.length).toBeGreaterThan(0);
    const atNine = await api().request('GET', `/api/design/${design.id}/document?revision=9`, {
      token: owner,
    });
    expect(atNine.status).toBe(404);
  });

  it('refuses a self-intersecting room, a duplicate id and a missing material, naming the path', async () => {
    const { body: design } = await create(owner, { name: '검증' });
    const bowtie = [
      { x: 0, y: 0 },
      { x: 3000, y: 3000 },
      { x: 3000, y: 0 },
      { x: 0, y: 3000 },
    ];
    const crossing = await saveDocument(
      owner,
      design.id,
      { ...emptyDesignDocument(), rooms: [room('r1', bowtie)] },
      0,
    );
    expect(crossing.status).toBe(400);
    expect(crossing.body.errors['rooms.0.polygon']).toBe(messages.polygonSelfIntersecting);

    const duplicate = await saveDocument(
      owner,
      design.id,
      { ...emptyDesignDocument(), rooms: [room('r1', square(1000)), room('r1', square(2000))] },
      0,
    );
    expect(duplicate.status).toBe(400);
    expect(Object.values(duplicate.body.errors)).toContain(messages.duplicateElementId);

    const material = await saveDocument(
      owner,
      design.id,
      { ...emptyDesignDocument(), rooms: [{ ...room('r1', square(1000)), floorMaterialId: 12 }] },
      0,
    );
    expect(material.status).toBe(400);
    expect(material.body.errors).toEqual({
      'rooms.0.floorMaterialId': missingReferenceMessage({
        kind: 'material',
        id: 12,
        path: 'rooms.0.floorMaterialId',
      }),
    });

    const unchanged = await api().request('GET', `/api/design/${design.id}/document`, { token: owner });
    expect(unchanged.headers.get('etag')).toBe('"0"');
  });

  it('answers 404 to a user without a grant on the design, its document, log and thumbnail', async () => {
    const { body: design } = await create(owner, { name: '비공개' });
    for (const path of [
      `/api/mydesign/${design.id}`,
      `/api/design/${design.id}/document`,
      `/api/design/${design.id}/log`,
      `/api/design/${design.id}/thumbnail.svg`,
    ]) {
      const response = await api().request('GET', path, { token: stranger });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.body.message).toBe(messages.designNotFound);
    }
    expect((await saveDocument(stranger, design.id, docWithRooms(1), 0)).status).toBe(404);
    expect((await api().request('DELETE', `/api/mydesign/${design.id}`, { token: stranger })).status).toBe(
      404,
    );
  });

  it('serves the thumbnail as a sandboxed SVG drawing', async () => {
    const { body: design } = await create(owner, { name: '<썸네일>' });
    await saveDocument(owner, design.id, docWithRooms(1), 0);
    const svg = await api().request('GET', `/api/design/${design.id}/thumbnail.svg`, { token: owner });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(svg.body).toMatch(/^<svg/);
    expect(svg.body).toContain('&lt;썸네일&gt;');
    expect(svg.body).not.toContain('<썸네일>');
  });

  it('trashes, restores and deletes forever; the purge job removes designs trashed 30 days ago', async () => {
    const { body: design } = await create(owner, { name: '휴지통' });
    const trashed = await api().request('DELETE', `/api/mydesign/${design.id}`, { token: owner });
    expect(trashed.status).toBe(200);
    expect(trashed.body.status).toBe('Trashed');
    const ids = async (resource: string) =>
      (await api().list(resource, owner, { range: [0, 999] })).body.map((d: { id: number }) => d.id);
    expect(await ids('mydesign')).not.toContain(design.id);
    expect(await ids('trash')).toContain(design.id);
    const renameTrashed = await api().request('PUT', `/api/mydesign/${design.id}`, {
      token: owner,
      body: { name: '바꾸기' },
    });
    expect(renameTrashed.status).toBe(409);

    const restored = await api().request('POST', `/api/trash/${design.id}/restore`, { token: owner });
    expect(restored.body.status).toBe('Active');
    expect(await ids('mydesign')).toContain(design.id);
    expect(await ids('trash')).not.toContain(design.id);

    await api().request('DELETE', `/api/mydesign/${design.id}`, { token: owner });
    const deps = commandDepsOf(platform.server.runtime);
    expect(await purgeExpiredDesigns(deps, new Date(Date.now() + 29 * 24 * 3600 * 1000))).toBe(0);
    expect(await ids('trash')).toContain(design.id);
    expect(
      await purgeExpiredDesigns(deps, new Date(Date.now() + 31 * 24 * 3600 * 1000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await ids('trash')).not.toContain(design.id);
    expect((await api().request('GET', `/api/mydesign/${design.id}`, { token: owner })).status).toBe(404);

    const { body: other } = await create(owner, { name: '영구 삭제' });
    expect((await api().request('DELETE', `/api/trash/${other.id}`, { token: owner })).status).toBe(409);
    await api().request('DELETE', `/api/mydesign/${other.id}`, { token: owner });
    expect((await api().request('DELETE', `/api/trash/${other.id}`, { token: owner })).status).toBe(200);
    expect(await ids('trash')).not.toContain(other.id);
  });

  it('copies a design with its document, renames it and logs what happened in Korean', async () => {
    const { body: design } = await create(owner, { name: '원본' });
    await saveDocument(owner, design.id, docWithRooms(2), 0);
    const copy = await api().request('POST', `/api/mydesign/${design.id}/copy`, { token: owner, body: {} });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: '원본 사본', roomCount: 2, revision: 0 });
    const copied = await api().request('GET', `/api/design/${copy.body.id}/document`, { token: owner });
    expect(copied.body.rooms).toHaveLength(2);

    const renamed = await api().request('PUT', `/api/mydesign/${design.id}`, {
      token: owner,
      body: { name: '새 이름' },
    });
    expect(renamed.body.name).toBe('새 이름');

    const log = await api().request(
      'GET',
      `/api/design/${design.id}/log?range=${encodeURIComponent('[0,9]')}`,
      {
        token: owner,
      },
    );
    // The design's 이력 in the audit log's sentences (the design by its name now), a save by what
    // it did to the drawing.
    expect(log.status).toBe(200);
    const own = (log.body as { revision: number | null; sentence: string }[]).filter(
      (e) => e.revision !== null,
    );
    expect(own.map((e) => e.sentence)).toEqual([
      '김민준님이 디자인 ‘새 이름’에서 이름 변경을 했습니다.',
      '김민준님이 디자인 ‘새 이름’에서 방 2개를 추가했습니다.',
      '김민준님이 디자인 ‘새 이름’에서 디자인 생성을 했습니다.',
    ]);
    expect(log.headers.get('content-range')).toBe(`log 0-${log.body.length - 1}/${log.body.length}`);
    // The same rows as the design's 이력 on every record's route.
    const history = await api().request(
      'GET',
      `/api/history/Design/${design.id}/log?range=${encodeURIComponent('[0,9]')}`,
      { token: owner },
    );
    expect(history.body).toEqual(log.body);
  });

  it('shares by e-mail: exactly that person may read or write, once they sign in again', async () => {
    const { body: design } = await create(owner, { name: '공유' });
    const known = await api().request('POST', `/api/design/${design.id}/share`, {
      token: owner,
      body: { email: 'Colleague@test.example', permission: 'Read' },
    });
    expect(known.status).toBe(202);
    const colleagueAgain = await signInToShare(
      platform,
      { email: 'colleague@test.example', password: 'design-password-1' },
      design.id,
    );
    expect(
      (await api().request('GET', `/api/design/${design.id}/document`, { token: colleagueAgain })).status,
    ).toBe(200);
    expect((await saveDocument(colleagueAgain, design.id, docWithRooms(1), 0)).status).toBe(403);
    expect((await api().request('GET', `/api/mydesign/${design.id}`, { token: stranger })).status).toBe(404);
    const sharedList = await api().list('shared', colleagueAgain);
    expect(sharedList.body.map((d: { id: number }) => d.id)).toContain(design.id);
    // The share is accepted (202); the owner's list counts it once the designs read model has
    // folded the grant, which may come after the colleague's own access.
    await eventually(
      async () =>
        (await api().request('GET', `/api/mydesign/${design.id}`, { token: owner })).body.shareCount === 1,
    );

    await api().request('POST', `/api/design/${design.id}/share`, {
      token: owner,
      body: { email: 'colleague@test.example', permission: 'Write' },
    });
    const colleagueThird = (await api().login('colleague@test.example', 'design-password-1')).token;
    let saved = 0;
    for (const deadline = Date.now() + 10_000; saved !== 200 && Date.now() < deadline; )
      saved = (await saveDocument(colleagueThird, design.id, docWithRooms(1), 0)).status;
    expect(saved).toBe(200);

    const mail = await platform.mailTo('colleague@test.example', { subject: /공유/ });
    expect(mail?.text).toContain('공유');

    const bad = await api().request('POST', `/api/design/${design.id}/share`, {
      token: owner,
      body: { email: 'not-an-address', permission: 'Admin' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: messages.invalidEmail, permission: messages.sharePermission });
  });

  it('shows the sharer the same answer, history and grants whether or not the address has an account', async () => {
    /** What the sharer can see of a design shared with the address, without ids and times. */
    const seenAfterSharing = async (email: string) => {
      const { body: design } = await create(owner, { name: '비교' });
      const answer = await api().request('POST', `/api/design/${design.id}/share`, {
        token: owner,
        body: { email, permission: 'Write' },
      });
      const history = await recordLog(api(), owner, `Design/${design.id}`);
      const shared = history.rows.find((e) => e.type === 'DesignShared')!;
      const diff = await api().request<RecordDiff>(
        'GET',
        `/api/history/Design/${design.id}/diff?from=${shared.revision! - 1}&to=${shared.revision}`,
        { token: owner },
      );
      const acl = await api().request('GET', `/api/acl/Design/${design.id}`, { token: owner });
      const info = await api().request('GET', `/api/acl/info/Design/${design.id}`, { token: owner });
      const row = await api().request('GET', `/api/mydesign/${design.id}`, { token: owner });
      return {
        answer: [answer.status, answer.body],
        history: history.rows.map((e) => ({ type: e.type, sentence: e.sentence, actor: e.actor })),
        // What the share changed, by field (the address itself aside: it is the one difference).
        shareChanges: diff.body.changes
          .filter((change) => !/email/i.test(change.path))
          .map(({ path, label, afterText }) => ({ path, label, afterText })),
        aces: acl.body.aces,
        info: info.body,
        shareCount: row.body.shareCount,
      };
    };
    const withAccount = await seenAfterSharing('stranger@test.example');
    const withoutAccount = await seenAfterSharing('no.account.yet@test.example');
    expect(withAccount).toEqual(withoutAccount);
    expect(JSON.stringify(withAccount)).not.toMatch(/"userId":\d/);
    // A share reads as the screens name it: its permission in Korean, no hash of the address.
    expect(withAccount.shareChanges).toContainEqual({
      path: 'permission',
      label: '공유 권한',
      afterText: '쓰기',
    });
    for (const change of withAccount.shareChanges) expect(change.label).not.toBe('기타 항목');
  });

  it('a share to an address without an account attaches when that address signs up', async () => {
    const { body: design } = await create(owner, { name: '가입 후 공유' });
    await api().request('POST', `/api/design/${design.id}/share`, {
      token: owner,
      body: { email: 'later@test.example', permission: 'Write' },
    });
    await platform.createUser({
      email: 'later@test.example',
      password: 'design-password-1',
      roles: ['BusinessPro'],
    });
    const later = await signInToShare(
      platform,
      { email: 'later@test.example', password: 'design-password-1' },
      design.id,
    );
    expect((await saveDocument(later, design.id, docWithRooms(1), 0)).status).toBe(200);
  });

  it('PersonalFree cannot share and has no shared list', async () => {
    const { body: design } = await create(free, { name: '무료' });
    const share = await api().request('POST', `/api/design/${design.id}/share`, {
      token: free,
      body: { email: 'colleague@test.example', permission: 'Read' },
    });
    expect(share.status).toBe(403);
    expect(share.body.message).toBe(messages.shareNotAllowed);
    expect((await api().list('shared', free)).status).toBe(403);
  });

  it('the Admin sees every design, filters by owner and status, and transfers one', async () => {
    const { body: design } = await create(owner, { name: '관리 대상' });
    expect((await api().list('design/management', owner)).status).toBe(403);
    const all = await api().list('design/management', admin, {
      filter: { status: 'Active' },
      range: [0, 999],
    });
    expect(all.status).toBe(200);
    expect(all.body.map((d: { id: number }) => d.id)).toContain(design.id);
    const transferred = await api().request('POST', `/api/design/${design.id}/transfer`, {
      token: admin,
      body: { ownerId: colleagueId },
    });
    expect(transferred.status).toBe(200);
    expect(transferred.body.ownerId).toBe(colleagueId);
    expect((await api().request('DELETE', `/api/mydesign/${design.id}`, { token: colleague })).status).toBe(
      200,
    );
    expect((await api().request('GET', `/api/mydesign/${design.id}`, { token: owner })).status).toBe(404);
  });

  it('design-manager/design is empty until estimations assign designs', async () => {
    const list = await api().list('design-manager/design', admin);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await api().list('design-manager/design', owner)).status).toBe(403);
  });
});

describe('share rate limit', () => {
  let limited: TestPlatform;
  afterAll(async () => {
    await limited?.stop();
  });
  it('answers 429 in Korean, with Retry-After, after the shares one person may send in an hour', async () => {
    limited = await startTestPlatform({ rateLimits: { sharePerUser: { points: 2, duration: 3600 } } });
    const id = await limited.createUser({
      email: 'sharer@test.example',
      password: 'design-password-1',
      roles: ['PersonalPro'],
    });
    expect(id).toBeGreaterThan(0);
    const token = (await limited.api.login('sharer@test.example', 'design-password-1')).token;
    const { body: design } = await limited.api.request('POST', '/api/mydesign', {
      token,
      body: { name: '공유' },
    });
    const share = (n: number) =>
      limited.api.request('POST', `/api/design/${design.id}/share`, {
        token,
        body: { email: `probe${n}@test.example`, permission: 'Read' },
      });
    expect((await share(1)).status).toBe(202);
    expect((await share(2)).status).toBe(202);
    const third = await share(3);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ status: 429, message: messages.tooManyRequests });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
