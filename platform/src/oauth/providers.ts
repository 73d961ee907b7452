import type { OAuthProviderName } from '@interior/contracts';
import { z } from 'zod';

/**
 * The OAuth 2.0 authorization-code flow of each provider behind one port: where to send the
 * browser, and, given the code that came back, who the person is. The provider's tokens are used
 * once, here, to read the profile, and never leave this module.
 */
export interface OAuthProfile {
  /** The provider's id of the account (Kakao's number as text; Cafe24 `mall_id:user_id`). */
  uid: string;
  name: string | null;
  email: string | null;
  /** The provider vouches that the address is the person's. */
  emailVerified: boolean;
}

export interface AuthorizeRequest {
  state: string;
  redirectUri: string;
  /** S256 challenge, for providers with `pkce`. */
  codeChallenge: string | null;
  mallId: string | null;
}

export interface CodeExchange {
  code: string;
  state: string;
  redirectUri: string;
  codeVerifier: string | null;
  mallId: string | null;
}

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  /** The provider accepts PKCE (RFC 7636). */
  readonly pkce: boolean;
  /** Cafe24: every mall has its own host, so the visitor names the mall first. */
  readonly needsMall: boolean;
  authorizeUrl(request: AuthorizeRequest): string;
  profile(exchange: CodeExchange): Promise<OAuthProfile>;
}

/**
 * `refused`: the provider answered and said no (a spent or foreign code, a bad secret);
 * `unavailable`: it did not answer usably (down, slow, malformed), worth trying again later.
 */
export class OAuthProviderError extends Error {
  override name = 'OAuthProviderError';
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string | undefined;
}

const TIMEOUT_MS = 10_000;

/** A provider path under a base URL, keeping any path the base has (a proxy, a test double). */
const endpoint = (base: string, path: string) => new URL(`${base.replace(/\/+$/, '')}${path}`);

/** One call to the provider: JSON back, errors sorted into refused and unavailable. */
async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OAuthProviderError('unavailable', `${what}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500 || response.status === 429)
    throw new OAuthProviderError('unavailable', `${what}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OAuthProviderError(
      response.ok ? 'unavailable' : 'refused',
      `${what}: HTTP ${response.status}, not JSON`,
    );
  }
  if (!response.ok)
    throw new OAuthProviderError('refused', `${what}: HTTP ${response.status} ${errorOf(body)}`);
  return body;
}

const errorOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'error' in body ? JSON.stringify(body.error) : '';

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new OAuthProviderError('unavailable', `${what}: unexpected answer`);
  return parsed.data;
}

const form = (values: Record<string, string | null | undefined>) => {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) body.set(key, value);
  return body;
};

/** Provider account ids as they come: letters, digits and a few separators, never control characters. */
const PROVIDER_ID = /^[A-Za-z0-9_.@-]{1,200}$/;

const FORM = {
  'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
  accept: 'application/json',
};
const text = (max: number) =>
  z
    .string()
    .trim()
    .transform((v) => v.slice(0, max) || null)
    .nullish();

/** Kakao Login: PKCE supported; the user id is a number (`/v2/user/me`). */
export function kakaoProvider(client: OAuthClient, urls: { auth: string; api: string }): OAuthProvider {
  const TokenSchema = z.object({ access_token: z.string().min(1) });
  const MeSchema = z.object({
    id: z.number().int().positive(),
    properties: z
      .object({ nickname: text(50) })
      .partial()
      .nullish(),
    kakao_account: z
      .object({
        name: text(50),
        profile: z
          .object({ nickname: text(50) })
          .partial()
          .nullish(),
        email: text(254),
        is_email_valid: z.boolean().nullish(),
        is_email_verified: z.boolean().nullish(),
      })
      .partial()
      .nullish(),
  });
  return {
    name: 'kakao',
    pkce: true,
    needsMall: false,
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      const url = endpoint(urls.auth, '/oauth/authorize');
      url.search = form({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: codeChallenge ? 'S256' : null,
      }).toString();
      return url.toString();
    },
    async profile({ code, redirectUri, codeVerifier }) {
      const token = parse(
        TokenSchema,
        await call(
          endpoint(urls.auth, '/oauth/token').toString(),
          {
            method: 'POST',
            headers: FORM,
            body: form({
              grant_type: 'authorization_code',
              client_id: client.clientId,
              client_secret: client.clientSecret,
              redirect_uri: redirectUri,
              code,
              code_verifier: codeVerifier,
            }),
          },
          'kakao token',
        ),
        'kakao token',
      );
      const me = parse(
        MeSchema,
        await call(
          endpoint(urls.api, '/v2/user/me').toString(),
          { headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' } },
          'kakao user',
        ),
        'kakao user',
      );
      // Kakao ids are 64-bit; one beyond what a JSON number holds exactly would name someone else.
      if (!Number.isSafeInteger(me.id))
        throw new OAuthProviderError('unavailable', 'kakao user: id out of range');
      const account = me.kakao_account ?? {};
      return {
        uid: String(me.id),
        name: account.name ?? account.profile?.nickname ?? me.properties?.nickname ?? null,
        email: account.email ?? null,
        emailVerified: Boolean(account.email && account.is_email_valid && account.is_email_verified),
      };
    },
  };
}

/**
 * Naver Login: no PKCE; the token call must repeat `state`; `expires_in` comes as a string; an
 * error may come with HTTP 200 as `{error, error_description}`; the profile is `/v1/nid/me`.
 */
