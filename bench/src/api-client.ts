import type { LoginResponse } from '@interior/contracts';
import type { GroupInput } from './groups';

/**
 * The HTTP API as react-admin's data provider calls it, through Node's global fetch (undici,
 * keep-alive connections reused across requests).
 */
export class ApiClient {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
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
    const response = await fetch(`${this.baseUrl}/api/usergroup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(group),
    });
    const body = (await response.json()) as { id: number; message?: string };
    if (response.status !== 201)
      throw new Error(`POST /api/usergroup: ${response.status} ${body.message ?? ''}`);
    return { id: body.id, caughtUp: response.headers.get('x-read-model') !== 'behind' };
  }

  /** GET /api/usergroup with simple-rest parameters; resolves with the page size and the total. */
  async listGroups(params: { sort?: unknown; range?: unknown; filter?: unknown }) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) query.set(key, JSON.stringify(value));
    }
    const response = await fetch(`${this.baseUrl}/api/usergroup?${query}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    const body = (await response.json()) as unknown[] | { message?: string };
    if (response.status !== 200 || !Array.isArray(body)) {
      throw new Error(`GET /api/usergroup: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    const total = Number(response.headers.get('content-range')?.split('/')[1]);
    return { rows: body.length, total };
  }
}
