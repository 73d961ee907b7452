import { randomUUID } from 'node:crypto';
import { nextId } from '@interior/command-service/ids';
import { snapshotsOf, useSnapshots } from '@interior/command-service/snapshots';
import { stateCacheOf } from '@interior/command-service/state-cache';
import { type DesignDocument, emptyDesignDocument, validateDesignDocument } from '@interior/contracts';
import type { PlatformServer } from '@interior/server';
import { type Percentiles, sampleLatency } from './measure';
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
 * Seeding appends valid `DesignCreated` events through the platform's store (8 writers, ids from
 * the platform's sequence) and waits for the read model, as the usergroups section does.
 */

const ROOMS = 40;
const POINTS = 1_000;

/** About 1 MB of JSON: rooms whose outlines are regular 1,000-gons (simple, so the save is valid). */
export function megabyteDocument(): DesignDocument {
  const doc = emptyDesignDocument();
  for (let r = 0; r < ROOMS; r++) {
    const cx = (r % 8) * 250_000 - 875_000;
    const cy = Math.floor(r / 8) * 250_000 - 500_000;
    const polygon = Array.from({ length: POINTS }, (_, i) => {
      const angle = (2 * Math.PI * i) / POINTS;
      return { x: Math.round(cx + 100_000 * Math.cos(angle)), y: Math.round(cy + 100_000 * Math.sin(angle)) };
    });
    doc.rooms.push({ id: `room${r}`, name: `방 ${r + 1}`, polygon, ceilingHeight: 2_400 });
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

export interface DesignsResult {
  designs: number;
  seedSeconds: number;
  lists: { what: string; latency: Percentiles }[];
  documentBytes: number;
  put: Percentiles;
  /** The first save after a restart (nothing kept in memory), with snapshots and without. */
  afterRestart: Percentiles;
  afterRestartWithout: Percentiles;
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
  const seedSeconds = (performance.now() - started) / 1000;

  const plan = quick ? { warmup: 5, samples: 30 } : { warmup: 20, samples: 200 };
  const lists = [];
  for (const [what, query] of [
    ['updated DESC, first page', { sort: ['updated', 'DESC'], range: [0, 23] }],
    ['name ASC, first page', { sort: ['name', 'ASC'], range: [0, 23] }],
    ['area DESC, first page', { sort: ['area', 'DESC'], range: [0, 23] }],
    ['q="디자인 9999"', { sort: ['updated', 'DESC'], range: [0, 23], filter: { q: '디자인 9999' } }],
  ] as const) {
    const params = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
    );
    const latency = await sampleLatency(async () => {
      await request(`${platform.url}/api/mydesign?${params}`, token);
    }, plan);
    lists.push({ what, latency });
  }

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
  let revision = 0;
  const save = async (i: number) => {
    await request(`${platform.url}/api/design/${designId}/document`, token, {
      method: 'PUT',
      body: i % 2 === 0 ? body : smaller,
      headers: { 'if-match': `"${revision}"` },
    });
    revision++;
  };
  const put = await sampleLatency(save, quick ? { warmup: 1, samples: 5 } : { warmup: 2, samples: 30 });

  // A process that has just started keeps no state: the first save of a design folds it from its
  // latest snapshot and the saves after it, or, without snapshots, from every save ever made.
  const { store } = platform.runtime;
  const snapshots = snapshotsOf(store) ?? null;
  const firstSave = async (withSnapshots: boolean) =>
    sampleLatency(
      async (i) => {
        stateCacheOf(store).clear();
        useSnapshots(store, withSnapshots ? snapshots : null);
        try {
          await save(i);
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
    return [
      `\nDesigns: GET /api/mydesign of one owner with ${r.designs.toLocaleString('en-US')} designs (seeded in ${r.seedSeconds.toFixed(1)} s)`,
      ...r.lists.map((l) => line(l.what, l.latency)),
      `  PUT /api/design/{id}/document of ${(r.documentBytes / 1024 / 1024).toFixed(2)} MB, saves one after another on one design:`,
      line('PUT document', r.put),
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
