import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { recordedEvents, recordLog, recordStateAt } from '../testing/record-history';

let platform: TestPlatform;
let admin: string;
let designer: string;
let designerId: number;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  designerId = await platform.createUser({
    email: 'designer@test.example',
    password: 'designer-password-1',
    roles: ['Designer'],
  });
  designer = (await platform.api.login('designer@test.example', 'designer-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const create = (name: string, description = `${name} 설명`) =>
  api().request('POST', '/api/usergroup', { token: admin, body: { name, description } });

describe('POST /api/usergroup', () => {
  it('creates a group and answers the record with its ETag; a GET right after sees it', async () => {
    for (let i = 0; i < 10; i++) {
      const created = await create(`즉시조회 ${i}`);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: `즉시조회 ${i}`,
        description: `즉시조회 ${i} 설명`,
        members: 0,
        registeredBy: 1,
        updated: null,
        updatedBy: null,
        version: 0,
      });
      expect(created.body.id).toBeGreaterThan(0);
      expect(created.headers.get('etag')).toBe('"0"');
      expect(created.headers.get('x-read-model')).toBeNull();
      const read = await api().request('GET', `/api/usergroup/${created.body.id}`, { token: admin });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
      expect(read.headers.get('etag')).toBe('"0"');
    }
  });

  it('trims text and validates with the product’s Korean messages', async () => {
    const trimmed = await create('  여백  ', '  설명  ');
    expect(trimmed.body).toMatchObject({ name: '여백', description: '설명' });

    const tooLong = await create('가'.repeat(51));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      status: 400,
      message: '50 글자 이하로 입력해야 합니다.',
      errors: { name: '50 글자 이하로 입력해야 합니다.' },
    });
    expect((await create('가'.repeat(50))).status).toBe(201);

    const longDescription = await create('설명이 긴 그룹', 'x'.repeat(256));
    expect(longDescription.body.errors).toEqual({ description: '255 글자 이하로 입력해야 합니다.' });

    const missing = await api().request('POST', '/api/usergroup', {
      token: admin,
      body: { description: '   ' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ name: messages.required, description: messages.required });

    const wrongType = await api().request('POST', '/api/usergroup', {
      token: admin,
      body: { name: 5, description: [] },
    });
    expect(wrongType.body.errors).toEqual({
      name: messages.invalidValue,
      description: messages.invalidValue,
    });
  });

  it('needs a signed-in Admin', async () => {
    expect(
      (await api().request('POST', '/api/usergroup', { body: { name: 'a', description: 'b' } })).status,
    ).toBe(401);
    const forbidden = await api().request('POST', '/api/usergroup', {
      token: designer,
      body: { name: 'a', description: 'b' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(messages.forbidden);
  });
});

describe('GET /api/usergroup (simple-rest list)', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const [name, description] of [
      ['목록 가', '하나 100%'],
      ['목록 나', '둘 under_score'],
      ['목록 다', '셋'],
    ]) {
      ids.push((await create(name!, description)).body.id);
    }
  });

  it('sorts by every sortable field, pages with range and counts in Content-Range', async () => {
    const page = await api().list('usergroup', admin, {
      sort: ['name', 'DESC'],
      range: [0, 1],
      filter: { q: '목록' },
    });
    expect(page.status).toBe(200);
    expect(page.body.map((g: { name: string }) => g.name)).toEqual(['목록 다', '목록 나']);
    expect(page.headers.get('content-range')).toBe('usergroup 0-1/3');
    const next = await api().list('usergroup', admin, {
      sort: ['name', 'DESC'],
      range: [2, 3],
      filter: { q: '목록' },
    });
    expect(next.body.map((g: { name: string }) => g.name)).toEqual(['목록 가']);
    expect(next.headers.get('content-range')).toBe('usergroup 2-2/3');
    for (const field of ['name', 'members', 'description', 'registered', 'id']) {
      for (const order of ['ASC', 'DESC']) {
        expect((await api().list('usergroup', admin, { sort: [field, order] })).status).toBe(200);
      }
    }
    const empty = await api().list('usergroup', admin, { filter: { q: '어디에도 없는 이름' } });
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('content-range')).toBe('usergroup */0');
  });

  it('searches name and description with q, taking % and _ literally', async () => {
    const byDescription = await api().list('usergroup', admin, { filter: { q: '100%' } });
    expect(byDescription.body.map((g: { id: number }) => g.id)).toEqual([ids[0]]);
    const underscore = await api().list('usergroup', admin, { filter: { q: 'under_score' } });
    expect(underscore.body.map((g: { id: number }) => g.id)).toEqual([ids[1]]);
    const percentOnly = await api().list('usergroup', admin, { filter: { q: '%' } });
    expect(percentOnly.body.map((g: { id: number }) => g.id)).toEqual([ids[0]]);
  });

  it('gets many by id or ids, and filters by fields and ranges', async () => {
    const many = await api().list('usergroup', admin, {
      filter: { id: [ids[0], ids[2]] },
      sort: ['id', 'ASC'],
    });
    expect(many.body.map((g: { id: number }) => g.id)).toEqual([ids[0], ids[2]]);
    const viaIds = await api().request(
      'GET',
      `/api/usergroup?ids=${ids[1]}&ids=${ids[2]}&sort=["id","ASC"]`,
      {
        token: admin,
      },
    );
    expect(viaIds.body.map((g: { id: number }) => g.id)).toEqual([ids[1], ids[2]]);
    const byName = await api().list('usergroup', admin, { filter: { name: '목록 나' } });
    expect(byName.body.map((g: { id: number }) => g.id)).toEqual([ids[1]]);
    const since = await api().list('usergroup', admin, {
      filter: { registered_gte: new Date(Date.now() - 60_000).toISOString(), q: '목록' },
    });
    expect(since.body).toHaveLength(3);
    const none = await api().list('usergroup', admin, { filter: { members_gt: 0, q: '목록' } });
    expect(none.body).toEqual([]);
  });

  it('answers bad parameters with a 400 and a Korean message, never a 5xx', async () => {
    const cases: [string, string][] = [
      ['sort=["password","ASC"]', messages.unknownSortField('password')],
      ['sort=["name","SIDEWAYS"]', messages.invalidSort],
      ['sort=name', messages.invalidSort],
      ['range=[0,999999]', messages.rangeTooLarge(1000)],
      ['range=[5,1]', messages.invalidRange],
      ['range=[-1,5]', messages.invalidRange],
      ['range=oops', messages.invalidRange],
      ['filter={"nope":1}', messages.unknownFilterField('nope')],
      ['filter={"members":"many"}', messages.invalidFilter],
      ['filter={"registered_gte":"yesterday"}', messages.invalidFilter],
      ['filter={"name_gte":"a"}', messages.unknownFilterField('name_gte')],
      ['filter=[1,2]', messages.invalidFilter],
      ['filter={bad json', messages.invalidFilter],
      ['filter={"id":["x"]}', messages.invalidFilter],
      ['ids=abc', messages.invalidFilter],
    ];
    for (const [query, message] of cases) {
      const response = await api().request('GET', `/api/usergroup?${query}`, { token: admin });
      expect({ query, status: response.status, body: response.body }).toEqual({
        query,
        status: 400,
        body: { status: 400, message },
      });
    }
    const exportPage = await api().list('usergroup', admin, { range: [0, 999] });
    expect(exportPage.status).toBe(200);
  });

  it('shows nothing to a user without a grant, and nothing to anyone signed out', async () => {
    const list = await api().list('usergroup', designer);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect(list.headers.get('content-range')).toBe('usergroup */0');
    expect((await api().request('GET', '/api/usergroup')).status).toBe(401);
    expect((await api().request('GET', `/api/usergroup/${ids[0]}`, { token: designer })).body).toEqual({
      status: 404,
      message: messages.userGroupNotFound,
    });
  });
});

