import { randomUUID } from 'node:crypto';
import {
  type DesignDocument,
  type DesignEvent,
  documentDelta,
  EstimationEventSchemas,
  emptyDesignDocument,
  koreanDay,
  koreanWeek,
  placedProducts,
} from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { allEvents } from '../testing/event-log';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

let platform: TestPlatform;
let admin: string;
let designers: string[];

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  designers = [];
  for (const n of [1, 2, 3]) {
    await platform.createUser({
      email: `d${n}@analysis.example`,
      password: 'design-password-1',
      roles: ['BusinessPro'],
    });
    designers.push((await platform.api.login(`d${n}@analysis.example`, 'design-password-1')).token);
  }
});
afterAll(async () => {
  await platform?.stop();
});

it('the analysis numbers equal counts computed directly from the events', async () => {
  const api = platform.api;
  const ids: number[] = [];
  for (const [i, token] of designers.entries()) {
    for (let k = 0; k <= i; k++) {
      const created = await api.request('POST', '/api/mydesign', { token, body: { name: `분석 ${i}-${k}` } });
      ids.push(created.body.id);
    }
  }
  await api.request('POST', `/api/mydesign/${ids[0]}/copy`, { token: designers[0], body: {} });
  await api.request('PUT', `/api/mydesign/${ids[1]}`, { token: designers[1], body: { name: '이름 바꿈' } });
  // Products are catalogue records of another part: the saves placing them are appended here as
  // the document endpoint would once those records exist.
  const store = platform.server.runtime.store;
  const place = async (designId: number, items: { productId: number; quantity?: number }[]) => {
    const stream = `Design-${designId}`;
    const history = await store.readStream(stream);
    const changes = history.filter((e) => e.type === 'DesignDocumentChanged');
    const revision = changes.length + 1;
    const before =
      (changes.at(-1)?.data as { document?: DesignDocument } | undefined)?.document ?? emptyDesignDocument();
    const document = {
      ...emptyDesignDocument(),
      items: items.map((item, n) => ({ id: `i${n}`, x: 0, y: 0, rotation: 0, ...item })),
    };
    const appended = await store.append(
      stream,
      [
        {
          id: randomUUID(),
          type: 'DesignDocumentChanged',
          data: { revision, document, delta: documentDelta(before, document) },
          metadata: {
            actorId: null,
            correlationId: 'test',
            causationId: null,
            occurredAt: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: history[history.length - 1]!.revision },
    );
    await platform.server.runtime.waiter.waitFor(appended.position, ['DesignDocumentChanged'], 10_000);
  };
  await place(ids[0]!, [{ productId: 7, quantity: 3 }, { productId: 8 }]);
  await place(ids[2]!, [{ productId: 8 }, { productId: 8 }, { productId: 9, quantity: 2 }]);
  await place(ids[2]!, [{ productId: 8 }, { productId: 9, quantity: 2 }]);

  expect((await api.request('GET', '/api/analysis/design', { token: designers[0] })).status).toBe(403);
  const answer = await api.request('GET', '/api/analysis/design', { token: admin });
  expect(answer.status).toBe(200);

  // The same figures, straight from the log.
  const events = (await allEvents(platform)).filter((e) => e.stream.startsWith('Design-')) as (StoredEvent &
    DesignEvent)[];
  const createdPerDay = new Map<string, number>();
  const weekUsers = new Map<string, Set<number>>();
  const planOf = new Map<number, number | null>();
  const documents = new Map<number, ReturnType<typeof emptyDesignDocument>>();
  for (const event of events) {
    const at = new Date(event.metadata.occurredAt);
    const id = Number(event.stream.slice('Design-'.length));
    if (event.type === 'DesignCreated' || event.type === 'DesignCopied') {
      createdPerDay.set(koreanDay(at), (createdPerDay.get(koreanDay(at)) ?? 0) + 1);
      planOf.set(id, event.data.planId);
      documents.set(id, event.data.document);
    }
    if (event.type === 'DesignDocumentChanged') documents.set(id, event.data.document);
    if (
      [
        'DesignCreated',
        'DesignCopied',
        'DesignRenamed',
        'DesignDescribed',
        'DesignMovedToFolder',
        'DesignDocumentChanged',
      ].includes(event.type) &&
      event.metadata.actorId !== null
    ) {
      const week = koreanWeek(at);
      weekUsers.set(week, (weekUsers.get(week) ?? new Set()).add(event.metadata.actorId));
    }
  }
  const today = koreanDay(new Date());
  expect(answer.body.createdPerDay).toHaveLength(90);
  expect(answer.body.createdPerDay.at(-1)).toEqual({ day: today, count: createdPerDay.get(today) });
  expect(answer.body.createdPerDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(
    [...createdPerDay.values()].reduce((a, b) => a + b, 0),
  );
  const thisWeek = koreanWeek(new Date());
  expect(answer.body.activeDesignersPerWeek.at(-1)).toEqual({
    week: thisWeek,
    count: weekUsers.get(thisWeek)?.size,
  });
  expect(answer.body.activeDesignersPerWeek.at(-1).count).toBe(3);
  expect(answer.body.byPlanCategory).toEqual([{ category: '평면도 없이 시작', count: planOf.size }]);
  const placed = new Map<number, number>();
  for (const doc of documents.values())
    for (const [productId, count] of placedProducts(doc))
      placed.set(productId, (placed.get(productId) ?? 0) + count);
  const expected = [...placed]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 10)
    .map(([productId, count]) => ({ productId, name: `제품 #${productId}`, count }));
  expect(answer.body.topProducts).toEqual(expected);
  expect(expected).toEqual([
    { productId: 7, name: '제품 #7', count: 3 },
    { productId: 8, name: '제품 #8', count: 2 },
    { productId: 9, name: '제품 #9', count: 2 },
  ]);
});

it('the estimate funnel counts each estimation in every stage it reached, as the log says', async () => {
  // The estimations' own events, appended with the data their commands write (EstimationEventSchemas),
  // so that every projection and reactor reading them takes them as real ones.
  const store = platform.server.runtime.store;
  const requesterId = (await platform.api.request('GET', '/api/user/current', { token: admin })).body.user
    .id as number;
  const meta = () => ({
    actorId: requesterId,
    correlationId: 'test',
    causationId: null,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  });
  const zero = {
    material: 0,
    labour: 0,
    expense: 0,
    direct: 0,
    overhead: 0,
    profit: 0,
    rounding: 0,
    supply: 0,
    vat: 0,
    total: 0,
  };
  const dataOf = (id: number, type: string, revision: number): Record<string, unknown> => {
    switch (type) {
      case 'EstimationRequested':
        return {
          id,
          estimateNumber: `EST-20261125-0${id}`,
          designId: id,
          designName: `깔때기 ${id}`,
          designRevision: 0,
          requesterId,
          note: '',
        };
      case 'EstimationQuoted':
        return {
          revision,
          validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          lines: [],
          totals: zero,
          rates: { OVERHEAD_RATE: '0.06', PROFIT_RATE: '0.15' },
          designRevision: 0,
        };
      case 'EstimationRejected':
        return { revision, reason: '예산 초과' };
      case 'EstimationAccepted':
        return { revision, orderNumber: `ORD-20261125-0${id}` };
      default:
        return {};
    }
  };
  const reached: Record<number, string[]> = {
    101: ['EstimationRequested'],
    102: ['EstimationRequested', 'EstimationQuoted'],
    103: ['EstimationRequested', 'EstimationQuoted', 'EstimationRejected', 'EstimationQuoted'],
    104: ['EstimationRequested', 'EstimationQuoted', 'EstimationAccepted'],
    105: ['EstimationRequested', 'EstimationQuoted', 'EstimationAccepted', 'EstimationCompleted'],
  };
  let last = '';
  for (const [key, types] of Object.entries(reached)) {
    const id = Number(key);
    let revision = 0;
    const events = types.map((type) => {
      if (type === 'EstimationQuoted') revision += 1;
      const data = EstimationEventSchemas[type as keyof typeof EstimationEventSchemas].parse(
        dataOf(id, type, revision),
      );
      return { id: randomUUID(), type, data, metadata: meta() };
    });
    const appended = await store.append(`Estimation-${id}`, events, { expectedRevision: 'no_stream' });
    last = appended.position;
  }
  await platform.server.runtime.waiter.waitFor(last, ['EstimationCompleted', 'EstimationAccepted'], 10_000);

  const answer = await platform.api.request('GET', '/api/analysis/design', { token: admin });
  const estimations = (await allEvents(platform)).filter((e) => e.stream.startsWith('Estimation-'));
  const streamsWith = (type: string) =>
    new Set(estimations.filter((e) => e.type === type).map((e) => e.stream)).size;
  const requested = streamsWith('EstimationRequested');
  const quoted = streamsWith('EstimationQuoted');
  const ordered = streamsWith('EstimationAccepted');
  const completed = streamsWith('EstimationCompleted');
  expect([requested, quoted, ordered, completed]).toEqual([5, 4, 2, 1]);
  expect(answer.body.estimateFunnel).toEqual([
    { stage: 'requested', label: '견적 요청', count: requested, conversion: null },
    { stage: 'quoted', label: '견적 발행', count: quoted, conversion: 80 },
    { stage: 'ordered', label: '수락·주문', count: ordered, conversion: 50 },
    { stage: 'completed', label: '시공 완료', count: completed, conversion: 50 },
  ]);
});
