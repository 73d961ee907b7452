import http from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { AnswerCache } from './answer-cache';
import { createHttpApp } from './app';

/** A list route whose answers are remembered, over a read model the test changes by hand. */
let app: FastifyInstance;
let base: string;
let version = 1;
let made = 0;
let rows: { id: number; name: string }[] = [];

beforeAll(async () => {
  app = createHttpApp({ logLevel: 'silent' });
  await app.after();
  const answers = new AnswerCache((names) => `${names.join(',')}@${version}`);
  app.get('/api/thing', async (request, reply) =>
    answers.send(request, reply, ['things'], request.url, async () => {
      made++;
      return { headers: { 'content-range': `thing 0-${rows.length - 1}/${rows.length}` }, body: rows };
    }),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

/** A GET as sent, its body as it came (fetch would unpack it). */
function get(url: string, encoding?: string, extra: Record<string, string> = {}) {
  return new Promise<{ headers: http.IncomingHttpHeaders; raw: Buffer; text: string; json(): unknown }>(
    (resolve, reject) => {
      const headers = { ...extra, ...(encoding ? { 'accept-encoding': encoding } : {}) };
      http
        .get(`${base}${url}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const text = raw.toString('utf8');
            resolve({ headers: res.headers, raw, text, json: () => JSON.parse(text) });
          });
        })
        .on('error', reject);
    },
  );
}

/** Enough rows for the answer to be compressed (over the app's 1 KiB threshold). */
const manyRows = (word: string) => Array.from({ length: 40 }, (_, id) => ({ id, name: `${word} ${id}` }));

describe('AnswerCache', () => {
  it('answers the same request again without making it, until the read model changes', async () => {
    rows = manyRows('처음');
    made = 0;
    const first = await get('/api/thing?range=[0,39]');
    const again = await get('/api/thing?range=[0,39]');
    expect(made).toBe(1);
    expect(again.json()).toEqual(rows);
    expect(again.headers['content-range']).toBe('thing 0-39/40');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.text).toBe(first.text);

    // Another question is another answer.
    await get('/api/thing?range=[0,9]');
    expect(made).toBe(2);

    // A hard reload asks for the answer made afresh.
    await get('/api/thing?range=[0,39]', undefined, { 'cache-control': 'no-cache' });
    expect(made).toBe(3);

    rows = manyRows('바뀜');
    version++;
    const changed = await get('/api/thing?range=[0,39]');
    expect(made).toBe(4);
    expect(changed.json()).toEqual(rows);
  });

  it('sends the encoding the compression plugin would choose, the same body either way', async () => {
    rows = manyRows('압축');
    version++;
    const br = await get('/api/thing', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.raw).toString())).toEqual(rows);
    const gzip = await get('/api/thing', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.raw).toString())).toEqual(rows);
    const plain = await get('/api/thing', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(rows);
    // The range header survives compression (app.ts sets it aside from the plugin).
    expect(br.headers['content-range']).toBe('thing 0-39/40');
  });

  it('does not remember an answer too large to keep', async () => {
    rows = Array.from({ length: 3000 }, (_, id) => ({ id, name: `큰 목록 ${id}`.repeat(5) }));
    version++;
    made = 0;
    await get('/api/thing?large');
    const again = await get('/api/thing?large');
    expect(made).toBe(2);
    expect(again.json()).toHaveLength(3000);
  });
});
