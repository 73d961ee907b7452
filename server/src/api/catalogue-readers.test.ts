import { catalogueResources, categoryResources } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { createSample } from '../testing/resource-contract';

/** Every signed-in user reads every catalogue (a customer's editor needs them all); only writers write. */
let platform: TestPlatform;
let admin: string;
let subscriber: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'subscriber@test.example',
    password: 'reader-password-1',
    roles: ['PersonalPro'],
  });
  subscriber = (await platform.api.login('subscriber@test.example', 'reader-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const context = {
  platform: () => platform,
  admin: () => admin,
  stranger: () => subscriber,
};
const total = async (resource: string, token: string) =>
  (await platform.api.list(resource, token, { range: [0, 0] })).headers
    .get('content-range')
    ?.split('/')
    .pop();

describe('catalogue readers', () => {
  it.each([...catalogueResources, ...categoryResources].map((r) => [r.name, r] as const))(
    'a PersonalPro subscriber lists and reads every %s the Admin sees, and cannot write it',
    async (name, resource) => {
      const created = await createSample(context, resource);
      expect(await total(name, subscriber)).toBe(await total(name, admin));
      const one = await platform.api.request('GET', `/api/${name}/${created.id}`, { token: subscriber });
      expect(one.status).toBe(200);
      expect(one.body.id).toBe(created.id);
      const write = await platform.api.request('PUT', `/api/${name}/${created.id}`, {
        token: subscriber,
        body: {},
      });
      expect(write.status).toBe(403);
    },
  );
});
