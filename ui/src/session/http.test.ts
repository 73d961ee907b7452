import { messages } from '@interior/contracts';
import { MemoryStorage } from '../testing/memoryStorage';
import { ApiError, apiFetch, apiJson, setSessionExpiredHandler } from './http';
import { readTokenPair, writeTokenPair } from './tokens';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

let calls: Array<{ url: string; authorization: string | null; body: unknown }>;

function serve(handler: Handler): void {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const authorization = new Headers(init.headers).get('Authorization');
    calls.push({ url, authorization, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return handler(url, init);
  }) as typeof fetch;
}

/** A server whose valid access token is `current`; POST /api/token swaps it for `fresh-N`. */
function serverWithTokens(options: { refreshAccepted: boolean; tokenDelayMs?: number }) {
  let current = 'fresh-0';
  let issued = 0;
  serve(async (url, init) => {
    if (url === '/api/token') {
      await new Promise((resolve) => setTimeout(resolve, options.tokenDelayMs ?? 0));
      if (!options.refreshAccepted) return json(401, { status: 401, message: messages.sessionExpired });
      issued += 1;
      current = `fresh-${issued}`;
      return json(200, { token: current });
    }
    const authorization = new Headers(init.headers).get('Authorization');
    if (authorization !== `Bearer ${current}`)
      return json(401, { status: 401, message: messages.loginRequired });
    return json(200, { ok: true, url });
  });
}

let expired: number;

beforeEach(() => {
  globalThis.sessionStorage = new MemoryStorage();
  expired = 0;
  setSessionExpiredHandler(() => {
    expired += 1;
  });
});

describe('apiFetch', () => {
  it('sends the stored access token as a bearer token', async () => {
    writeTokenPair({ accessToken: 'fresh-0', refreshToken: 'refresh' });
    serverWithTokens({ refreshAccepted: true });
    await expect(apiJson('/api/usergroup/1')).resolves.toEqual({ ok: true, url: '/api/usergroup/1' });
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer fresh-0']);
  });

  it('on 401 reissues the access token once for concurrent requests, keeps the refresh token and retries', async () => {
    writeTokenPair({ accessToken: 'stale', refreshToken: 'refresh' });
    serverWithTokens({ refreshAccepted: true, tokenDelayMs: 10 });

    const answers = await Promise.all([apiJson('/api/a'), apiJson('/api/b'), apiJson('/api/c')]);

    expect(answers).toHaveLength(3);
    const reissues = calls.filter((c) => c.url === '/api/token');
    expect(reissues).toEqual([{ url: '/api/token', authorization: null, body: { token: 'refresh' } }]);
    expect(readTokenPair()).toEqual({ accessToken: 'fresh-1', refreshToken: 'refresh' });
    expect(
      calls
        .filter((c) => c.authorization === 'Bearer fresh-1')
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(expired).toBe(0);
  });

  it('ends the session when the refresh token is refused, and fails the request with 401', async () => {
    writeTokenPair({ accessToken: 'stale', refreshToken: 'revoked' });
    serverWithTokens({ refreshAccepted: false });
    const failure = apiFetch('/api/usergroup');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(expired).toBe(1);
    expect(calls.map((c) => c.url)).toEqual(['/api/usergroup', '/api/token']);
  });

  it('only fails (no expiry) where 401 just means "not signed in"', async () => {
    writeTokenPair({ accessToken: 'stale', refreshToken: 'revoked' });
    serverWithTokens({ refreshAccepted: false });
    await expect(apiFetch('/api/user/current', { session: 'optional' })).rejects.toMatchObject({
      status: 401,
    });
    expect(expired).toBe(0);
  });

  it('sends no token and does not reissue for calls outside the session', async () => {
    writeTokenPair({ accessToken: 'stale', refreshToken: 'refresh' });
    serve(() => json(404, { status: 404, message: messages.wrongCredentials }));
    await expect(apiFetch('/api/login', { method: 'POST', json: {}, session: 'none' })).rejects.toMatchObject(
      {
        status: 404,
        message: messages.wrongCredentials,
      },
    );
    expect(calls).toEqual([{ url: '/api/login', authorization: null, body: {} }]);
  });

  it('names a network failure with the network-error name and message', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    await expect(apiFetch('/api/health')).rejects.toMatchObject({
      name: messages.networkErrorName,
      message: messages.networkError,
    });
  });

  it('keeps the status and the best message of a non-ok answer', async () => {
    serve(() => json(412, { status: 412, message: messages.staleVersion }));
    await expect(apiFetch('/api/usergroup/1', { method: 'PUT' })).rejects.toMatchObject({
      status: 412,
      message: messages.staleVersion,
      body: { status: 412, message: messages.staleVersion },
    });

    serve(() => new Response('upstream down', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    await expect(apiFetch('/api/health')).rejects.toMatchObject({ status: 502, message: 'upstream down' });

    serve(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiFetch('/api/health')).rejects.toMatchObject({
      status: 503,
      message: 'Service Unavailable',
    });
  });

  it('passes validation errors on for the form', async () => {
    const body = { status: 400, message: messages.required, errors: { name: messages.required } };
    serve(() => json(400, body));
    await expect(apiFetch('/api/usergroup', { method: 'POST', json: { name: '' } })).rejects.toMatchObject({
      status: 400,
      body,
    });
  });
});
