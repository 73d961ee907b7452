import {
  inputFields,
  type ObjectType,
  objectTypes,
  type ResourceDeclaration,
  type Role,
  resources,
  settingViews,
} from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { pricedDesign } from '../testing/priced-design';
import { createSample, type ResourceContractContext, sampleInput } from '../testing/resource-contract';

/**
 * History tells no more than the read path: for every object type, whatever a reader cannot read
 * by its id (404 on every by-id route of the type) has a 404 history too, and what they can read
 * has a history they can read.
 */
let platform: TestPlatform;
const PASSWORD = 'history-password-1';
const readers: { name: string; token: string; userId: number }[] = [];
let admin: string;
const context: ResourceContractContext = {
  platform: () => platform,
  admin: () => admin,
  stranger: () => readers.find((r) => r.name === 'guest')!.token,
};
const api = () => platform.api;
const tokenOf = (name: string) => readers.find((r) => r.name === name)!.token;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  readers.push({ name: 'admin', token: admin, userId: 1 });
  const people: [string, Role][] = [
    ['owner', 'BusinessPro'],
    ['subscriber', 'PersonalFree'],
    ['manager', 'DesignManager'],
    ['designer', 'Designer'],
    ['guest', 'Guest'],
  ];
  for (const [name, role] of people) {
    const email = `${name}@history.example`;
    const userId = await platform.createUser({ email, password: PASSWORD, roles: [role] });
    readers.push({ name, token: (await api().login(email, PASSWORD)).token, userId });
  }
});
afterAll(async () => {
  await platform?.stop();
});

/**
 * Variants of a declared resource whose readers see only some records: each field that narrows
 * who sees a record (an audience, a window, a switch) set so it hides the record from most readers.
 */
function hidingVariants(resource: ResourceDeclaration): Record<string, unknown>[] {
  if (!resource.readRoutes?.length) return [];
  const variants: Record<string, unknown>[] = [];
  for (const [name, spec] of inputFields(resource)) {
    if (spec.kind === 'enumSet')
      variants.push({ [name]: spec.values.includes('Admin') ? ['Admin'] : [spec.values[0]] });
    if (spec.kind === 'timestamp') variants.push({ [name]: '2030-01-01T00:00:00.000Z' });
    if (spec.kind === 'boolean') variants.push({ [name]: false });
  }
  return variants;
}

async function post(token: string, path: string, body: unknown) {
  const created = await api().request('POST', path, { token, body });
  if (created.status !== 201) throw new Error(`${path}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as number;
}

/** Records of one type, each with the by-id routes that read it (none: the type has no such route). */
type Made = { id: number; paths: string[] }[];

/** Records of the types that are not declared resources, made as their users make them. */
const madeBy: Partial<Record<ObjectType, () => Promise<Made>>> = {
  Design: async () => {
    const id = await post(tokenOf('owner'), '/api/mydesign', { name: '이력 디자인' });
    return [{ id, paths: [`/api/mydesign/${id}`] }];
  },
  Estimation: async () => {
    // One open estimation per design: each of the two has a design of its own.
    const priced = (name: string) => pricedDesign(api(), { admin, owner: tokenOf('owner') }, name);
    const id = await post(tokenOf('owner'), `/api/design/${await priced('견적 디자인')}/estimation`, {
      note: '이력',
    });
    // One more, whose parties include the staff assigned to it.
    const staffed = await post(tokenOf('owner'), `/api/design/${await priced('배정 디자인')}/estimation`, {
      note: '배정',
    });
    const assign = (token: string, body: Record<string, number>) =>
      api().request('POST', `/api/estimation/${staffed}/assign`, { token, body });
    expect(
      (await assign(admin, { managerId: readers.find((r) => r.name === 'manager')!.userId })).status,
    ).toBe(200);
    const designerId = readers.find((r) => r.name === 'designer')!.userId;
    expect((await assign(tokenOf('manager'), { designerId })).status).toBe(200);
    return [id, staffed].map((made) => ({ id: made, paths: [`/api/estimation/${made}`] }));
  },
  Comment: async () => {
    const design = await post(tokenOf('owner'), '/api/mydesign', { name: '댓글 디자인' });
    const id = await post(tokenOf('owner'), '/api/comment', { designId: design, body: '이력 댓글' });
    return [{ id, paths: [`/api/comment/${id}`] }];
  },
  DesignFolder: async () => {
    const id = await post(tokenOf('owner'), '/api/designfolder', { name: '이력 폴더' });
    return [{ id, paths: [`/api/designfolder/${id}`] }];
  },
  User: async () => readers.map((r) => ({ id: r.userId, paths: [`/api/user/${r.userId}`] })),
  // A person's own values of the settings: one stream per person, read only among the settings.
  PropertyOverride: async () => {
    const system = resources.find((r) => r.name === settingViews.bomconstant)!;
    const key = await createSample(context, system);
    const changed = await api().request('PUT', `/api/bomconstant/${key.id}`, {
      token: tokenOf('owner'),
      body: { value: 7 },
    });
    expect(changed.status).toBe(200);
    return [{ id: readers.find((r) => r.name === 'owner')!.userId, paths: [] }];
  },
  // Nothing is recorded under this type yet: no record, no history.
  BomExplosion: async () => [{ id: 1, paths: [] }],
};

async function recordsOf(type: ObjectType): Promise<Made> {
  const declared = resources.filter((r) => r.objectType === type);
  const made: Made = [];
  for (const resource of declared) {
    const routes = [resource.name, ...(resource.readRoutes ?? [])];
    for (const variant of [{}, ...hidingVariants(resource)]) {
      const body = { ...(await sampleInput(context, resource)), ...variant };
      const id = await post(admin, `/api/${resource.name}`, body);
      made.push({ id, paths: routes.map((route) => `/api/${route}/${id}`) });
    }
  }
  const special = madeBy[type];
  if (special) made.push(...(await special()));
  return made;
}

describe('history and the read path', () => {
  it.each([...objectTypes])('show a %s to the same readers', async (type) => {
    const made = await recordsOf(type);
    // Every type is covered: a new object type needs a way to make its records here.
    expect(made.length).toBeGreaterThan(0);
    for (const record of made) {
      for (const reader of readers) {
        const reads = await Promise.all(
          record.paths.map((path) => api().request('GET', path, { token: reader.token })),
        );
        for (const read of reads) expect([200, 404]).toContain(read.status);
        // A type without a by-id route is read only by those who read every record of it.
        const readable = record.paths.length
          ? reads.some((read) => read.status === 200)
          : reader.name === 'admin';
        // The Admin reads every record: what is compared is never only refusals.
        if (reader.name === 'admin' && record.paths.length)
          expect({ type, readable }).toEqual({ type, readable: true });
        // The 이력 tab's pages and the record as it began answer alike, for every type.
        const history = await api().request('GET', `/api/history/${type}/${record.id}/state?revision=0`, {
          token: reader.token,
        });
        const log = await api().request('GET', `/api/history/${type}/${record.id}/log`, {
          token: reader.token,
        });
        const seen = { type, id: record.id, reader: reader.name, history: history.status, log: log.status };
        if (type === 'BomExplosion') expect(seen).toEqual({ ...seen, history: 404, log: 404 });
        else expect(seen).toEqual({ ...seen, history: readable ? 200 : 404, log: readable ? 200 : 404 });
      }
    }
  });
});
