import { messages } from '@interior/contracts';
import { SignJWT } from 'jose';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { recordedEvents, recordLog } from '../testing/record-history';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
  await platform.createUser({
    email: 'inactive@test.example',
    password: 'inactive-password-1',
    status: 'Inactive',
  });
  await platform.createUser({
    email: 'pending@test.example',
    password: 'pending-password-1',
    status: 'Pending',
  });
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;

describe('POST /api/login', () => {
  it('answers the user detail, an access token and a refresh token', async () => {
    const response = await api().request('POST', '/api/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: {
        user: {
          id: 1,
          name: '관리자',
          email: ADMIN.email,
          mobile: null,
          roles: ['Admin'],
          status: 'Active',
          marketingAgreed: false,
          registered: expect.any(String),
          lastConnected: expect.any(String),
          accountType: null,
          business: null,
          erpId: null,
          bpCode: null,
          image: null,
          groups: [],
          version: 0,
        },
        agreements: [],
        snsAccounts: [],
      },
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.any(String),
    });
    const current = await api().request('GET', '/api/user/current', { token: response.body.token });
    expect(current.body).toEqual(response.body.user);
  });

  it('matches the address case-insensitively', async () => {
    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: ' ADMIN@Test.Example ', password: ADMIN.password },
        })
      ).status,
    ).toBe(200);
  });

  it('answers a wrong password and an unknown address alike with a 404', async () => {
    const wrongPassword = await api().request('POST', '/api/login', {
      body: { email: ADMIN.email, password: 'nope' },
    });
    const unknown = await api().request('POST', '/api/login', {
      body: { email: 'nobody@test.example', password: 'nope' },
    });
    expect(wrongPassword.body).toEqual({ status: 404, message: messages.wrongCredentials });
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('refuses inactive and pending users with a 403', async () => {
    for (const [email, password, message] of [
      ['inactive@test.example', 'inactive-password-1', messages.userInactive],
      ['pending@test.example', 'pending-password-1', messages.emailNotVerified],
    ]) {
      const response = await api().request('POST', '/api/login', { body: { email, password } });
      expect(response.body).toEqual({ status: 403, message });
    }
  });

  it('validates its body', async () => {
    const invalid = await api().request('POST', '/api/login', {
      body: { email: 'not-an-address', password: '' },
    });
    expect(invalid.body).toEqual({
      status: 400,
      message: messages.invalidEmail,
      errors: { email: messages.invalidEmail, password: messages.required },
    });
  });
});

describe('access and refresh tokens', () => {
  it('reissues an access token from the refresh token, which stays valid', async () => {
    const { refreshToken } = await api().login(ADMIN.email, ADMIN.password);
    for (let i = 0; i < 2; i++) {
      const reissued = await api().request('POST', '/api/token', { body: { token: refreshToken } });
      expect(reissued.status).toBe(200);
      expect((await api().request('GET', '/api/user/current', { token: reissued.body.token })).status).toBe(
        200,
      );
    }
  });

  it('refuses unknown, malformed and tampered refresh tokens with a 401', async () => {
    const { refreshToken } = await api().login(ADMIN.email, ADMIN.password);
    const tampered = `${refreshToken.slice(0, -2)}${refreshToken.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [tampered, 'garbage', `${crypto.randomUUID()}.${'A'.repeat(43)}`]) {
      const response = await api().request('POST', '/api/token', { body: { token } });
      expect(response.body).toEqual({ status: 401, message: messages.sessionExpired });
    }
    expect((await api().request('POST', '/api/token', { body: { token: '' } })).body).toMatchObject({
      status: 400,
      message: messages.invalidToken,
    });
  });

  it('signs out: the session ends for its access token and its refresh token at once', async () => {
    const { token, refreshToken } = await api().login(ADMIN.email, ADMIN.password);
    const other = await api().login(ADMIN.email, ADMIN.password);
    expect((await api().request('POST', '/api/logout', { token })).status).toBe(204);
    expect((await api().request('GET', '/api/user/current', { token })).status).toBe(401);
    expect((await api().request('POST', '/api/token', { body: { token: refreshToken } })).status).toBe(401);
    expect((await api().request('GET', '/api/user/current', { token: other.token })).status).toBe(200);
    expect((await api().request('POST', '/api/logout', {})).status).toBe(401);
  });

  it('signs out everywhere: every session of the user ends, and only theirs', async () => {
    await platform.createUser({ email: 'everywhere@test.example', password: 'everywhere password' });
    const here = await api().login('everywhere@test.example', 'everywhere password');
    const there = await api().login('everywhere@test.example', 'everywhere password');
    const bystander = await api().login(ADMIN.email, ADMIN.password);

    expect((await api().request('POST', '/api/logout/all', {})).status).toBe(401);
    expect((await api().request('POST', '/api/logout/all', { token: here.token })).status).toBe(204);
    for (const session of [here, there]) {
      expect((await api().request('GET', '/api/user/current', { token: session.token })).status).toBe(401);
      const reissue = await api().request('POST', '/api/token', { body: { token: session.refreshToken } });
      expect(reissue.status).toBe(401);
    }
    expect((await api().request('GET', '/api/user/current', { token: bystander.token })).status).toBe(200);
    // The sign-out is in the person's 이력, as who did it and what.
    const history = await recordLog(api(), bystander.token, `User/${here.user.user.id}`);
    expect(history.rows.at(-1)).toMatchObject({
      type: 'UserSessionsRevoked',
      actor: { id: here.user.user.id },
    });
    expect((await recordedEvents(platform, 'User', Number(here.user.user.id))).at(-1)).toMatchObject({
      type: 'UserSessionsRevoked',
      data: { reason: 'signed-out-everywhere' },
    });
    // Signing in again works as before.
    const again = await api().login('everywhere@test.example', 'everywhere password');
    expect((await api().request('GET', '/api/user/current', { token: again.token })).status).toBe(200);
  });

  it('refuses forged access tokens: unsigned, signed with another key, or expired', async () => {
    const { token } = await api().login(ADMIN.email, ADMIN.password);
    const [header, payload] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const otherKey = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not the platform secret, but long enough'));
    const expired = await new SignJWT({
      ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
      exp: 1,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not the platform secret, but long enough'));
    for (const forged of [unsigned, otherKey, expired, `${header}.${payload}.`, 'abc']) {
      const response = await api().request('GET', '/api/user/current', { token: forged });
      expect(response.body).toEqual({ status: 401, message: messages.loginRequired });
    }
  });
});

describe('bootstrap Admin', () => {
  it('is created once: a restart keeps the account and the data', async () => {
    const { token } = await api().login(ADMIN.email, ADMIN.password);
    const created = await api().request('POST', '/api/usergroup', {
      token,
      body: { name: '재시작', description: '유지' },
    });
    await platform.restart();
    const again = await api().login(ADMIN.email, ADMIN.password);
    expect(again.user.user.id).toBe(1);
    const users = await api().list('user', again.token, { filter: { q: ADMIN.email } });
    expect(users.body).toHaveLength(1);
    const group = await api().request('GET', `/api/usergroup/${created.body.id}`, { token: again.token });
    expect(group.body).toEqual(created.body);
    // An access token issued before the restart still works: the signing secret is kept.
    expect((await api().request('GET', '/api/user/current', { token })).status).toBe(200);
  });
});
