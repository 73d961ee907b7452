import { messages, type TokenPair, type UserDetail } from '@interior/contracts';

/**
 * One tab's session module against its sibling tabs (sessions are shared between tabs), which are played here by the
 * localStorage signals they would write. The case: a password change in another tab revokes every
 * session of the user and hands the new pair over; this tab must keep working with it, and the
 * failure of a tab still on a revoked pair must not sign out a tab on the new one.
 */
import { MemoryStorage } from '../testing/memoryStorage';

jest.mock('../feedback/notices', () => ({ showNotice: jest.fn() }));

const user = (id: number) =>
  ({ user: { id, name: '회원' }, agreements: [], snsAccounts: [] }) as unknown as UserDetail;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const oldPair: TokenPair = { accessToken: 'access-old', refreshToken: 'refresh-old' };
const newPair: TokenPair = { accessToken: 'access-new', refreshToken: 'refresh-new' };

/**
 * A server where the password was just changed: only the new pair's access token is accepted, the
 * old refresh token is refused. `beforeTokenAnswer` runs while a reissue is under way.
 */
function serverAfterPasswordChange(options: { beforeTokenAnswer?: () => void } = {}) {
  const calls: { url: string; authorization: string | null }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const authorization = new Headers(init.headers).get('Authorization');
    calls.push({ url, authorization });
    if (url === '/api/token') {
      options.beforeTokenAnswer?.();
      const { token } = JSON.parse(String(init.body)) as { token: string };
      return token === newPair.refreshToken
        ? json(200, { token: newPair.accessToken })
        : json(401, { status: 401, message: messages.sessionExpired });
    }
    if (
      authorization !== `Bearer ${newPair.accessToken}` &&
      authorization !== `Bearer ${oldPair.accessToken}`
    )
      return json(401, { status: 401, message: messages.loginRequired });
    if (authorization === `Bearer ${oldPair.accessToken}` && url !== '/api/user/current')
      return json(401, { status: 401, message: messages.loginRequired });
    if (url === '/api/user/current') return json(200, user(7));
    return json(200, { ok: true });
  }) as typeof fetch;
  return calls;
}

type SessionModule = typeof import('./session');
type HttpModule = typeof import('./http');
type TabModule = typeof import('./tabSync');
type TokensModule = typeof import('./tokens');

let session: SessionModule;
let http: HttpModule;
let tabs: TabModule;
let tokens: TokensModule;
let local: MemoryStorage;

/** What another tab writes: a storage event in this one. */
function fromOtherTab(key: string, newValue: string) {
  const event = Object.assign(new Event('storage'), { key, newValue, storageArea: globalThis.localStorage });
  (globalThis.window as unknown as EventTarget).dispatchEvent(event);
}

/** The flush signals this tab wrote, parsed. */
const flushesWritten = () =>
  local.writes.filter((w) => w.key === tabs.tabSignalKeys.flush).map((w) => JSON.parse(w.value));

