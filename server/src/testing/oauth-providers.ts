import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for Kakao, Naver and Cafe24 on one local port, each with the quirks of the real one
 * that the platform must get right: Kakao checks the PKCE verifier and answers its user id as a
 * number; Naver wants `state` again on the token call, answers `expires_in` as a string and errors
 * with HTTP 200; Cafe24 wants HTTP Basic on the token call and serves each mall under its own base
 * (here a path per mall, through the CAFE24_API_URL template). Codes work once, as at the real ones.
 */
export const FAKE_CLIENTS = {
  kakao: { id: 'kakao-client', secret: 'kakao-secret' },
  naver: { id: 'naver-client', secret: 'naver-secret' },
  cafe24: { id: 'cafe24-client', secret: 'cafe24-secret' },
} as const;

export interface KakaoAccount {
  id: number;
  nickname: string;
  email?: string;
  verified?: boolean;
}
export interface NaverAccount {
  id: string;
  name: string;
  email?: string;
}
export interface Cafe24Operator {
  userId: string;
  shopName: string;
  email: string;
}

type Provider = 'kakao' | 'naver' | 'cafe24';

interface IssuedCode {
  provider: Provider;
  clientId: string;
  redirectUri: string;
  state: string;
  challenge: string | null;
  mall: string | null;
  account: KakaoAccount | NaverAccount | Cafe24Operator;
  used: boolean;
}

