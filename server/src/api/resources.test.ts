import { resources } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { describeResourceContract } from '../testing/resource-contract';

/** Every declared resource (contracts/src/resources.ts) passes the generic contract by being declared. */
let platform: TestPlatform;
let admin: string;
let stranger: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({ email: 'guest@test.example', password: 'guest-password-1', roles: ['Guest'] });
  stranger = (await platform.api.login('guest@test.example', 'guest-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const context = { platform: () => platform, admin: () => admin, stranger: () => stranger };
for (const resource of resources) describeResourceContract(resource, context);
