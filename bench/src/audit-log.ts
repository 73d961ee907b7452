import { auditLogReadModel } from '@interior/contracts';
import type { PlatformServer } from '@interior/server';
import { explained } from './explain';
import { measureInChild } from './http-child';
import type { Percentiles } from './measure';
import { seedGroups } from './rebuild';
import { ms, startSectionPlatform } from './section-platform';

/**
 * The auditor's reads at scale: pages of the audit log (`GET /api/audit`, keyset pages, newest
 * first) with the log at a million events, a record's 이력 page by page
 * (`GET /api/history/UserGroup/{id}/log`), and a record's state as of a revision
 * (`GET /api/history/UserGroup/{id}/state?revision=N`) for a record of 1,000 events. The log is
 * filled with group creations as section 3 seeds them (SQL, valid events), the record is changed
 * through the API. The client runs in a child process (http-child.ts).
 */
const TARGETS = { pageP99Ms: 50, asOfP99Ms: 100 };

async function logEvents(platform: PlatformServer): Promise<number> {
  const { rows } = await platform.runtime.db.knex.raw<{ rows: { n: number }[] }>(
    'select count(*)::int as n from events',
  );
  return rows[0]!.n;
}

async function groupCount(platform: PlatformServer): Promise<number> {
  const [row] = await platform.runtime.db.knex('usergroups').count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** A group changed through the API until its stream holds `events` events. */
async function recordOf(url: string, token: string, events: number): Promise<number> {
  const call = async (method: string, path: string, body: unknown, version?: number) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(version === undefined ? {} : { 'if-match': `"${version}"` }),
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { id: number; message?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? ''}`);
    return answer;
  };
  const { id } = await call('POST', '/api/usergroup', { name: '감사 벤치 그룹', description: '0번째' });
  for (let revision = 1; revision < events; revision++) {
    await call('PUT', `/api/usergroup/${id}`, {
      name: `감사 벤치 그룹 ${revision}`,
      description: `${revision}번째 수정`,
    });
  }
  return id;
}

export async function auditSection(
  url: string,
  admin: { email: string; password: string },
  quick: boolean,
  progress: (message: string) => void = () => {},
) {
  const { platform, token, userId } = await startSectionPlatform(url, admin);
  try {
    const target = quick ? 20_000 : 1_000_000;
    const recordEvents = quick ? 100 : 1_000;
    progress(`audit: a record of ${recordEvents} events`);
    const recordId = await recordOf(platform.url, token, recordEvents);
    const missing = target - (await logEvents(platform));
    if (missing > 0) {
      progress(`audit: seeding the log to ${target.toLocaleString('en-US')} events`);
      // Every projection reads the million events; the audit log writes a row for each.
      await seedGroups(
        platform,
        (await groupCount(platform)) + missing,
        userId,
        progress,
        100_000,
        1_800_000,
      );
    }
    await platform.runner.caughtUp({ timeoutMs: 1_800_000 });
    // A server that has run a while has had the log's statistics refreshed by autovacuum, which
    // looks only once a minute: right after a million rows the planner would still think the table
    // holds a few and read a whole filter's rows to sort them.
    // The read model is a view over its live generation's table: that table is the one analysed.
    const { rows: live } = await platform.runtime.db.knex.raw<{ rows: { table: string }[] }>(
      `select table_name as table from information_schema.view_table_usage where view_name = ?`,
      [auditLogReadModel],
    );
    for (const { table } of live) await platform.runtime.db.knex.raw('analyze ??', [table]);
    const events = await logEvents(platform);
    const page = (filter: Record<string, unknown>) =>
      `/api/audit?${new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([0, 24]) })}`;
    // The seeded creations carry the time they were written: a window in the middle of them.
    const { rows } = await platform.runtime.db.knex.raw<{ rows: { from: string; to: string }[] }>(
      `select min("occurredAt") + (max("occurredAt") - min("occurredAt")) / 2 as from,
              min("occurredAt") + (max("occurredAt") - min("occurredAt")) * 3 / 5 as to from audit_log`,
    );
    const window = { from: new Date(rows[0]!.from).toISOString(), to: new Date(rows[0]!.to).toISOString() };
    const plan = quick ? { warmup: 5, samples: 50 } : { warmup: 20, samples: 300 };
    const revisions = Array.from({ length: 50 }, (_, i) => Math.floor(((i * 37) % 50) * (recordEvents / 50)));
    progress('audit: measuring (client in a child process)');
    // Seeding outlasts an access token: the client signs in afresh.
    const fresh = await fetch(`${platform.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    if (fresh.status !== 200) throw new Error(`sign-in before measuring: ${fresh.status}`);
    const measuring = ((await fresh.json()) as { token: string }).token;
    // With BENCH_EXPLAIN=1 the plans of a time window's first page and of the page after it.
    const windowPage = async (path: string) => {
      const response = await fetch(`${platform.url}${path}`, {
        headers: { authorization: `Bearer ${measuring}` },
      });
      await response.arrayBuffer();
      return /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    };
    let next: string | undefined;
    await explained(platform.runtime.db.knex, 'time window, first page', async () => {
      next = await windowPage(page(window));
    });
    if (next)
      await explained(platform.runtime.db.knex, 'time window, the page after', () => windowPage(next!));
    const results = await measureInChild({
      baseUrl: platform.url,
      token: measuring,
      cases: [
        { name: 'first page', paths: [page({})], ...plan },
        { name: 'keyset pages, one after another', paths: [page({})], follow: true, ...plan },
        {
          name: 'filter: object type, pages',
          paths: [page({ objectType: 'UserGroup' })],
          follow: true,
          ...plan,
        },
        { name: 'filter: actor, pages', paths: [page({ actorId: userId })], follow: true, ...plan },
        {
          name: 'filter: one record',
          paths: [page({ objectType: 'UserGroup', objectId: recordId })],
          ...plan,
        },
        { name: 'filter: time window, pages', paths: [page(window)], follow: true, ...plan },
        {
          // The record's 이력 tab (and a design's own log route, the same code): its pages by cursor.
          name: `record 이력 pages, ${recordEvents} events`,
          paths: [`/api/history/UserGroup/${recordId}/log?range=${encodeURIComponent('[0,24]')}`],
          follow: true,
          ...plan,
        },
        {
          name: `as-of, record of ${recordEvents} events`,
          paths: revisions.map((r) => `/api/history/UserGroup/${recordId}/state?revision=${r}`),
          ...plan,
        },
      ],
    });
    const line = (p: Percentiles & { name: string }, target: number) =>
      `  ${p.name.padEnd(40)} samples ${p.samples}  p50 ${ms(p.p50Ms)} ms  p99 ${ms(p.p99Ms)} ms  (target p99 < ${target} ms${p.p99Ms < target ? '' : ': MISSED'})`;
    const pages = results.slice(0, -1);
    const asOf = results.at(-1)!;
    return [
      `\nAudit log: ${events.toLocaleString('en-US')} events in the log; pages of 25, client in its own process`,
      ...pages.map((p) => line(p, TARGETS.pageP99Ms)),
      line(asOf, TARGETS.asOfP99Ms),
      '',
    ].join('\n');
  } finally {
    await platform.close();
  }
}
