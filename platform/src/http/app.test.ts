import { findIllFormedText, messages } from '@interior/contracts';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../config';
import { invalidValues, ruleBroken } from '../errors';
import { createHttpApp, type HttpAppOptions, toErrorBody } from './app';
import { REDACTED, redactUrl } from './logging';

const started: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

async function start(options: HttpAppOptions, routes: (app: FastifyInstance) => void) {
  const app = createHttpApp(options);
  routes(app);
  started.push(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

describe('the request log', () => {
  it('keeps no codes, tokens, phone numbers or Authorization headers', async () => {
    const lines: string[] = [];
    const url = await start(
      {
        logLevel: 'info',
        logStream: { write: (line) => lines.push(line) },
        pageFallback: (_request, reply) => reply.type('text/html').send('<html></html>'),
      },
      (app) => {
        app.head('/api/code/:mobile/:code', async (_request, reply) => reply.status(204).send());
        app.get('/api/echo', async (request) => {
          request.log.info({ headers: request.headers }, 'headers');
          return {};
        });
      },
    );
    const authorization = { authorization: 'Bearer secret-access-token-123' };
    await fetch(`${url}/api/code/01012345678/112139`, { method: 'HEAD', headers: authorization });
    await fetch(`${url}/sns-login?accessToken=access-abc&refreshToken=refresh-def`);
    await fetch(`${url}/reset-password?token=reset-token-456`);
    await fetch(`${url}/email-verification?token=verify-token-789`);
    await fetch(`${url}/api/echo?filter=${encodeURIComponent('{"q":"홍길동"}')}&sort=x`, {
      headers: { ...authorization, cookie: 'session=cookie-secret' },
    });
    const log = lines.join('');
    for (const secret of [
      '01012345678',
      '112139',
      'access-abc',
      'refresh-def',
      'reset-token-456',
      'verify-token-789',
      'secret-access-token-123',
      'cookie-secret',
      encodeURIComponent('홍길동'),
      '홍길동',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain(`/api/code/${REDACTED}/${REDACTED}`);
    expect(log).toContain(`/sns-login?accessToken=${REDACTED}&refreshToken=${REDACTED}`);
    expect(log).toContain(`/api/echo?filter=${REDACTED}&sort=x`);
  });

  it('redacts URLs by path and query parameter', () => {
    expect(redactUrl('/api/code/01012345678/112139')).toBe(`/api/code/${REDACTED}/${REDACTED}`);
    expect(redactUrl('//api//code/010?x=1')).toBe(`//api//code/${REDACTED}?x=${REDACTED}`);
    expect(redactUrl('/api/code')).toBe('/api/code');
    expect(redactUrl('/api/image/user/1/a.png')).toBe('/api/image/user/1/a.png');
    expect(redactUrl('/api/user?sort=["id","ASC"]&range=[0,9]&ids=1&flag')).toBe(
      '/api/user?sort=["id","ASC"]&range=[0,9]&ids=1&flag',
    );
  });
});

describe('the client address', () => {
  const routes = (app: FastifyInstance) => app.get('/api/ip', async (request) => ({ ip: request.ip }));
  const ipSeen = async (url: string, forwardedFor?: string) => {
    const response = await fetch(`${url}/api/ip`, {
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return ((await response.json()) as { ip: string }).ip;
  };

  it('behind one gateway is the address the gateway appended, never one the client wrote', async () => {
    const url = await start({ logLevel: 'silent', trustProxy: 1 }, routes);
    // The client wrote 6.6.6.6; the gateway appended the address it saw, 203.0.113.7.
    expect(await ipSeen(url, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(url, '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen(url)).toBe('127.0.0.1');
  });

  it('behind listed proxies is the first address outside them; their scheme and host make the origin', async () => {
    const url = await start({ logLevel: 'silent', trustProxy: ['127.0.0.1', '10.0.0.0/8'] }, (app) =>
      app.get('/api/ip', async (request) => ({
        ip: request.ip,
        origin: `${request.protocol}://${request.host}`,
      })),
    );
    const seen = async (headers: Record<string, string>) =>
      (await fetch(`${url}/api/ip`, { headers })).json() as Promise<{ ip: string; origin: string }>;
    expect(await seen({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.1.2.3' })).toMatchObject({
      ip: '203.0.113.7',
    });
    expect(
      await seen({
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'interior.example',
      }),
    ).toEqual({ ip: '203.0.113.7', origin: 'https://interior.example' });
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1,loopback ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'face', '10.0.0.1; rm', 'example.com', '*', '10.0.0.0/8/1', '1.2.3.4/x']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
    }
  });

  it('without a proxy is the peer, whatever X-Forwarded-For says', async () => {
    const url = await start({ logLevel: 'silent' }, routes);
    expect(await ipSeen(url, '6.6.6.6')).toBe('127.0.0.1');
  });
});

describe('text the database cannot store', () => {
  it('finds a NUL or a lone surrogate in strings and keys, and its path', () => {
    expect(findIllFormedText({ a: ['ok', { b: 'x\u0000' }] })).toBe('a.1.b');
    expect(findIllFormedText({ a: '\ud800' })).toBe('a');
    expect(findIllFormedText({ a: 'x\udc00' })).toBe('a');
    expect(findIllFormedText({ nested: { 'k\u0000': 1 } })).toBe('nested');
    expect(findIllFormedText('\u0000')).toBe('');
    expect(findIllFormedText({ a: '😀 한글', b: [1, null, true] })).toBeNull();
    expect(findIllFormedText(Buffer.from([0]))).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(findIllFormedText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('answers a JSON body holding it with a 400 naming the field', async () => {
    const url = await start({ logLevel: 'silent' }, (app) => app.post('/api/echo', async (r) => r.body));
    const response = await fetch(`${url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"a\\u0000b"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      message: messages.invalidValue,
      errors: { name: messages.invalidValue },
    });
  });
});

describe('toErrorBody', () => {
  it('answers a value the database refused (SQLSTATE class 22) as bad input, not a 500', () => {
    const outOfRange = Object.assign(new Error('value "9999999999" is out of range for type integer'), {
      code: '22003',
      severity: 'ERROR',
    });
    expect(toErrorBody(outOfRange)).toEqual({ status: 400, message: messages.invalidValue });
    const other = Object.assign(new Error('connection lost'), { code: '08006', severity: 'FATAL' });
    expect(toErrorBody(other)).toEqual({ status: 500, message: messages.internalError });
  });

  it("answers a decider's refusals by their kind, values it does not take with their fields", () => {
    expect(toErrorBody(ruleBroken(messages.estimationNoDraft))).toEqual({
      status: 409,
      message: messages.estimationNoDraft,
    });
    const total = messages.estimateTotalTooLarge(10);
    expect(toErrorBody(invalidValues(total, { total }))).toEqual({
      status: 400,
      message: total,
      errors: { total },
    });
  });
});
