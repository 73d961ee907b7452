import http from 'node:http';
import zlib from 'node:zlib';
import type { LoginResponse } from '@interior/contracts';
import type { GroupInput } from './groups';

/**
 * The HTTP API as react-admin's data provider calls it, from the bench's own process (the server's):
 * sign-in, the checks, and the in-process figures printed beside those of the client process
 * (http-child.ts). The measured calls go through node:http with keep-alive connections, asking
 * for compressed answers as a browser does: Node's fetch cost this process about as much CPU per
 * call as the server's own work. Sign-in and the checks use fetch.
 */
export class ApiClient {
  private readonly agent = new http.Agent({ keepAlive: true });

  private constructor(
    readonly baseUrl: string,
    /** The bearer token of the signed-in user (a client process signs its requests with it too). */
    readonly token: string,
    /** The signed-in user's id. */
    readonly userId: number,
  ) {}

  /**
   * Proves the server checks tokens on the routes measured: without a token, and with a forged
   * one, they must answer 401 (so the figures include a real authentication, not an open route).
   */
  static async expectAuthRequired(baseUrl: string): Promise<void> {
    const forged = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      '{"sub":"1","roles":["Admin"]}',
    ).toString('base64url')}.forged`;
    const probes: [string, RequestInit][] = [
      ['GET /api/usergroup without a token', {}],
      ['GET /api/usergroup with a forged token', { headers: { authorization: `Bearer ${forged}` } }],
      [
        'POST /api/usergroup without a token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: '인증 확인', description: '' }),
        },
      ],
    ];
    for (const [what, init] of probes) {
      const response = await fetch(`${baseUrl}/api/usergroup`, init);
      await response.arrayBuffer();
      if (response.status !== 401) throw new Error(`${what}: expected 401, got ${response.status}`);
    }
  }

  static async signIn(baseUrl: string, email: string, password: string): Promise<ApiClient> {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as Partial<LoginResponse> & { message?: string };
    if (response.status !== 200 || !body.token || !body.user) {
      throw new Error(`sign-in failed: ${response.status} ${body.message ?? ''}`);
    }
    return new ApiClient(baseUrl, body.token, body.user.user.id);
  }

  /** POST /api/usergroup; resolves with whether the read model had caught up (no `x-read-model: behind`). */
  async createGroup(group: GroupInput): Promise<{ id: number; caughtUp: boolean }> {
    const response = await this.request('POST', '/api/usergroup', JSON.stringify(group));
    const body = JSON.parse(decoded(response).toString('utf8')) as { id: number; message?: string };
    if (response.status !== 201)
      throw new Error(`POST /api/usergroup: ${response.status} ${body.message ?? ''}`);
    return { id: body.id, caughtUp: response.headers['x-read-model'] !== 'behind' };
  }

  /** GET /api/usergroup with simple-rest parameters; resolves with the page size and the total. */
  async listGroups(
    params: { sort?: unknown; range?: unknown; filter?: unknown },
    /** `Cache-Control: no-cache`: the answer made afresh, not remembered (answer-cache.ts). */
    options: { fresh?: boolean } = {},
  ) {
    const response = await this.request('GET', usergroupListPath(params), undefined, options.fresh);
    // `usergroup <first>-<last>/<total>`: what the body holds, read without unpacking it.
    const range = /^usergroup (?:(\d+)-(\d+)|\*)\/(\d+)\+?$/.exec(String(response.headers['content-range']));
    if (response.status !== 200 || !range) {
      throw new Error(`GET /api/usergroup: ${response.status} ${response.headers['content-range'] ?? ''}`);
    }
    const rows = range[1] === undefined ? 0 : Number(range[2]) - Number(range[1]) + 1;
    return { rows, total: Number(range[3]) };
  }

  private request(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    fresh = false,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = {
        authorization: `Bearer ${this.token}`,
        'accept-encoding': 'gzip, deflate, br',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (fresh) headers['cache-control'] = 'no-cache';
      const request = http.request(
        new URL(path, this.baseUrl),
        { method, agent: this.agent, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}

/** `GET /api/usergroup` with simple-rest parameters (each a JSON value), as react-admin asks it. */
export function usergroupListPath(params: { sort?: unknown; range?: unknown; filter?: unknown }): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, JSON.stringify(value));
  }
  return `/api/usergroup?${query}`;
}

/** A body as sent, unpacked from the compression the server chose. */
function decoded(response: { headers: http.IncomingHttpHeaders; body: Buffer }): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(response.body);
    case 'gzip':
      return zlib.gunzipSync(response.body);
    case 'deflate':
      return zlib.inflateSync(response.body);
    default:
      return response.body;
  }
}
