import { emptyDesignDocument, messages } from '@interior/contracts';
import type { TestPlatform } from '../testing/platform';
import { startWithOwner } from '../testing/priced-design';

/** A 견적 요청 is meant: something priced, and one open estimation per design at a time. */
let platform: TestPlatform;
let admin: string;
let owner: string;

beforeAll(async () => {
  ({ platform, admin, owner } = await startWithOwner({
    email: 'owner@request.example',
    password: 'request-password-1',
  }));
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const designOf = async (
  items: { id: string; productId: number; x: number; y: number; rotation: number }[],
) => {
  const design = await api().request('POST', '/api/mydesign', {
    token: owner,
    body: { name: '요청 디자인' },
  });
  const saved = await api().request('PUT', `/api/design/${design.body.id}/document`, {
    token: owner,
    headers: { 'if-match': '"0"' },
    body: { ...emptyDesignDocument(), items },
  });
  expect(saved.status).toBe(200);
  return design.body.id as number;
};
const request = (designId: number, note = '') =>
  api().request('POST', `/api/design/${designId}/estimation`, { token: owner, body: { note } });
const estimationsOf = async (designId: number) =>
  (await api().request('GET', `/api/design/${designId}/estimation`, { token: owner })).body as {
    id: number;
    state: string;
  }[];

describe('견적 요청', () => {
  it('refuses a design with no priced line, with the reason, and makes nothing', async () => {
    const empty = await designOf([]);
    const refused = await request(empty);
    expect([refused.status, refused.body.message]).toEqual([409, messages.estimationNothingPriced]);
    expect(await estimationsOf(empty)).toEqual([]);
  });

  it('answers 409 naming the open estimation while there is one, and takes a new request once it is closed', async () => {
    const product = await api().request('POST', '/api/product', {
      token: admin,
      body: {
        name: '요청 소파',
        code: 'REQ-1',
        kind: 'Single',
        price: 900_000,
        unit: 'EA',
        status: 'Active',
      },
    });
    const designId = await designOf([{ id: 'i1', productId: product.body.id, x: 0, y: 0, rotation: 0 }]);
    const first = await request(designId, '거실 위주로');
    expect([first.status, first.body.note]).toEqual([201, '거실 위주로']);

    const again = await request(designId);
    expect([again.status, again.body.message]).toEqual([
      409,
      messages.estimationAlreadyOpen(first.body.estimateNumber, '요청됨'),
    ]);
    expect((await estimationsOf(designId)).map((e) => e.id)).toEqual([first.body.id]);

    const cancelled = await api().request('POST', `/api/estimation/${first.body.id}/cancel`, {
      token: owner,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    const next = await request(designId);
    expect(next.status).toBe(201);
    expect((await estimationsOf(designId)).map((e) => e.state).sort()).toEqual(['Cancelled', 'Requested']);
  });
});
