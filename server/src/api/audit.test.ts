import { randomUUID } from 'node:crypto';
import {
  type AuditEntry,
  erasedPersonName,
  messages,
  type Role,
  resources,
  systemActorName,
} from '@interior/contracts';
import { allEvents } from '../testing/event-log';
import { ADMIN, type ApiClient, startTestPlatform, type TestPlatform } from '../testing/platform';
import { pricedDocument } from '../testing/priced-design';
import { createSample, type ResourceContractContext } from '../testing/resource-contract';

/**
 * The audit log: every event of the log, newest first, paged by cursor, filtered, named, and shown
 * to a reader only where the reader may read the record.
 */
let platform: TestPlatform;
const PASSWORD = 'audit-password-1';
let admin: string;
const people: Record<string, { token: string; userId: number }> = {};
const api = () => platform.api;
const context: ResourceContractContext = {
  platform: () => platform,
  admin: () => admin,
  stranger: () => people.guest!.token,
};

async function post(token: string, path: string, body: unknown) {
  const created = await api().request('POST', path, { token, body });
  if (created.status !== 201) throw new Error(`${path}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as number;
}

/** A new user of the role, signed in. */
async function signedInUser(email: string, name: string, role: Role = 'BusinessPro') {
  const userId = await platform.createUser({ email, password: PASSWORD, name, roles: [role] });
  return { userId, token: (await api().login(email, PASSWORD)).token };
}

/** Every page of the audit log for a reader and a filter, following the cursors. */
async function wholeLog(token: string, filter: Record<string, unknown> = {}, size = 7) {
  const rows: AuditEntry[] = [];
  let path: string | null =
    `/api/audit?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, size - 1]) })}`;
  while (path) {
    const page: Awaited<ReturnType<ApiClient['request']>> = await api().request('GET', path, { token });
    expect(page.status).toBe(200);
    const entries = page.body as AuditEntry[];
    const next: string | null = page.headers.get('x-next-cursor');
    expect(page.headers.get('content-range')).toBe(
      entries.length
        ? `audit ${rows.length}-${rows.length + entries.length - 1}/${rows.length + entries.length + (next ? 1 : 0)}`
        : `audit */${rows.length}`,
    );
    rows.push(...entries);
    path = next ? /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')![1]! : null;
    if (next) expect(path).toContain(`after=${encodeURIComponent(next)}`);
  }
  return rows;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await api().login(ADMIN.email, ADMIN.password)).token;
  const roles: [string, Role][] = [
    ['owner', 'BusinessPro'],
    ['other', 'BusinessPro'],
    ['developer', 'Developer'],
    ['guest', 'Guest'],
  ];
  for (const [name, role] of roles) {
    people[name] = await signedInUser(`${name}@audit.example`, `감사 ${name}`, role);
  }
  // Records of every declared resource, and the records people make for themselves.
  for (const resource of resources) await createSample(context, resource);
  const design = await post(people.owner!.token, '/api/mydesign', { name: '감사 디자인' });
  await pricedDocument(api(), { admin, owner: people.owner!.token }, design);
  await post(people.owner!.token, `/api/design/${design}/estimation`, { note: '감사' });
  await post(people.other!.token, '/api/mydesign', { name: '남의 디자인' });
});
afterAll(async () => {
  await platform?.stop();
});

describe('the audit log', () => {
  it('holds every event of the log, newest first, each once, across pages', async () => {
    const events = await allEvents(platform);
    const rows = await wholeLog(admin);
    const audited = new Set(rows.map((row) => row.position));
    // Named by type first, so a type the log misses says which.
    expect([...new Set(events.filter((e) => !audited.has(e.position)).map((e) => e.type))]).toEqual([]);
    expect(rows.map((row) => row.position)).toEqual(events.map((event) => event.position).reverse());
    // Every type of event appended here is in the log with its record and a sentence naming its actor.
    const byPosition = new Map(events.map((event) => [event.position, event]));
    for (const row of rows) {
      const event = byPosition.get(row.position)!;
      expect(row.type).toBe(event.type);
      expect(row.occurredAt).toBe(new Date(event.metadata.occurredAt).toISOString());
      expect(row.actor.id).toBe(event.metadata.actorId);
      expect(row.actor.name).not.toMatch(/#\d/);
      expect(row.sentence).toContain(row.actor.name);
      expect(row.sentence).toMatch(/했습니다\.$/);
      // A record's own event leads to the record as it was (its revision in the record's stream).
      if (/^[A-Za-z]+-\d+$/.test(event.stream)) {
        expect(`${row.objectType}-${row.objectId}`).toBe(event.stream);
        expect(row.revision).toBe(event.revision);
      } else expect(row.revision).toBeNull();
      // A record is named as its screens name it: an estimation by its number, a design by its name.
      if (row.objectType === 'Estimation') expect(row.sentence).toMatch(/^.+님이 견적 EST-\d{8}-\d{4}에서 /);
    }
    const designRows = rows.filter((row) => row.sentence.includes('디자인 ‘감사 디자인’에서'));
    expect(designRows.map((row) => row.type)).toContain('DesignCreated');
  });

  it('shows each reader the events of exactly the records their history shows them', async () => {
    const everything = await wholeLog(admin, {}, 50);
    for (const name of ['owner', 'other', 'developer', 'guest']) {
      const reader = people[name]!;
      const seen = new Set((await wholeLog(reader.token, {}, 50)).map((row) => row.position));
      const histories = new Map<string, number>();
      for (const row of everything) {
        // Grants and reservations: only the Admin sees those here.
        const key = `${row.objectType}/${row.objectId}`;
        if (row.objectId !== null && !histories.has(key)) {
          const history = await api().request('GET', `/api/history/${key}/log`, { token: reader.token });
          histories.set(key, history.status);
        }
        const readable = row.objectId !== null && histories.get(key) === 200;
        const own = seen.has(row.position);
        // The changes of grants are for those who may manage the record's grants.
        if (own || !row.type.startsWith('Acl'))
          expect({ reader: name, key, type: row.type, own }).toEqual({
            reader: name,
            key,
            type: row.type,
            own: readable,
          });
      }
    }
    // The comparison rests on records some readers see and others do not.
    const ownerSees = await wholeLog(people.owner!.token, { objectType: 'Design' });
    const otherSees = await wholeLog(people.other!.token, { objectType: 'Design' });
    expect(ownerSees.length).toBeGreaterThan(0);
    expect(otherSees.length).toBeGreaterThan(0);
    expect(ownerSees.some((row) => otherSees.some((o) => o.objectId === row.objectId))).toBe(false);
  });

  it('filters by actor, record, event type and time in Korea time', async () => {
    const everything = await wholeLog(admin, {}, 100);
    const owner = people.owner!.userId;
    const byActor = await wholeLog(admin, { actorId: owner });
    expect(byActor.map((r) => r.position)).toEqual(
      everything.filter((r) => r.actor.id === owner).map((r) => r.position),
    );
    expect(byActor.length).toBeGreaterThan(0);
    const design = byActor.find((r) => r.objectType === 'Design')!;
    const byRecord = await wholeLog(admin, { objectType: 'Design', objectId: design.objectId });
    expect(byRecord.map((r) => r.position)).toEqual(
      everything
        .filter((r) => r.objectType === 'Design' && r.objectId === design.objectId)
        .map((r) => r.position),
    );
    const byType = await wholeLog(admin, { type: 'EstimationRequested' });
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((r) => r.type === 'EstimationRequested')).toBe(true);
    // Today in Korea holds every event of this test; the day before holds none of them.
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 9 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    const todays = everything.filter(
      (r) => r.occurredAt >= new Date(`${today}T00:00:00+09:00`).toISOString(),
    );
    expect((await wholeLog(admin, { from: today, to: today }, 100)).map((r) => r.position)).toEqual(
      todays.map((r) => r.position),
    );
    expect(await wholeLog(admin, { to: yesterday })).toEqual(
      everything.filter((r) => r.occurredAt < new Date(`${today}T00:00:00+09:00`).toISOString()),
    );
    const last = everything[0]!;
    expect(
      (await wholeLog(admin, { from: last.occurredAt.replace('Z', '+00:00') })).map((r) => r.position),
    ).toContain(last.position);
  });

  it('names people as the users read model has them now', async () => {
    const { userId, token } = await signedInUser('renamed@audit.example', '옛 이름');
    await post(token, '/api/mydesign', { name: '이름 바뀌는 사람의 디자인' });
    const renamed = await api().request('PUT', '/api/user/current', { token, body: { name: '새 이름' } });
    expect(renamed.status).toBe(200);
    const rows = await wholeLog(admin, { actorId: userId });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.actor.name).toBe('새 이름');
      expect(row.sentence).toMatch(/^새 이름님이 /);
    }
    const current = await api().request('GET', `/api/user/${userId}`, { token: admin });
    const erased = await api().request('DELETE', `/api/user/${userId}`, {
      token: admin,
      headers: { 'if-match': current.headers.get('etag')! },
    });
    expect(erased.status).toBe(200);
    for (const row of await wholeLog(admin, { actorId: userId })) {
      expect(row.actor.name).toBe(erasedPersonName);
      expect(row.sentence).not.toContain('새 이름');
    }
    // What no one did by hand (no actor) is the system's.
    for (const row of (await wholeLog(admin, {}, 100)).filter((r) => r.actor.id === null))
      expect(row.actor.name).toBe(systemActorName);
  });

  it('refuses bad input with a Korean 400 and never skips rows by count', async () => {
    const bad = [
      ['filter={"actorId":"x"}', messages.invalidFilter],
      ['filter={"unknown":1}', messages.invalidFilter],
      ['filter={"type":"NoSuchEvent"}', messages.invalidFilter],
      ['filter={"from":"어제"}', messages.invalidFilter],
      ['filter=[', messages.invalidFilter],
      ['range=[0,1000]', messages.rangeTooLarge(200)],
      ['range=[5,2]', messages.invalidRange],
      ['range=[25,49]', messages.auditPageNeedsCursor],
      ['after=abc', messages.invalidAuditCursor],
    ];
    for (const [query, message] of bad) {
      const answer = await api().request('GET', `/api/audit?${query}`, { token: admin });
      expect({ query, status: answer.status, message: answer.body.message }).toEqual({
        query,
        status: 400,
        message,
      });
    }
    expect((await api().request('GET', '/api/audit')).status).toBe(401);
  });

  it('exports the filtered log a reader sees as JSON Lines and as safe CSV', async () => {
    const { userId, token } = await signedInUser('formula@audit.example', '=1+1');
    await post(token, '/api/mydesign', { name: '수식 디자인' });
    const exported = async (who: string, format: string, filter: Record<string, unknown> = {}) => {
      const query = new URLSearchParams({ format, filter: JSON.stringify(filter) });
      const response = await fetch(`${platform.url}/api/audit/export?${query}`, {
        headers: { authorization: `Bearer ${who}` },
      });
      expect(response.status).toBe(200);
      // Read as bytes: a text decoder would drop the byte order mark the file must start with.
      return {
        type: response.headers.get('content-type'),
        text: Buffer.from(await response.arrayBuffer()).toString('utf8'),
      };
    };
    // What each reader exports is what their pages show them, every page of it.
    for (const who of [admin, people.owner!.token, people.guest!.token]) {
      const { type, text } = await exported(who, 'jsonl');
      expect(type).toMatch(/^application\/x-ndjson/);
      const lines = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      expect(lines).toEqual(await wholeLog(who, {}, 200));
    }
    const mine = await wholeLog(admin, { actorId: userId });
    const { type, text } = await exported(admin, 'csv', { actorId: userId });
    expect(type).toMatch(/^text\/csv/);
    expect(text.startsWith('\uFEFF위치,일시,')).toBe(true);
    const rows = text.slice(1).split('\r\n').filter(Boolean);
    expect(rows.length).toBe(mine.length + 1);
    // A name a spreadsheet would run as a formula is written as text.
    expect(rows[1]).toContain(",'=1+1,");
    const refused = await api().request('GET', '/api/audit/export?format=xml', { token: admin });
    expect(refused.body).toEqual({ status: 400, message: messages.invalidExportFormat });
  });

  it('answers a time window with exactly its events, in log order, also where stamps run against the log', async () => {
    // Events are stamped before they are appended, so a later append may carry an earlier stamp.
    // Reservations (which no read model but the log's shows) stamped in a year after every other
    // event here, appended in this order: their stamps go back twice along the log.
    const base = Date.UTC(2100, 0, 1);
    const at = (seconds: number) => new Date(base + seconds * 1000).toISOString();
    const stamps = [10, 0, 20, 5, 30, 25, 40];
    const { runtime } = platform.server;
    let position = '';
    for (const [index, seconds] of stamps.entries()) {
      const appended = await runtime.store.append(
        `UniqueBrand-auditwindow${'abcdefg'[index]}`,
        [
          {
            id: randomUUID(),
            type: 'ValueReserved',
            data: { id: index + 1 },
            metadata: {
              actorId: null,
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: at(seconds),
              schemaVersion: 1,
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
      position = appended.position;
    }
    await runtime.waiter.waitFor(position, ['ValueReserved'], 30_000);
    const everything = await wholeLog(admin, {}, 200);
    const ours = everything.filter((row) => row.occurredAt >= at(0));
    expect(ours.map((row) => row.occurredAt)).toEqual([40, 25, 30, 5, 20, 0, 10].map(at));

    const within = (from: string | undefined, to: string | undefined) =>
      everything
        .filter(
          (row) =>
            (from === undefined || row.occurredAt >= from) && (to === undefined || row.occurredAt < to),
        )
        .map((row) => row.position);
    const edges = [-1, 0, 3, 5, 10, 15, 20, 25, 28, 30, 40, 41];
    for (const [i, from] of edges.entries()) {
      for (const to of edges.slice(i + 1)) {
        const window = { from: at(from), to: at(to) };
        expect({ window, rows: (await wholeLog(admin, window, 2)).map((row) => row.position) }).toEqual({
          window,
          rows: within(window.from, window.to),
        });
      }
      // A window open at one end.
      expect((await wholeLog(admin, { from: at(from) }, 3)).map((row) => row.position)).toEqual(
        within(at(from), undefined),
      );
      expect((await wholeLog(admin, { to: at(from) }, 50)).map((row) => row.position)).toEqual(
        within(undefined, at(from)),
      );
    }
    // With another filter, and in Korea time without an offset (09:00:05 there is 00:00:05 UTC).
    const reservations = await wholeLog(
      admin,
      { type: 'ValueReserved', from: '2100-01-01 09:00:05', to: '2100-01-01 09:00:26' },
      1,
    );
    expect(reservations.map((row) => row.occurredAt)).toEqual([25, 5, 20, 10].map(at));
  });
});