describe('GET /api/usergroup asked again (answers remembered while the read models are unchanged)', () => {
  it('shows each change, and each grant, to the same list asked again', async () => {
    const filter = { q: '다시 묻기' };
    const names = async (token: string) =>
      (await api().list('usergroup', token, { filter, sort: ['id', 'ASC'] })).body.map(
        (g: { name: string }) => g.name,
      );
    const first = await create('다시 묻기 하나');
    expect(await names(admin)).toEqual(['다시 묻기 하나']);
    expect(await names(admin)).toEqual(['다시 묻기 하나']);
    await create('다시 묻기 둘');
    expect(await names(admin)).toEqual(['다시 묻기 하나', '다시 묻기 둘']);
    const renamed = await api().request('PUT', `/api/usergroup/${first.body.id}`, {
      token: admin,
      headers: { 'if-match': '"0"' },
      body: { description: '설명만 바뀜', name: '다시 묻기 하나 (고침)' },
    });
    expect(renamed.status).toBe(200);
    expect(await names(admin)).toEqual(['다시 묻기 하나 (고침)', '다시 묻기 둘']);

    // The same list, asked by someone else, is their own: nothing until a grant reaches them.
    expect(await names(designer)).toEqual([]);
    const granted = await api().request('PUT', `/api/acl/UserGroup/${first.body.id}`, {
      token: admin,
      body: [{ identity: { type: 'User', id: designerId }, permission: 'Read' }],
    });
    expect(granted.status).toBeLessThan(300);
    expect(await names(designer)).toEqual(['다시 묻기 하나 (고침)']);
    expect(await names(admin)).toEqual(['다시 묻기 하나 (고침)', '다시 묻기 둘']);
  });
});

