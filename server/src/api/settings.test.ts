import { messages, settingMessages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
let designer: string;
let other: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  for (const email of ['designer@test.example', 'other@test.example']) {
    await platform.createUser({ email, password: 'setting-password-1', roles: ['Designer'] });
  }
  designer = (await platform.api.login('designer@test.example', 'setting-password-1')).token;
  other = (await platform.api.login('other@test.example', 'setting-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
type Entry = { id: number; key: string; value: number; systemValue: number; overridden: boolean };
const entries = async (view: string, token: string) =>
  (await api().list(view, token, { range: [0, 99] })).body as Entry[];

describe('shipped system values', () => {
  it('are there at first start, once, with the values of the domain model', async () => {
    const constants = await api().list('system/bomconstant', admin, { range: [0, 99] });
    expect((constants.body as Entry[]).map((c) => [c.key, c.value])).toEqual([
      ['OVERHEAD_RATE', 0.06],
      ['PROFIT_RATE', 0.15],
    ]);
    const properties = (await api().list('system/designproperty', admin, { range: [0, 99] })).body as Entry[];
    expect(Object.fromEntries(properties.map((p) => [p.key, p.value]))).toEqual({
      DOOR_HEIGHT: 2100,
      GRID: 100,
      WALL_HEIGHT: 2400,
      WALL_THICKNESS: 120,
      WINDOW_SILL: 900,
    });
    // A second start changes nothing.
    const { ensureShippedValues } = await import('@interior/command-service');
    const { commandDepsOf } = await import('@interior/command-service');
    expect(await ensureShippedValues(commandDepsOf(platform.server.runtime))).toBe(0);
  });

  it('keeps keys in UPPER_SNAKE and unique; only the Admin writes them', async () => {
    const bad = await api().request('POST', '/api/system/bomconstant', {
      token: admin,
      body: { key: 'tile-loss', label: '타일 로스', value: 0.05 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.key).toBe(settingMessages.keyShape);
    const dup = await api().request('POST', '/api/system/bomconstant', {
      token: admin,
      body: { key: 'PROFIT_RATE', label: '이윤', value: 0.1 },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(settingMessages.duplicateKey);
    const byDesigner = await api().request('POST', '/api/system/bomconstant', {
      token: designer,
      body: { key: 'TILE_LOSS', label: '타일 로스', value: 0.05 },
    });
    expect(byDesigner.status).toBe(403);
  });
});

describe('my values', () => {
  it('shows the system value until I set mine, mine only to me, and the system value again after reset', async () => {
    const before = (await entries('bomconstant', designer)).find((e) => e.key === 'PROFIT_RATE')!;
    expect(before).toMatchObject({ value: 0.15, systemValue: 0.15, overridden: false });
    const set = await api().request('PUT', `/api/bomconstant/${before.id}`, {
      token: designer,
      body: { value: 0.12 },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ key: 'PROFIT_RATE', value: 0.12, systemValue: 0.15, overridden: true });
    expect((await entries('bomconstant', designer)).find((e) => e.key === 'PROFIT_RATE')).toMatchObject({
      value: 0.12,
      overridden: true,
    });
    expect((await entries('bomconstant', other)).find((e) => e.key === 'PROFIT_RATE')).toMatchObject({
      value: 0.15,
      overridden: false,
    });
    const one = await api().request('GET', `/api/bomconstant/${before.id}`, { token: designer });
    expect(one.body.value).toBe(0.12);

    // The Admin changes the system value: my override still wins; the others see the new one.
    const system = await api().request('GET', `/api/system/bomconstant/${before.id}`, { token: admin });
    await api().request('PUT', `/api/system/bomconstant/${before.id}`, {
      token: admin,
      headers: { 'if-match': `"${system.body.version}"` },
      body: { value: 0.14 },
    });
    expect((await entries('bomconstant', other)).find((e) => e.key === 'PROFIT_RATE')?.value).toBe(0.14);
    expect((await entries('bomconstant', designer)).find((e) => e.key === 'PROFIT_RATE')?.value).toBe(0.12);

    const reset = await api().request('DELETE', `/api/bomconstant/${before.id}`, { token: designer });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ value: 0.14, overridden: false });
    expect((await entries('bomconstant', designer)).find((e) => e.key === 'PROFIT_RATE')?.overridden).toBe(
      false,
    );
  });

  it('refuses a value that is not a number, and a key that is not there', async () => {
    const property = (await entries('designproperty', designer)).find((e) => e.key === 'WALL_HEIGHT')!;
    const bad = await api().request('PUT', `/api/designproperty/${property.id}`, {
      token: designer,
      body: { value: '높음' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.value).toBe(messages.invalidValue);
    const missing = await api().request('PUT', '/api/designproperty/999999', {
      token: designer,
      body: { value: 1 },
    });
    expect(missing.status).toBe(404);
    const anonymous = await api().request('GET', '/api/designproperty');
    expect(anonymous.status).toBe(401);
  });
});
