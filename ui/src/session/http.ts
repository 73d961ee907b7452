import { type ErrorBody, messages, type TokenPair, type TokenResponse } from '@interior/contracts';
import { reportReachable, reportUnreachable } from '../feedback/reachability';
import { readTokenPair, replaceAccessToken } from './tokens';

/** Every API path starts here; the API is on the same origin as the app. */
export const apiBase = '/api';

/** A non-ok answer: its status, the server's Korean message (or the response text) and its body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
  ) {
    super(message);
  }
}

/** A request that never reached the server: 네트워크 오류, with the cannot-connect message. */
export function networkError(): Error {
  const error = new Error(messages.networkError);
  error.name = messages.networkErrorName;
  return error;
}

export const isNetworkError = (error: unknown): error is Error =>
  error instanceof Error && error.name === messages.networkErrorName;

/**
 * How a request relates to the signed-in session:
 * - `required` (default): sends the access token; on 401 reissues it once and retries once; if that
 *   still ends in 401 the session is over (the expiry handler runs: notice, sign-out everywhere).
 * - `optional`: the same reissue and retry, but a final 401 only fails the call (used where 401
 *   just means "not signed in": the current user, logout).
 * - `none`: no token at all (login, the reissue call itself).
 */
export type SessionUse = 'required' | 'optional' | 'none';

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  session?: SessionUse;
  /** A JSON body; sets Content-Type. */
  json?: unknown;
  body?: BodyInit | null;
}

/** Told the refresh token of the session the server refused, so a newer session is not ended for it. */
type SessionExpiredHandler = (rejectedRefreshToken: string) => void;

let onSessionExpired: SessionExpiredHandler = () => {};

/** The session module decides what an expired session means for the app; this layer only reports it. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/**
 * fetch against the API with the session's bearer token, one token reissue and one retry on 401,
 * and errors that say what happened (the status and the server's message). Resolves only with ok responses.
 */
export async function apiFetch(path: string, init: ApiRequestInit = {}): Promise<Response> {
  const { session = 'required', json, ...rest } = init;
  const request: RequestInit = { ...rest, headers: new Headers(rest.headers) };
  if (json !== undefined) {
    request.body = JSON.stringify(json);
    (request.headers as Headers).set('Content-Type', 'application/json');
  }

  const sentPair = session === 'none' ? null : readTokenPair();
  let response = await send(path, request, sentPair?.accessToken);
  if (response.status === 401 && sentPair) {
    const after = await tokenAfter(sentPair);
    if (after.retryWith) response = await send(path, request, after.retryWith.accessToken);
    if (response.status === 401 && session === 'required') {
      onSessionExpired((after.retryWith ?? after.refused).refreshToken);
    }
  }
  if (!response.ok) throw await errorFrom(response);
  return response;
}

/** apiFetch and decode the JSON answer; an empty answer (204) gives undefined. */
export async function apiJson<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const response = await apiFetch(path, { ...init, headers });
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(messages.unknownError);
  }
}

async function send(path: string, init: RequestInit, accessToken: string | undefined): Promise<Response> {
  const headers = new Headers(init.headers);
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  try {
    const response = await fetch(path, { ...init, headers });
    reportReachable();
    return response;
  } catch (error) {
    const failure = requestFailure(error);
    if (isNetworkError(failure)) reportUnreachable();
    throw failure;
  }
}

function requestFailure(error: unknown): Error {
  // A caller that cancels (react-query does on unmount) must see its own AbortError.
  if (error instanceof Error && error.name === 'AbortError') return error;
  // fetch rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) return networkError();
  return new Error(messages.unknownError);
}

/** A failed response's error: the status and the response's message; else its text; else the status text. */
async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const body = await parseErrorBody(text);
  const isPlainText = (response.headers.get('Content-Type') ?? '').startsWith('text/plain');
  const message =
    body?.message || (isPlainText ? text.trim() : '') || response.statusText || messages.unknownError;
  return new ApiError(response.status, message, body);
}

/**
 * The server's error body, or null. Its schema (and zod with it) is loaded with the first failed
 * response rather than with the first page, which needs neither.
 */
async function parseErrorBody(text: string): Promise<ErrorBody | null> {
  try {
    const { ErrorBodySchema } = await import('@interior/contracts/errors');
    const parsed = ErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The reissue in flight, shared by every request that got a 401 meanwhile. */
let reissue: Promise<string | null> | null = null;

/**
 * What to retry with after the pair `sent` got a 401: the access token another request already
 * obtained, a pair another tab handed over meanwhile (a session renewed by a password change), or a
 * new access token from POST /api/token. Concurrent 401s share one reissue. Without any, `refused`
 * names the pair the server no longer accepts.
 */
async function tokenAfter(sent: TokenPair): Promise<{ retryWith: TokenPair | null; refused: TokenPair }> {
  const pair = readTokenPair();
  if (!pair) return { retryWith: null, refused: sent };
  if (pair.accessToken !== sent.accessToken) return { retryWith: pair, refused: sent };
  reissue ??= reissueAccessToken(pair.refreshToken).finally(() => {
    reissue = null;
  });
  const token = await reissue;
  if (token) return { retryWith: { ...pair, accessToken: token }, refused: sent };
  // Refused: the session is over, unless a newer pair arrived while the reissue was under way.
  const now = readTokenPair();
  if (now && now.refreshToken !== pair.refreshToken) return { retryWith: now, refused: pair };
  return { retryWith: null, refused: pair };
}

/**
 * null when the server refuses the refresh token (the session is over); throws when it cannot answer
 * now (network, rate limit, server error), which fails this request without ending the session.
 */
async function reissueAccessToken(refreshToken: string): Promise<string | null> {
  const response = await send(
    `${apiBase}/token`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token: refreshToken }),
    },
    undefined,
  );
  if (response.status === 429 || response.status >= 500) throw await errorFrom(response);
  if (!response.ok) return null;
  const { token } = (await response.json()) as Partial<TokenResponse>;
  if (typeof token !== 'string' || !token) return null;
  // Only into the pair it belongs to: another tab may have handed over a newer one meanwhile.
  if (readTokenPair()?.refreshToken === refreshToken) replaceAccessToken(token);
  return token;
}