/** This tab, signed in as user 7 with `pair`. */
async function signedInTab(pair: TokenPair) {
  jest.resetModules();
  globalThis.sessionStorage = new MemoryStorage();
  local = new MemoryStorage();
  globalThis.localStorage = local;
  (globalThis as { window?: unknown }).window = new EventTarget();
  session = require('./session');
  http = require('./http');
  tabs = require('./tabSync');
  tokens = require('./tokens');
  tokens.writeTokenPair(pair);
  serverAfterPasswordChange();
  await session.startSession();
  expect(session.getSessionState()).toMatchObject({ status: 'signedIn' });
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('a session renewed in another tab', () => {
  it('is taken over quietly by the other tabs of the user, which keep working', async () => {
    await signedInTab(oldPair);
    fromOtherTab(tabs.tabSignalKeys.token, JSON.stringify({ ...newPair, renewedFor: 7 }));
    expect(tokens.readTokenPair()).toEqual(newPair);
    expect(session.getSessionState()).toMatchObject({ status: 'signedIn' });

    const calls = serverAfterPasswordChange();
    await expect(http.apiJson('/api/usergroup')).resolves.toEqual({ ok: true });
    expect(calls).toEqual([{ url: '/api/usergroup', authorization: `Bearer ${newPair.accessToken}` }]);
  });

  it('is not taken by a tab signed in as someone else', async () => {
    await signedInTab(oldPair);
    fromOtherTab(tabs.tabSignalKeys.token, JSON.stringify({ ...newPair, renewedFor: 8 }));
    expect(tokens.readTokenPair()).toEqual(oldPair);
  });

  it('reaches a tab whose reissue was under way: it retries with the new pair and stays signed in', async () => {
    await signedInTab(oldPair);
    const calls: string[] = [];
    serverAfterPasswordChange({
      // The other tab hands the new pair over while this tab's reissue is refused.
      beforeTokenAnswer: () =>
        fromOtherTab(tabs.tabSignalKeys.token, JSON.stringify({ ...newPair, renewedFor: 7 })),
    });
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${String(input)} ${new Headers(init?.headers).get('Authorization')}`);
      return fetchBefore(input, init);
    }) as typeof fetch;

    await expect(http.apiJson('/api/usergroup')).resolves.toEqual({ ok: true });
    expect(calls).toEqual([
      `/api/usergroup Bearer ${oldPair.accessToken}`,
      '/api/token null',
      `/api/usergroup Bearer ${newPair.accessToken}`,
    ]);
    expect(session.getSessionState()).toMatchObject({ status: 'signedIn' });
    expect(flushesWritten()).toEqual([]);
  });
});

describe('a tab whose session the server refused', () => {
  it('signs out and flushes only the tabs holding that same session', async () => {
    await signedInTab(oldPair);
    await expect(http.apiJson('/api/usergroup')).rejects.toMatchObject({ status: 401 });
    expect(session.getSessionState()).toEqual({ status: 'signedOut', reason: 'expired' });
    expect(tokens.readTokenPair()).toBeNull();
    expect(flushesWritten()).toEqual([
      { at: expect.any(String), endedSession: tabs.sessionFingerprint(oldPair.refreshToken) },
    ]);
  });

  it('does not sign out a tab holding a newer session', async () => {
    await signedInTab(newPair);
    fromOtherTab(
      tabs.tabSignalKeys.flush,
      JSON.stringify({ at: 'x', endedSession: tabs.sessionFingerprint(oldPair.refreshToken) }),
    );
    expect(session.getSessionState()).toMatchObject({ status: 'signedIn' });
    expect(tokens.readTokenPair()).toEqual(newPair);
  });

  it('signs out a tab holding that session', async () => {
    await signedInTab(oldPair);
    fromOtherTab(
      tabs.tabSignalKeys.flush,
      JSON.stringify({ at: 'x', endedSession: tabs.sessionFingerprint(oldPair.refreshToken) }),
    );
    expect(session.getSessionState()).toEqual({ status: 'signedOut', reason: 'otherTab' });
    expect(tokens.readTokenPair()).toBeNull();
  });
});

describe('signing out', () => {
  it('in one tab signs out every tab, whichever session it holds', async () => {
    await signedInTab(newPair);
    fromOtherTab(tabs.tabSignalKeys.flush, JSON.stringify({ at: 'x' }));
    expect(session.getSessionState()).toEqual({ status: 'signedOut', reason: 'otherTab' });
  });

  it('everywhere asks the server to end every session, then flushes every tab', async () => {
    await signedInTab(newPair);
    const calls = serverAfterPasswordChange();
    const fetchBefore = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/logout/all'
        ? Promise.resolve(new Response(null, { status: 204 }))
        : fetchBefore(input, init)) as typeof fetch;
    await session.signOutEverywhere();
    expect(calls).toEqual([]);
    expect(session.getSessionState()).toEqual({ status: 'signedOut', reason: 'signedOut' });
    expect(flushesWritten()).toEqual([{ at: expect.any(String) }]);
  });
});

describe('adopting a renewed session', () => {
  it('stores the pair, hands it to the other tabs for this user, and loads the user', async () => {
    await signedInTab(oldPair);
    await session.adoptRenewedSession(newPair, 7);
    expect(tokens.readTokenPair()).toEqual(newPair);
    const handed = local.writes
      .filter((w) => w.key === tabs.tabSignalKeys.token)
      .map((w) => JSON.parse(w.value));
    expect(handed).toEqual([{ ...newPair, renewedFor: 7 }]);
    expect(session.getSessionState()).toMatchObject({ status: 'signedIn' });
  });
});
