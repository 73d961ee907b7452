import { randomUUID } from 'node:crypto';
import { nextId } from '@interior/command-service/ids';
import { snapshotsOf, useSnapshots } from '@interior/command-service/snapshots';
import { stateCacheOf } from '@interior/command-service/state-cache';
import { type DesignDocument, emptyDesignDocument, validateDesignDocument } from '@interior/contracts';
import type { PlatformServer } from '@interior/server';
import { profiled } from './cpu-profile';
import { explained } from './explain';
import { HttpChild, measureInChild } from './http-child';
import { met, type Percentiles, type RemoteLatency, sampleRemote } from './measure';
import { ms, startSectionPlatform } from './section-platform';

/**
 * Designs: `GET /api/mydesign` (one owner's first page, by the three sorts the screen offers, and
 * a search) once that owner has 100,000 designs, and `PUT /api/design/{id}/document` of a 1 MB
 * document, one save after another on the same design (each save is one event of the whole
 * document, so the stream the command folds grows by 1 MB a save: the p99 shows it). Then the
 * first save after a restart, the process's kept states forgotten before each: folded from the
 * design's snapshot and the saves after it, and, for comparison, from every save with snapshots
 * switched off.
 *
 * Every figure is timed by a client in a process of its own (http-child.ts).
 *
 * Seeding appends valid `DesignCreated` events through the platform's store (8 writers, ids from
 * the platform's sequence) and waits for the read model, as the usergroups section does.
 */

/** Where people wait: the first page of their designs, and a save of a large document. */
const TARGETS = { firstPageP50Ms: 10, firstPageP99Ms: 25, putP50Ms: 150 };

const ROOMS = 5;
const POINTS = 1_000;
const WALLS = 1_998;
const OPENINGS = 2_997;

/**
 * About 1 MB of JSON within every limit of a document: rooms whose outlines are regular 1,000-gons
 * (5,000 points, the most a document may hold; simple, so the save is valid), 2,000 walls in a row
 * below them and 3,000 windows on them (one or two a wall), every element named by a UUID as the editor names
 * them. 5,000 elements, the most a document may hold.
 */
export function megabyteDocument(): DesignDocument {
  const doc = emptyDesignDocument();
  const uuid = (kind: string, n: number) =>
    `${kind}-${n.toString(16).padStart(8, '0')}-0000-4000-8000-${(n * 7919).toString(16).padStart(12, '0')}`;
  for (let r = 0; r < ROOMS; r++) {
    const cx = r * 250_000 - 500_000;
    const cy = 0;
    const polygon = Array.from({ length: POINTS }, (_, i) => {
      const angle = (2 * Math.PI * i) / POINTS;
      return { x: Math.round(cx + 100_000 * Math.cos(angle)), y: Math.round(cy + 100_000 * Math.sin(angle)) };
    });
    doc.rooms.push({ id: uuid('room-outline', r), name: `방 ${r + 1}`, polygon, ceilingHeight: 2_400 });
  }
  for (let w = 0; w < WALLS; w++) {
    const x = (w % 200) * 5_000 - 500_000;
    const y = -300_000 - Math.floor(w / 200) * 5_000;
    doc.walls.push({
      id: uuid('wall-segment', w),
      a: { x, y },
      b: { x: x + 4_000, y },
      thickness: 100,
      height: 2_400,
    });
  }
  for (let o = 0; o < OPENINGS; o++) {
    const wall = doc.walls[Math.floor((o * WALLS) / OPENINGS)]!;
    doc.openings.push({
      id: uuid('window-opening', o),
      wallId: wall.id,
      kind: 'Window',
      productId: null,
      offset: o % 2 === 0 ? 100 : 2_100,
      width: 1_800,
      height: 1_200,
      sill: 900,
    });
  }
  return doc;
}

async function request(url: string, token: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(
      `${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 200)}${
        response.headers.get('x-read-model') === 'behind' ? ' (the read model had not caught up)' : ''
      }`,
    );
  return { response, text };
}

/** `GET /api/mydesign` with simple-rest parameters. */
const listPath = (query: object) =>
  `/api/mydesign?${new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
  )}`;

export interface DesignsResult {
  designs: number;
  seedSeconds: number;
  lists: { what: string; latency: Percentiles }[];
  documentBytes: number;
  put: RemoteLatency;
  /** The first save after a restart (nothing kept in memory), with snapshots and without. */
  afterRestart: RemoteLatency;
  afterRestartWithout: RemoteLatency;
  /** Saves of the design when the last was measured. */
  saves: number;
}

