import { isUtf8 } from 'node:buffer';
import { tableDigests } from '@interior/platform/testing';
import fc from 'fast-check';
import {
  bodySchemas,
  emailBodyRoutes,
  type FuzzRequest,
  probes,
  requests,
  withoutContractSchema,
} from '../testing/fuzz-requests';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { registeredRoutes } from '../testing/routes';

/**
 * Generative fuzzing of every route the server registers: requests
 * built from each route's own input schema (zod, read as JSON Schema) and from values an attacker
 * tries (keys every object inherits, JSON nested thousands deep, numbers beyond every range, NUL,
 * lone surrogates, bytes that are no UTF-8, wrong content types, malformed paths and query
 * parameters), sent anonymously, as an ordinary user and as an Admin. Whatever comes in, the
 * answer is never a 5xx; a refused request (4xx) answers `{status, message}` and changes nothing
 * (the log's head and every row of every table stay as they were).
 *
 * The number of random runs per route is bounded (FUZZ_RUNS, 3 by default, besides the probes) so that the file stays well
 * within a minute; a failure prints fast-check's seed and path, with which it replays exactly.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

// ---------------------------------------------------------------------------------------------
// The platform, its callers, and what "nothing changed" means

let platform: TestPlatform;
interface Caller {
  name: string;
  token: string | null;
  userId: number | null;
  /** Signs in again (or, when the account is gone, as someone new of the same kind). */
  renew(): Promise<void>;
}
const callers: Caller[] = [];
/** Ids the fuzzing may not name in a path: its own callers (erased or locked out, they stop calling). */
const callerIds = new Set<number>([1]);
let victims: { user: number; group: number };
let serial = 0;

async function ordinaryUser(): Promise<{ token: string; userId: number }> {
  const email = `fuzz-${++serial}-${Date.now()}@test.example`;
  const userId = await platform.createUser({ email, password: 'fuzz password 1', roles: ['PersonalFree'] });
  callerIds.add(userId);
  return { token: (await platform.api.login(email, 'fuzz password 1')).token, userId };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  const adminSession = await platform.api.login(ADMIN.email, ADMIN.password);
  const admin: Caller = {
    name: 'Admin',
    token: adminSession.token,
    userId: adminSession.user.id,
    async renew() {
      admin.token = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
    },
  };
  const first = await ordinaryUser();
  const user: Caller = {
    name: 'PersonalFree',
    ...first,
    async renew() {
      Object.assign(user, await ordinaryUser());
    },
  };
  callers.push({ name: 'anonymous', token: null, userId: null, async renew() {} }, user, admin);
  const group = await platform.api.request('POST', '/api/usergroup', {
    token: admin.token!,
    body: { name: '퍼징 대상', description: '퍼징' },
  });
  victims = {
    user: await platform.createUser({ email: 'fuzz-victim@test.example', password: 'fuzz password 1' }),
    group: group.body.id,
  };
}, 60_000);
afterAll(async () => {
  await platform?.stop();
});

/**
 * Left out of the digests: how far each projection, reactor and relay has read the log (they move
 * on their own, as the loops catch up, whatever a request answered), and the log itself, which is
 * only ever appended to, so its head says whether it changed.
 */
const notDigested = [
  'public.projection_generations',
  'public.reactor_checkpoints',
  'public.relay_checkpoints',
  'public.events',
];
/** The state a refused request must leave as it was: the log's head and every stored row. */
async function snapshot() {
  const { runtime } = platform.server;
  const tables = await tableDigests(runtime.db.knex);
  for (const table of notDigested) delete tables[table];
  return { head: await runtime.store.headPosition(), tables };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;
/** What differs between two snapshots: the log's head and the tables whose rows changed. */
function changes(before: Snapshot, after: Snapshot): string[] {
  const tables = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [
    ...(before.head === after.head ? [] : [`log head ${before.head} → ${after.head}`]),
    ...[...tables].filter((table) => before.tables[table] !== after.tables[table]),
  ];
}
/** The state once work started by an earlier answer (mails sent in the background) has settled. */
async function settledSnapshot() {
  let before = await snapshot();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    const now = await snapshot();
    if (changes(before, now).length === 0) return now;
    before = now;
  }
  return before;
}