export function naverProvider(client: OAuthClient, urls: { auth: string; api: string }): OAuthProvider {
  const TokenSchema = z.union([
    z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().optional() }),
    z.object({ error: z.string(), error_description: z.string().optional() }),
  ]);
  const MeSchema = z.object({
    resultcode: z.string(),
    response: z
      .object({ id: z.string().regex(PROVIDER_ID), name: text(50), nickname: text(50), email: text(254) })
      .optional(),
  });
  return {
    name: 'naver',
    pkce: false,
    needsMall: false,
    authorizeUrl({ state, redirectUri }) {
      const url = endpoint(urls.auth, '/oauth2.0/authorize');
      url.search = form({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async profile({ code, state }) {
      const token = parse(
        TokenSchema,
        await call(
          endpoint(urls.auth, '/oauth2.0/token').toString(),
          {
            method: 'POST',
            headers: FORM,
            body: form({
              grant_type: 'authorization_code',
              client_id: client.clientId,
              client_secret: client.clientSecret,
              code,
              state,
            }),
          },
          'naver token',
        ),
        'naver token',
      );
      if ('error' in token) throw new OAuthProviderError('refused', `naver token: ${token.error}`);
      const me = parse(
        MeSchema,
        await call(
          endpoint(urls.api, '/v1/nid/me').toString(),
          { headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' } },
          'naver user',
        ),
        'naver user',
      );
      if (me.resultcode !== '00' || !me.response)
        throw new OAuthProviderError('refused', `naver user: result ${me.resultcode}`);
      const { id, name, nickname, email } = me.response;
      return {
        uid: id,
        name: name ?? nickname ?? null,
        email: email ?? null,
        // Naver does not say whether a contact address was confirmed; a naver.com address is the
        // mailbox of the Naver account itself, so the account proves it.
        emailVerified: Boolean(email?.toLowerCase().endsWith('@naver.com')),
      };
    },
  };
}

/**
 * Cafe24: every mall has its own host (`https://{mall_id}.cafe24api.com`); the token call
 * authenticates with HTTP Basic (client id and secret); no PKCE. The token answer names the mall
 * and the operator (`mall_id`, `user_id`). In admin mode the store's record gives the name and the
 * address to prefill; neither is vouched for by Cafe24.
 */
export function cafe24Provider(
  mode: 'cafe24' | 'cafe24admin',
  client: OAuthClient,
  /** `https://{mall_id}.cafe24api.com`, the placeholder replaced by the mall id. */
  apiUrlTemplate: string,
): OAuthProvider {
  const TokenSchema = z.object({
    access_token: z.string().min(1),
    mall_id: z.string().regex(PROVIDER_ID),
    user_id: z.string().regex(PROVIDER_ID),
  });
  const StoreSchema = z.object({
    store: z.object({ shop_name: text(50), president_name: text(50), email: text(254) }).partial(),
  });
  const base = (mallId: string | null) => {
    if (!mallId) throw new OAuthProviderError('refused', 'cafe24: no mall id');
    return apiUrlTemplate.replace('{mall_id}', mallId);
  };
  return {
    name: mode,
    pkce: false,
    needsMall: true,
    authorizeUrl({ state, redirectUri, mallId }) {
      const url = endpoint(base(mallId), '/api/v2/oauth/authorize');
      url.search = form({
        response_type: 'code',
        client_id: client.clientId,
        state,
        redirect_uri: redirectUri,
        scope: mode === 'cafe24admin' ? 'mall.read_store' : 'mall.read_customer',
      }).toString();
      return url.toString();
    },
    async profile({ code, redirectUri, mallId }) {
      const host = base(mallId);
      const basic = Buffer.from(`${client.clientId}:${client.clientSecret ?? ''}`).toString('base64');
      const token = parse(
        TokenSchema,
        await call(
          endpoint(host, '/api/v2/oauth/token').toString(),
          {
            method: 'POST',
            headers: { ...FORM, authorization: `Basic ${basic}` },
            body: form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
          },
          'cafe24 token',
        ),
        'cafe24 token',
      );
      if (token.mall_id !== mallId) throw new OAuthProviderError('refused', 'cafe24 token: another mall');
      const uid = `${token.mall_id}:${token.user_id}`;
      if (mode === 'cafe24') return { uid, name: null, email: null, emailVerified: false };
      const { store } = parse(
        StoreSchema,
        await call(
          endpoint(host, '/api/v2/admin/store').toString(),
          { headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' } },
          'cafe24 store',
        ),
        'cafe24 store',
      );
      return {
        uid,
        name: store.president_name ?? store.shop_name ?? null,
        email: store.email ?? null,
        emailVerified: false,
      };
    },
  };
}

export interface OAuthConfig {
  kakao: OAuthClient | undefined;
  naver: OAuthClient | undefined;
  cafe24: OAuthClient | undefined;
  kakaoAuthUrl: string;
  kakaoApiUrl: string;
  naverAuthUrl: string;
  naverApiUrl: string;
  cafe24ApiUrl: string;
}

/** The configured providers: one without a client id does not exist for the platform. */
export function configuredProviders(config: OAuthConfig): Map<OAuthProviderName, OAuthProvider> {
  const providers = new Map<OAuthProviderName, OAuthProvider>();
  if (config.kakao)
    providers.set(
      'kakao',
      kakaoProvider(config.kakao, { auth: config.kakaoAuthUrl, api: config.kakaoApiUrl }),
    );
  if (config.naver)
    providers.set(
      'naver',
      naverProvider(config.naver, { auth: config.naverAuthUrl, api: config.naverApiUrl }),
    );
  if (config.cafe24) {
    providers.set('cafe24', cafe24Provider('cafe24', config.cafe24, config.cafe24ApiUrl));
    providers.set('cafe24admin', cafe24Provider('cafe24admin', config.cafe24, config.cafe24ApiUrl));
  }
  return providers;
}
