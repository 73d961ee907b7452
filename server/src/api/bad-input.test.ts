import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * Bad input of every shape gets a Korean `{ status, message, errors? }` with a 4xx and changes
 * nothing; never a 5xx (docs/architecture.md "Errors").
 */
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
const get = (path: string) => api().request('GET', path, { token: admin });
const listWith = (resource: string, filter: string) =>
  get(`/api/${resource}?filter=${encodeURIComponent(filter)}`);
const groupTotal = async () => {
  const list = await api().list('usergroup', admin, { range: [0, 0] });
  expect(list.status).toBe(200);
  return Number(list.headers.get('content-range')?.split('/')[1]);
};
/** A JSON body sent as written, so escapes like `\u0000` reach the server as such. */
const rawJson = (method: string, path: string, raw: string) =>
  api().request(method, path, { token: admin, raw, headers: { 'content-type': 'application/json' } });

describe('list filters hold values the read model can store', () => {
  it.each([
    ['usergroup', '{"id":[9999999999]}'],
    ['usergroup', '{"id":9999999999}'],
    ['usergroup', '{"id":-2147483649}'],
    ['usergroup', '{"members":9999999999}'],
    ['usergroup', '{"members_gte":9999999999}'],
    ['usergroup', '{"members_lt":-9999999999}'],
    ['usergroup', '{"registeredBy":99999999999}'],
    ['user', '{"groups":[2147483648]}'],
    ['user', '{"groups":2147483648}'],
  ])('GET /api/%s?filter=%s is a 400', async (resource, filter) => {
    const response = await listWith(resource, filter);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, message: messages.invalidFilter });
  });

  it('refuses ids= beyond the column range and accepts its edges', async () => {
    for (const ids of ['9999999999', '[9999999999]', '2147483648']) {
      const response = await get(`/api/usergroup?ids=${encodeURIComponent(ids)}`);
      expect(response.body).toEqual({ status: 400, message: messages.invalidFilter });
    }
    expect((await get('/api/usergroup?ids=2147483647')).status).toBe(200);
    expect((await listWith('usergroup', '{"id":[2147483647]}')).body).toEqual([]);
    expect((await listWith('usergroup', '{"members_gte":-2147483648}')).status).toBe(200);
    expect((await listWith('user', '{"groups":[2147483647]}')).body).toEqual([]);
  });

  it.each([
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '0001-01-01T00:00:00+09:00',
  ])('refuses the date %s with a 400', async (date) => {
    const response = await listWith('usergroup', JSON.stringify({ registered_gte: date }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, message: messages.invalidFilter });
  });

  it('accepts dates from the year 1 to 9999', async () => {
    for (const date of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2024-05-01']) {
      const response = await listWith('usergroup', JSON.stringify({ registered_gte: date }));
      expect(response.status).toBe(200);
    }
  });
});