async function measure(
  platform: PlatformServer,
  token: string,
  ownerId: number,
  quick: boolean,
): Promise<DesignsResult> {
  const target = quick ? 10_000 : 100_000;
  const { knex } = platform.runtime.db;
  const started = performance.now();
  let next = 0;
  const document = emptyDesignDocument();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < target) {
        const n = next++;
        const id = await nextId(knex, 'Design');
        await platform.runtime.store.append(
          `Design-${id}`,
          [
            {
              id: randomUUID(),
              type: 'DesignCreated',
              data: {
                id,
                name: `벤치 디자인 ${n}`,
                description: '',
                ownerId,
                folderId: null,
                planId: null,
                document,
              },
              metadata: {
                actorId: ownerId,
                correlationId: 'bench',
                causationId: null,
                occurredAt: new Date().toISOString(),
                schemaVersion: 1,
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
      }
    }),
  );
  await platform.runner.caughtUp({ timeoutMs: 600_000 });
  // The statistics autovacuum keeps on a live server: without them the planner takes the freshly
  // filled table for a few rows and sorts every one of the owner's rows instead of reading the index.
  await knex.raw('analyze');
  const seedSeconds = (performance.now() - started) / 1000;

  const plan = quick ? { warmup: 5, samples: 30 } : { warmup: 20, samples: 200 };
  const listCases = [
    ['updated DESC, first page', { sort: ['updated', 'DESC'], range: [0, 23] }],
    ['name ASC, first page', { sort: ['name', 'ASC'], range: [0, 23] }],
    ['area DESC, first page', { sort: ['area', 'DESC'], range: [0, 23] }],
    ['q="디자인 9999"', { sort: ['updated', 'DESC'], range: [0, 23], filter: { q: '디자인 9999' } }],
  ] as const;
  const measured = await profiled('mydesign-list', () =>
    measureInChild({
      baseUrl: platform.url,
      token,
      cases: listCases.map(([what, query]) => ({
        name: what,
        paths: [listPath(query)],
        ...plan,
      })),
    }),
  );
  const lists = measured.map(({ name, ...latency }) => ({ what: name, latency }));
  for (const [what, query] of listCases)
    await explained(knex, `GET /api/mydesign ${what}`, () =>
      request(`${platform.url}${listPath(query)}`, token),
    );

  const big = megabyteDocument();
  const body = JSON.stringify(big);
  const checked = validateDesignDocument(big);
  if (!checked.ok) throw new Error(`bench document is invalid: ${checked.message}`);
  const { text } = await request(`${platform.url}/api/mydesign`, token, {
    method: 'POST',
    body: JSON.stringify({ name: '1MB 문서' }),
  });
  const designId = (JSON.parse(text) as { id: number }).id;
  // Two documents saved in turn, so every save changes something.
  const smaller = JSON.stringify({ ...big, rooms: big.rooms.slice(1) });
  const client = HttpChild.start(token);
  try {
    await client.keep('big', body);
    await client.keep('smaller', smaller);
    let etag = '"0"';
    let revision = 0;
    const save = async (i: number) => {
      const answer = await client.request(platform.url, {
        method: 'PUT',
        path: `/api/design/${designId}/document`,
        bodyName: i % 2 === 0 ? 'big' : 'smaller',
        headers: { 'if-match': etag },
      });
      etag = answer.etag ?? etag;
      revision++;
      return answer.ms;
    };
    // BENCH_PUT_SAMPLES: more saves measured (a quick run's 5 cannot tell two versions apart).
    const putSamples = Number(process.env.BENCH_PUT_SAMPLES) || (quick ? 5 : 30);
    const put = await profiled('design-put', () =>
      sampleRemote(save, { warmup: quick ? 1 : 2, samples: putSamples }),
    );

    // A process that has just started keeps no state: the first save of a design folds it from its
    // latest snapshot and the saves after it, or, without snapshots, from every save ever made.
    const { store } = platform.runtime;
    const snapshots = snapshotsOf(store) ?? null;
    const firstSave = async (withSnapshots: boolean) =>
      sampleRemote(
        async (i) => {
          stateCacheOf(store).clear();
          useSnapshots(store, withSnapshots ? snapshots : null);
          try {
            return await save(i);
          } finally {
            useSnapshots(store, snapshots);
          }
        },
        quick ? { warmup: 1, samples: 3 } : { warmup: 1, samples: 10 },
      );
    const afterRestart = await firstSave(true);
    const afterRestartWithout = await firstSave(false);
    return {
      designs: target,
      seedSeconds,
      lists,
      documentBytes: Buffer.byteLength(body),
      put,
      afterRestart,
      afterRestartWithout,
      saves: revision,
    };
  } finally {
    client.close();
  }
}

/** The section as printed after the report; runs its own platform on the bench database. */
export async function designsSection(
  url: string,
  admin: { email: string; password: string },
  quick: boolean,
) {
  const { platform, token, userId } = await startSectionPlatform(url, admin);
  try {
    const r = await measure(platform, token, userId, quick);
    const line = (what: string, p: Percentiles) =>
      `  ${what.padEnd(34)} samples ${p.samples}  p50 ${ms(p.p50Ms)} ms  p99 ${ms(p.p99Ms)} ms`;
    const firstPage = (what: string, p: Percentiles) =>
      `${line(what, p)}  target p50 ≤ ${TARGETS.firstPageP50Ms} ms, p99 ≤ ${TARGETS.firstPageP99Ms} ms: ${met(
        Math.max(p.p50Ms / TARGETS.firstPageP50Ms, p.p99Ms / TARGETS.firstPageP99Ms),
        1,
      )}`;
    return [
      `\nDesigns: GET /api/mydesign of one owner with ${r.designs.toLocaleString('en-US')} designs (seeded in ${r.seedSeconds.toFixed(1)} s), client in its own process`,
      ...r.lists.map((l) =>
        l.what.endsWith('first page') ? firstPage(l.what, l.latency) : line(l.what, l.latency),
      ),
      `  PUT /api/design/{id}/document of ${(r.documentBytes / 1024 / 1024).toFixed(2)} MB, saves one after another on one design:`,
      `${line('PUT document', r.put)}  server CPU ${ms(r.put.serverCpuMs)} ms/request  target p50 ≤ ${TARGETS.putP50Ms} ms: ${met(r.put.p50Ms, TARGETS.putP50Ms)}`,
      `  the first save after a restart (nothing kept in memory; the design has ${r.saves} saves at the end):`,
      line('from its snapshot', r.afterRestart),
      line('from every save (no snapshots)', r.afterRestartWithout),
      `  first save after a restart, from its snapshot ÷ from every save at p50: ${(r.afterRestart.p50Ms / r.afterRestartWithout.p50Ms).toFixed(2)}×`,
      '',
    ].join('\n');
  } finally {
    await platform.close();
  }
}