describe('PUT and DELETE /api/usergroup/{id}', () => {
  it('updates with If-Match; of five concurrent saves of one version exactly one wins', async () => {
    const { body: group } = await create('동시 수정');
    const saves = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api().request('PUT', `/api/usergroup/${group.id}`, {
          token: admin,
          headers: { 'if-match': '"0"' },
          body: { ...group, name: `동시 수정 ${i}` },
        }),
      ),
    );
    expect(saves.map((s) => s.status).sort()).toEqual([200, 412, 412, 412, 412]);
    const winner = saves.find((s) => s.status === 200)!;
    expect(winner.body.version).toBe(1);
    expect(winner.headers.get('etag')).toBe('"1"');
    for (const lost of saves.filter((s) => s.status === 412)) {
      expect(lost.body).toEqual({ status: 412, message: messages.staleVersion });
    }
    const read = await api().request('GET', `/api/usergroup/${group.id}`, { token: admin });
    expect(read.body).toEqual(winner.body);
    expect(read.body.updatedBy).toBe(1);
    expect(read.body.updated).not.toBeNull();
  });

  it('answers an unchanged save without a new version, and a malformed If-Match with a 400', async () => {
    const { body: group } = await create('변경 없음');
    const same = await api().request('PUT', `/api/usergroup/${group.id}`, {
      token: admin,
      headers: { 'if-match': '"0"' },
      body: group,
    });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(0);
    const malformed = await api().request('PUT', `/api/usergroup/${group.id}`, {
      token: admin,
      headers: { 'if-match': 'version 0' },
      body: group,
    });
    expect(malformed.body).toEqual({ status: 400, message: messages.invalidIfMatch });
  });

  it('deletes with If-Match, answers the deleted record, and then knows it no more', async () => {
    const { body: group } = await create('삭제 대상');
    const stale = await api().request('DELETE', `/api/usergroup/${group.id}`, {
      token: admin,
      headers: { 'if-match': '"3"' },
    });
    expect(stale.status).toBe(412);
    const deleted = await api().request('DELETE', `/api/usergroup/${group.id}`, {
      token: admin,
      headers: { 'if-match': '"0"' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(group);
    expect((await api().request('GET', `/api/usergroup/${group.id}`, { token: admin })).status).toBe(404);
    const again = await api().request('DELETE', `/api/usergroup/${group.id}`, { token: admin });
    expect(again.body).toEqual({ status: 404, message: messages.userGroupNotFound });
    const update = await api().request('PUT', `/api/usergroup/${group.id}`, { token: admin, body: group });
    expect(update.status).toBe(404);
  });

  it('answers a missing or malformed id with a 4xx', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const response = await api().request('GET', `/api/usergroup/${id}`, { token: admin });
      expect({ id, ...response.body }).toEqual({
        id,
        status: 400,
        message: messages.invalidGroupId,
        errors: { id: messages.invalidGroupId },
      });
    }
    expect((await api().request('GET', '/api/usergroup/987654', { token: admin })).status).toBe(404);
    expect(
      (
        await api().request('PUT', '/api/usergroup/987654', {
          token: admin,
          body: { name: 'a', description: 'b' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('bad requests never reach a 5xx', () => {
  it('answers malformed, oversized and mistyped bodies with a 4xx and a Korean message', async () => {
    const post = (raw: string, contentType = 'application/json') =>
      api().request('POST', '/api/usergroup', {
        token: admin,
        raw,
        headers: { 'content-type': contentType },
      });
    expect((await post('{"name":')).body).toEqual({ status: 400, message: messages.invalidJson });
    expect((await post('{"__proto__":{"admin":true},"name":"a","description":"b"}')).body).toEqual({
      status: 400,
      message: messages.invalidJson,
    });
    expect((await post('[1,2,3]')).status).toBe(400);
    expect((await post('null')).status).toBe(400);
    expect((await post('"text"')).status).toBe(400);
    expect((await post('name=a', 'application/x-www-form-urlencoded')).body).toEqual({
      status: 415,
      message: messages.unsupportedMediaType,
    });
    const huge = await post(JSON.stringify({ name: 'a', description: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.body).toEqual({ status: 413, message: messages.payloadTooLarge });
    expect((await post('')).status).toBe(400);
  });
});

describe("a record's 이력 (GET /api/history/{ObjectType}/{id}/log and …/state)", () => {
  it('lists every event of a record oldest first with who did it and when', async () => {
    const { body: group } = await create('이력 그룹', '처음');
    await api().request('PUT', `/api/usergroup/${group.id}`, {
      token: admin,
      headers: { 'if-match': '"0"' },
      body: { ...group, description: '두 번째' },
    });
    await api().request('DELETE', `/api/usergroup/${group.id}`, {
      token: admin,
      headers: { 'if-match': '"1"' },
    });
    const { status, rows } = await recordLog(api(), admin, `UserGroup/${group.id}`);
    expect(status).toBe(200);
    const own = rows.filter((e) => e.revision !== null);
    expect(own.map((e) => [e.type, e.revision])).toEqual([
      ['UserGroupCreated', 0],
      ['UserGroupUpdated', 1],
      ['UserGroupDeleted', 2],
    ]);
    expect(own[0]).toMatchObject({ actor: { id: 1, name: '관리자' } });
    expect(own[0]!.sentence).toMatch(/^관리자님이 사용자 그룹 .+에서 .+했습니다\.$/);
    expect((await recordStateAt(api(), admin, `UserGroup/${group.id}`, 0)).body.state).toMatchObject({
      name: '이력 그룹',
      description: '처음',
    });
    // An update records the fields that changed (the form sent the whole record back).
    expect((await recordedEvents(platform, 'UserGroup', group.id))[1]!.data).toEqual({
      description: '두 번째',
    });
    expect(Date.parse(own[2]!.occurredAt)).toBeGreaterThanOrEqual(Date.parse(own[0]!.occurredAt));
    expect(typeof own[0]!.position).toBe('string');
  });

  it('never shows secrets, needs Read on the record, and refuses unknown object types', async () => {
    const user = await recordStateAt(api(), admin, 'User/1', 0);
    expect(user.body.type).toBe('UserRegistered');
    expect(user.body.state).toMatchObject({ email: ADMIN.email, name: '관리자' });
    expect(JSON.stringify(user.body)).not.toMatch(/passwordHash|\$argon2|\$2[aby]\$/);
    expect((await api().request('GET', '/api/history/UserGroup/1/log', { token: designer })).status).toBe(
      404,
    );
    const unknown = await api().request('GET', '/api/history/Session/1/log', { token: admin });
    expect(unknown.body).toMatchObject({ status: 400, message: messages.unknownObjectType });
    expect((await api().request('GET', '/api/history/UserGroup/abc/log', { token: admin })).status).toBe(400);
  });
});
