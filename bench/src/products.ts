import { randomUUID } from 'node:crypto';
import { nextId } from '@interior/command-service/ids';
import { createInputSchema, productResource } from '@interior/contracts';
import type { PlatformServer } from '@interior/server';
import { type Percentiles, sampleLatency } from './measure';
import { ms, startSectionPlatform } from './section-platform';

/**
 * The product list a buyer filters (docs/catalogue.md): `GET /api/product` at 100,000 products,
 * by a category and its whole subtree, a price range, a brand, sorted, and with `q` matching 1%
 * of the names. The category tree (4 roots of 5 children) and 20 brands are made through the API;
 * the products are appended as valid `ProductCreated` events through the platform's store (8
 * writers, ids from the platform's sequence), and the section waits for the read model.
 */

async function call(base: string, token: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

export interface ProductListResult {
  products: number;
  seedSeconds: number;
  lists: { what: string; latency: Percentiles; total: number }[];
}

async function measure(platform: PlatformServer, token: string, quick: boolean): Promise<ProductListResult> {
  const base = platform.url;
  const target = quick ? 10_000 : 100_000;
  const roots: number[] = [];
  const leaves: number[] = [];
  for (const root of ['거실 가구', '침실 가구', '주방 가구', '조명']) {
    const id = (await call(base, token, '/api/category/product', { name: root })).id as number;
    roots.push(id);
    for (let i = 1; i <= 5; i++)
      leaves.push(
        (await call(base, token, '/api/category/product', { name: `${root} ${i}`, parentId: id })).id,
      );
  }
  const brands: number[] = [];
  for (let i = 1; i <= 20; i++)
    brands.push((await call(base, token, '/api/brand', { name: `벤치 브랜드 ${i}` })).id);

  const schema = createInputSchema(productResource);
  const { knex } = platform.runtime.db;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < target) {
        const n = next++;
        const id = await nextId(knex, 'Product');
        // One in a hundred is a "모던" piece: the `q` below matches 1% of the names.
        const fields = schema.parse({
          name: n % 100 === 0 ? `모던 소파 ${n}` : `클래식 의자 ${n}`,
          code: `BENCH-${n}`,
          kind: 'Single',
          brandId: brands[n % brands.length],
          categoryId: leaves[n % leaves.length],
          price: 10_000 + ((n * 7_919) % 2_000_000),
          unit: 'EA',
          status: 'Active',
        });
        await platform.runtime.store.append(
          `Product-${id}`,
          [
            {
              id: randomUUID(),
              type: 'ProductCreated',
              data: { id, ...fields },
              metadata: {
                actorId: null,
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
  const page = [0, 24];
  for (const [what, query] of [
    ['newest first, first page', { sort: ['registered', 'DESC'], range: page }],
    [
      'category subtree, price ASC',
      { sort: ['price', 'ASC'], range: page, filter: { categoryId: roots[0] } },
    ],
    [
      'subtree + price range + brand, name',
      {
        sort: ['name', 'ASC'],
        range: page,
        filter: { categoryId: roots[1], price_gte: 100_000, price_lte: 500_000, brandId: brands[6] },
      },
    ],
    [
      'subtree + q (1%), price DESC',
      { sort: ['price', 'DESC'], range: page, filter: { categoryId: roots[0], q: '모던' } },
    ],
  ] as const) {
    const params = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]),
    );
    let total = 0;
    const latency = await sampleLatency(async () => {
      // Made afresh each time (never an answer the process remembered: answer-cache.ts).
      const response = await fetch(`${base}/api/product?${params}`, {
        headers: { authorization: `Bearer ${token}`, 'cache-control': 'no-cache' },
      });
      if (!response.ok) throw new Error(`GET /api/product?${params}: ${response.status}`);
      total = Number(response.headers.get('content-range')?.split('/')[1] ?? 0);
      await response.arrayBuffer();
    }, plan);
    lists.push({ what, latency, total });
  }
  return { products: target, seedSeconds, lists };
}

/** The section as printed after the report; runs its own platform on the bench database. */
export async function productListSection(
  url: string,
  admin: { email: string; password: string },
  quick: boolean,
) {
  const { platform, token } = await startSectionPlatform(url, admin);
  try {
    const r = await measure(platform, token, quick);
    return [
      `\nProducts: GET /api/product with ${r.products.toLocaleString('en-US')} products (seeded in ${r.seedSeconds.toFixed(1)} s)`,
      ...r.lists.map(
        (l) =>
          `  ${l.what.padEnd(36)} samples ${l.latency.samples}  p50 ${ms(l.latency.p50Ms)} ms  p99 ${ms(l.latency.p99Ms)} ms  (${l.total.toLocaleString('en-US')} match)`,
      ),
      '',
    ].join('\n');
  } finally {
    await platform.close();
  }
}
