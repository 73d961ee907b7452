import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { UI_DIR, uiSkipReason } from '../testing/browser';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

/**
 * How the all-in-one server delivers the UI and the API: compressed (Brotli, else gzip), hashed
 * assets cached for a year, pages checked on every visit, and paths no page has answered 404.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET (fetch would hide the encoding by decoding it). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const describeWithUi = uiSkipReason ? describe.skip : describe;
jest.setTimeout(120_000);

describeWithUi('delivery of the built UI and the API', () => {
  let platform: TestPlatform;
  let script: string;

  beforeAll(async () => {
    platform = await startTestPlatform({ uiDir: UI_DIR });
    const index = fs.readFileSync(path.join(UI_DIR, 'index.html'), 'utf8');
    script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1] ?? '';
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('sends a hashed script compressed with Brotli, or gzip, and cacheable for a year', async () => {
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const plain = fs.readFileSync(path.join(UI_DIR, script));
    const br = await get(`${platform.url}${script}`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).equals(plain)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.length / 2);

    const gz = await get(`${platform.url}${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain)).toBe(true);

    const identity = await get(`${platform.url}${script}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });

  it('has every page checked on each visit, with the favicon linked', async () => {
    for (const page of ['/', '/login', '/dashboard/usergroup']) {
      const answer = await get(`${platform.url}${page}`, { 'accept-encoding': 'br, gzip' });
      expect([page, answer.status]).toEqual([page, 200]);
      expect(answer.headers['cache-control']).toBe('no-cache');
      // A page under 1 kB is sent as it is: compressing it would save nothing.
      const encoding = answer.headers['content-encoding'];
      const html = (
        encoding === 'br'
          ? zlib.brotliDecompressSync(answer.body)
          : encoding === 'gzip'
            ? zlib.gunzipSync(answer.body)
            : answer.body
      ).toString('utf8');
      expect(html).toContain('<div id="root">');
      expect(html).toMatch(/<link rel="icon"[^>]+href="\/favicon\.svg"/);
    }
    const icon = await get(`${platform.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers a path no page has with 404 and the app, which shows its 404 page', async () => {
    for (const page of ['/no/such/page', '/login/extra', '/dashboards']) {
      const answer = await get(`${platform.url}${page}`);
      expect([page, answer.status]).toEqual([page, 404]);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body.toString('utf8')).toContain('<div id="root">');
    }
  });

  it('compresses the API answers for clients that accept it', async () => {
    const { token } = await platform.api.login(ADMIN.email, ADMIN.password);
    for (let i = 0; i < 12; i++) {
      await platform.api.request('POST', '/api/usergroup', {
        token,
        body: {
          name: `압축 시험 그룹 ${i}`,
          description: '목록이 1 kB를 넘도록 만든 그룹입니다. '.repeat(4),
        },
      });
    }
    const list = await get(`${platform.url}/api/usergroup?range=[0,99]`, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip',
    });
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe('usergroup 0-11/12');
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(list.body).toString('utf8'))).toHaveLength(12);
  });
});