async function send(caller: Caller, request: FuzzRequest) {
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await fetch(`${platform.url}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.path.slice(0, 300)} [${r.contentType ?? 'no content-type'}] ${r.body ? r.body.subarray(0, 300).toString('utf8') : ''}`;

/** Fuzzes every registered route as one caller; answers the failures, none expected. */
async function fuzzAs(caller: Caller): Promise<string[]> {
  const routes = registeredRoutes(platform.server.app);
  const failures: string[] = [];
  let settle = true;
  const ids = () =>
    fc
      .oneof(
        fc.constantFrom(victims.user, victims.group, 0, 2, 3, 2_147_483_647),
        fc.integer({ min: -5, max: 3_000_000_000 }),
      )
      .filter((id) => !callerIds.has(id));
  for (const route of routes) {
    const examples = probes(route, victims);
    // Without a token, a route that is not public answers 401 before it reads anything.
    if (
      !caller.token &&
      (await send(caller, examples[0] ?? { method: route.method, path: route.path })).status === 401
    ) {
      continue;
    }
    const details = await fc.check(
      fc.asyncProperty(requests(route, ids), async (request) => {
        const before = settle ? await settledSnapshot() : await snapshot();
        const response = await send(caller, request);
        settle = response.status < 400;
        if (response.status >= 500)
          throw new Error(`answered ${response.status}: ${response.text.slice(0, 200)}`);
        if (
          response.status < 400 &&
          request.body &&
          request.contentType?.startsWith('application/json') &&
          !isUtf8(request.body)
        ) {
          throw new Error(`accepted JSON that is no UTF-8 with ${response.status}`);
        }
        if (response.status >= 400) {
          const changed = changes(before, await snapshot());
          if (changed.length > 0) {
            throw new Error(`refused with ${response.status} but changed ${changed.join(', ')}`);
          }
          if (request.method !== 'HEAD') {
            const body = JSON.parse(response.text) as { status?: unknown; message?: unknown };
            if (body.status !== response.status || typeof body.message !== 'string' || !body.message) {
              throw new Error(`refused without {status, message}: ${response.text.slice(0, 200)}`);
            }
          }
        }
        // A caller whose session a request ended (sign-out) or whose account it removed signs in anew.
        if (response.status === 401 && caller.token) {
          const me = await platform.api.request('GET', '/api/user/current', { token: caller.token });
          if (me.status === 401) await caller.renew();
        }
      }),
      { numRuns: RUNS, endOnFailure: true, examples: examples.map((example) => [example]) },
    );
    if (details.failed) {
      const request = details.counterexample?.[0];
      failures.push(
        `${caller.name}: ${route.method} ${route.path}: ${String((details.errorInstance as Error)?.message ?? details.errorInstance)}` +
          (request ? `\n    request: ${describeRequest(request)}` : '') +
          `\n    replay: { seed: ${details.seed}, path: "${details.counterexample ? details.counterexamplePath : ''}" }`,
      );
    }
  }
  return failures;
}

describe('fuzzing every route', () => {
  it('finds the routes and knows each schema it uses by a registered route', () => {
    const registered = new Set(registeredRoutes(platform.server.app).map((r) => `${r.method} ${r.path}`));
    expect(registered.size).toBeGreaterThan(30);
    expect(Object.keys(bodySchemas).filter((key) => !registered.has(key))).toEqual([]);
    expect(Object.keys(withoutContractSchema).filter((key) => !registered.has(key))).toEqual([]);
    // Every write is either fuzzed from its schema or named with the reason it has none.
    expect(
      [...registered].filter(
        (key) =>
          /^(POST|PUT|PATCH) /.test(key) &&
          !bodySchemas[key] &&
          !emailBodyRoutes.test(key) &&
          !Object.hasOwn(withoutContractSchema, key),
      ),
    ).toEqual([]);
  });

  it.each(['anonymous', 'PersonalFree', 'Admin'])(
    'answers no 5xx and changes nothing it refuses, as %s',
    async (name) => {
      const caller = callers.find((c) => c.name === name)!;
      expect(await fuzzAs(caller)).toEqual([]);
    },
    // As the Admin most writes built from their schemas succeed (designs, documents, billing runs):
    // about a minute and a half on a quiet machine.
    360_000,
  );
});