describe('NUL characters and lone surrogates', () => {
  it.each([
    ['a filter value', '/api/usergroup?filter=', '{"name":"a\\u0000b"}'],
    ['a free-text search', '/api/usergroup?filter=', '{"q":"\\u0000"}'],
    ['a lone surrogate in a filter', '/api/usergroup?filter=', '{"name":"\\ud800"}'],
    ['a filter key', '/api/usergroup?filter=', '{"na\\u0000me":"x"}'],
    ['a sort', '/api/usergroup?sort=', '["na\\u0000me","ASC"]'],
    ['a raw query value', '/api/usergroup?q=', 'a\u0000b'],
    ['an id list', '/api/usergroup?ids=', '1\u0000'],
  ])('in %s is a 400', async (_what, prefix, value) => {
    const response = await get(`${prefix}${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, message: messages.invalidValue });
  });

  it('in a path parameter is a 400', async () => {
    const response = await get('/api/image/user/1/%00.png');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400, message: messages.invalidValue });
  });

  it.each([
    ['a NUL in a field', '{"name":"a\\u0000b","description":"x"}', { name: messages.invalidValue }],
    ['a lone high surrogate', '{"name":"\\ud800","description":"x"}', { name: messages.invalidValue }],
    [
      'a lone low surrogate',
      '{"name":"ok","description":"x\\udfff"}',
      { description: messages.invalidValue },
    ],
    ['a NUL in a key', '{"name":"ok","description":"x","a\\u0000":1}', { _: messages.invalidValue }],
    [
      'a NUL deep inside',
      '{"name":"ok","description":"x","extra":[{"v":"\\u0000"}]}',
      {
        'extra.0.v': messages.invalidValue,
      },
    ],
  ])('in a JSON body (%s) is a 400 and creates nothing', async (_what, raw, errors) => {
    const before = await groupTotal();
    const response = await rawJson('POST', '/api/usergroup', raw);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ status: 400, message: messages.invalidValue, errors });
    expect(await groupTotal()).toBe(before);
  });

  it('in an update is a 400 and changes nothing', async () => {
    const created = await api().request('POST', '/api/usergroup', {
      token: admin,
      body: { name: '바뀌지 않는 그룹', description: '설명' },
    });
    expect(created.status).toBe(201);
    const response = await api().request('PUT', `/api/usergroup/${created.body.id}`, {
      token: admin,
      raw: '{"name":"\\u0000","description":"설명"}',
      headers: { 'content-type': 'application/json', 'if-match': '"0"' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidValue);
    expect((await get(`/api/usergroup/${created.body.id}`)).body).toEqual(created.body);
  });

  it('in a multipart form field is a 400 and changes nothing', async () => {
    const before = (await get('/api/user/current')).body;
    // (A lone surrogate cannot travel in a multipart form: FormData sends U+FFFD instead.)
    for (const name of ['a\u0000b', '\u0000']) {
      const form = new FormData();
      form.set('name', name);
      const response = await api().request('PUT', '/api/user/current', { token: admin, form });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 400,
        message: messages.invalidValue,
        errors: { name: messages.invalidValue },
      });
    }
    expect((await get('/api/user/current')).body).toEqual(before);
  });

  it('well-formed text, surrogate pairs included, is accepted', async () => {
    const response = await rawJson(
      'POST',
      '/api/usergroup',
      '{"name":"이모지 \\ud83d\\ude00","description":"x"}',
    );
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('이모지 😀');
  });
});

describe('requests too large for the HTTP layer', () => {
  it('answers oversized headers (a 20 kB filter) with the platform error shape', async () => {
    const filter = JSON.stringify({ q: 'x'.repeat(20_000) });
    const response = await get(`/api/usergroup?filter=${encodeURIComponent(filter)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({ status: 431, message: messages.headersTooLarge });
  });

  it('answers a malformed path and an overlong parameter with the platform error shape', async () => {
    const badUrl = await get('/api/user/%E0%A4%A');
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ status: 400, message: messages.invalidValue });
    const longParam = await get(`/api/user/${'1'.repeat(300)}`);
    expect(longParam.status).toBe(414);
    expect(longParam.body).toEqual({ status: 414, message: messages.headersTooLarge });
  });
});

describe('path ids are plain decimal digits', () => {
  it.each([
    ['/api/user/1e3', messages.invalidUserId],
    ['/api/user/0x1', messages.invalidUserId],
    ['/api/user/1.0', messages.invalidUserId],
    ['/api/user/%201', messages.invalidUserId],
    ['/api/user/+1', messages.invalidUserId],
    ['/api/user/2147483648', messages.invalidUserId],
    ['/api/user/0', messages.invalidUserId],
    ['/api/usergroup/1e1', messages.invalidGroupId],
    ['/api/usergroup/Infinity', messages.invalidGroupId],
    ['/api/history/UserGroup/1e0/log', messages.invalidId],
  ])('GET %s is a 400 with its own message', async (path, message) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('accepts a plain id', async () => {
    expect((await get('/api/user/1')).status).toBe(200);
  });
});

describe('a value of the wrong type is invalid, not missing', () => {
  it('says so for a password change', async () => {
    const wrongType = await api().request('PUT', '/api/user/current/password', {
      token: admin,
      body: { currentPassword: ADMIN.password, newPassword: 123 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors).toEqual({ newPassword: messages.invalidValue });

    const both = await api().request('PUT', '/api/user/current/password', {
      token: admin,
      body: { currentPassword: ['x'], newPassword: { a: 1 } },
    });
    expect(both.body.errors).toEqual({
      currentPassword: messages.invalidValue,
      newPassword: messages.invalidValue,
    });

    const missing = await api().request('PUT', '/api/user/current/password', { token: admin, body: {} });
    expect(missing.body.errors).toEqual({
      currentPassword: messages.required,
      newPassword: messages.required,
    });
  });

  it('says so for a profile update sent as JSON', async () => {
    const response = await api().request('PUT', '/api/user/current', { token: admin, body: { name: 123 } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ name: messages.invalidValue });
  });

  it('says so for a sign-in', async () => {
    const response = await api().request('POST', '/api/login', {
      body: { email: ADMIN.email, password: 123 },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ password: messages.invalidValue });
  });
});
