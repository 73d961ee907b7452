import { randomBytes } from 'node:crypto';
import { MemoryOneTimeStore } from './one-time-store';
import { bindingValue, OAuthStates } from './state';

const states = () => new OAuthStates(randomBytes(32), new MemoryOneTimeStore());
const pending = {
  provider: 'kakao' as const,
  redirectUri: 'https://app.example/api/oauth2/kakao/callback',
  nextPage: '/dashboard/profile',
  mallId: null,
  linkUserId: null,
  pkce: true,
};

describe('OAuth state', () => {
  it('names a pending sign-in once, from the browser that began it', async () => {
    const s = states();
    const binding = bindingValue(undefined);
    const { state, codeChallenge } = await s.begin({ ...pending, binding });
    expect(codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = await s.finish('kakao', state, binding);
    expect(first).toMatchObject({ ok: true, pending: { nextPage: '/dashboard/profile' } });
    expect(await s.finish('kakao', state, binding)).toEqual({ ok: false, reason: 'state_expired' });
  });

  it('refuses another browser, another provider, another key and an expired state', async () => {
    const s = states();
    const binding = bindingValue(undefined);
    const stranger = await s.begin({ ...pending, binding });
    expect(await s.finish('kakao', stranger.state, bindingValue(undefined))).toEqual({
      ok: false,
      reason: 'state_invalid',
    });
    const naver = await s.begin({ ...pending, binding });
    expect(await s.finish('naver', naver.state, binding)).toEqual({ ok: false, reason: 'state_invalid' });
    const foreign = await states().begin({ ...pending, binding });
    expect(await s.finish('kakao', foreign.state, binding)).toEqual({ ok: false, reason: 'state_invalid' });
    const old = await s.begin({ ...pending, binding }, new Date(Date.now() - 11 * 60_000));
    expect(await s.finish('kakao', old.state, binding)).toEqual({ ok: false, reason: 'state_expired' });
  });

  it('keeps the browser binding a browser already has, and makes one otherwise', () => {
    const existing = bindingValue(undefined);
    expect(bindingValue(existing)).toBe(existing);
    expect(bindingValue('short')).not.toBe('short');
  });

  it('gives a sign-up ticket only to its browser, and uses it up once', async () => {
    const s = states();
    const binding = bindingValue(undefined);
    const id = await s.issueTicket(
      { type: 'Kakao', uid: '1', name: null, email: null, emailVerified: false, nextPage: null },
      binding,
    );
    expect(await s.ticket(id, bindingValue(undefined))).toBeNull();
    expect(await s.ticket(id, binding)).toMatchObject({ uid: '1' });
    expect(await s.ticket(id, binding, true)).toMatchObject({ uid: '1' });
    expect(await s.ticket(id, binding, true)).toBeNull();
  });
});