export class FakeOAuthProviders {
  /** Who approves at the next authorize call of each provider. */
  kakaoAccount: KakaoAccount = {
    id: 4_000_000_001,
    nickname: '카카오 사용자',
    email: 'kakao@test.example',
    verified: true,
  };
  naverAccount: NaverAccount = { id: 'naver-abc', name: '네이버 사용자', email: 'someone@naver.com' };
  cafe24Operator: Cafe24Operator = { userId: 'owner', shopName: '테스트 상점', email: 'shop@test.example' };
  /** The next authorize call of these providers is declined by the person. */
  readonly declining = new Set<Provider>();
  /** These providers' token endpoints fail with 500. */
  readonly down = new Set<Provider>();
  /** Every token call, as the provider saw it. */
  readonly tokenCalls: {
    provider: Provider;
    path: string;
    authorization: string | undefined;
    body: URLSearchParams;
  }[] = [];

  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedCode>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeOAuthProviders> {
    let fake!: FakeOAuthProviders;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        try {
          fake.handle(request, body, response);
        } catch (error) {
          response.writeHead(500).end(String(error));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeOAuthProviders(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  /** The platform's configuration pointing at these stand-ins. */
  env(): Record<string, string> {
    return {
      KAKAO_CLIENT_ID: FAKE_CLIENTS.kakao.id,
      KAKAO_CLIENT_SECRET: FAKE_CLIENTS.kakao.secret,
      NAVER_CLIENT_ID: FAKE_CLIENTS.naver.id,
      NAVER_CLIENT_SECRET: FAKE_CLIENTS.naver.secret,
      CAFE24_CLIENT_ID: FAKE_CLIENTS.cafe24.id,
      CAFE24_CLIENT_SECRET: FAKE_CLIENTS.cafe24.secret,
      KAKAO_AUTH_URL: `${this.url}/kakao/auth`,
      KAKAO_API_URL: `${this.url}/kakao/api`,
      NAVER_AUTH_URL: `${this.url}/naver/auth`,
      NAVER_API_URL: `${this.url}/naver/api`,
      CAFE24_API_URL: `${this.url}/cafe24/{mall_id}`,
    };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    const path = url.pathname;
    const json = (status: number, value: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const cafe24 = /^\/cafe24\/([a-z0-9]+)(\/.*)$/.exec(path);
    const route = cafe24 ? `/cafe24${cafe24[2]}` : path;
    const mall = cafe24?.[1] ?? null;

    switch (`${request.method} ${route}`) {
      case 'GET /kakao/auth/oauth/authorize':
        return this.authorize('kakao', url, mall, response);
      case 'GET /naver/auth/oauth2.0/authorize':
        return this.authorize('naver', url, mall, response);
      case 'GET /cafe24/api/v2/oauth/authorize':
        return this.authorize('cafe24', url, mall, response);
      case 'POST /kakao/auth/oauth/token':
      case 'POST /naver/auth/oauth2.0/token':
      case 'POST /cafe24/api/v2/oauth/token':
        return this.token(
          route.split('/')[1] as Provider,
          request,
          path,
          new URLSearchParams(body),
          mall,
          json,
        );
      case 'GET /kakao/api/v2/user/me': {
        const issued = this.bearer(request, 'kakao');
        if (!issued) return json(401, { msg: 'this access token does not exist', code: -401 });
        const a = issued.account as KakaoAccount;
        return json(200, {
          id: a.id,
          connected_at: '2026-11-01T00:00:00Z',
          properties: { nickname: a.nickname },
          kakao_account: {
            profile: { nickname: a.nickname },
            has_email: Boolean(a.email),
            ...(a.email
              ? { email: a.email, is_email_valid: true, is_email_verified: a.verified ?? false }
              : { email_needs_agreement: true }),
          },
        });
      }
      case 'GET /naver/api/v1/nid/me': {
        const issued = this.bearer(request, 'naver');
        if (!issued) return json(401, { resultcode: '024', message: 'Authentication failed' });
        const a = issued.account as NaverAccount;
        return json(200, {
          resultcode: '00',
          message: 'success',
          response: { id: a.id, name: a.name, nickname: a.name, ...(a.email ? { email: a.email } : {}) },
        });
      }
      case 'GET /cafe24/api/v2/admin/store': {
        const issued = this.bearer(request, 'cafe24');
        if (!issued || issued.mall !== mall)
          return json(401, { error: { code: 401, message: 'invalid token' } });
        const a = issued.account as Cafe24Operator;
        return json(200, {
          store: { mall_id: mall, shop_name: a.shopName, president_name: null, email: a.email },
        });
      }
      default:
        return json(404, { error: 'not found' });
    }
  }

  private authorize(provider: Provider, url: URL, mall: string | null, response: http.ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const state = q.get('state') ?? '';
    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    if (this.declining.delete(provider)) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'User denied access');
    } else {
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        provider,
        clientId: q.get('client_id') ?? '',
        redirectUri,
        state,
        challenge: q.get('code_challenge'),
        mall,
        account:
          provider === 'kakao'
            ? { ...this.kakaoAccount }
            : provider === 'naver'
              ? { ...this.naverAccount }
              : { ...this.cafe24Operator },
        used: false,
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() }).end();
  }

  private token(
    provider: Provider,
    request: http.IncomingMessage,
    path: string,
    form: URLSearchParams,
    mall: string | null,
    json: (status: number, value: unknown) => void,
  ) {
    this.tokenCalls.push({ provider, path, authorization: request.headers.authorization, body: form });
    if (this.down.has(provider)) return json(500, { error: 'server_error' });
    // Naver answers its errors with HTTP 200.
    const refuse = (description: string) =>
      json(provider === 'naver' ? 200 : 400, { error: 'invalid_grant', error_description: description });
    const code = this.codes.get(form.get('code') ?? '');
    if (!code || code.provider !== provider) return refuse('authorization code not found');
    if (code.used) return refuse('authorization code already used');
    code.used = true;
    const client = FAKE_CLIENTS[provider];
    if (provider === 'cafe24') {
      const expected = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
      if (code.mall !== mall) return refuse('code of another mall');
    } else if (form.get('client_id') !== client.id || form.get('client_secret') !== client.secret) {
      return json(401, { error: 'invalid_client' });
    }
    if (provider !== 'naver' && form.get('redirect_uri') !== code.redirectUri)
      return refuse('redirect_uri mismatch');
    if (provider === 'naver' && form.get('state') !== code.state) return refuse('state mismatch');
    if (provider === 'kakao') {
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!code.challenge || challenge !== code.challenge) return refuse('PKCE verification failed');
    }
    const accessToken = randomBytes(16).toString('hex');
    this.tokens.set(accessToken, code);
    if (provider === 'naver')
      return json(200, {
        access_token: accessToken,
        refresh_token: 'r',
        token_type: 'bearer',
        expires_in: '3600',
      });
    if (provider === 'cafe24') {
      return json(200, {
        access_token: accessToken,
        expires_at: '2026-11-23T16:00:00.000',
        refresh_token: 'r',
        client_id: client.id,
        mall_id: mall,
        user_id: (code.account as Cafe24Operator).userId,
        scopes: ['mall.read_store'],
        issued_at: '2026-11-23T14:00:00.000',
      });
    }
    return json(200, {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: 'r',
      expires_in: 21599,
    });
  }

  private bearer(request: http.IncomingMessage, provider: Provider): IssuedCode | undefined {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const issued = token ? this.tokens.get(token) : undefined;
    return issued?.provider === provider ? issued : undefined;
  }
}
