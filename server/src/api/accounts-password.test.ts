import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform, tokenInMail } from '../testing/platform';

let platform: TestPlatform;
let _admin: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  _admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;

async function member(email: string, password = 'member password 1') {
  const id = await platform.createUser({ email, password, name: '회원' });
  const session = await api().login(email, password);
  return { id, ...session };
}

describe('password recovery', () => {
  it('answers alike for any address, and a mailed link sets a new password once', async () => {
    await member('forgetful@test.example');
    const known = await api().request('POST', '/api/password/forgot', {
      body: { email: 'forgetful@test.example' },
    });
    const unknown = await api().request('POST', '/api/password/forgot', {
      body: { email: 'ghost@test.example' },
    });
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const token = tokenInMail(
      await platform.mailTo('forgetful@test.example', { subject: /비밀번호 재설정/ }),
    );
    // The unknown address was handled alongside the known one, which has its mail by now.
    expect(await platform.mailTo('ghost@test.example', { waitMs: 300 })).toBeNull();

    const weak = await api().request('POST', '/api/password/reset', { body: { token, password: 'short' } });
    expect(weak.body.errors).toEqual({ password: messages.minLength(12) });
    expect(
      (
        await api().request('POST', '/api/password/reset', {
          body: { token, password: 'a brand new password' },
        })
      ).status,
    ).toBe(204);
    const reused = await api().request('POST', '/api/password/reset', {
      body: { token, password: 'another new password' },
    });
    expect(reused.body).toEqual({ status: 410, message: messages.linkExpired });
    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: 'forgetful@test.example', password: 'member password 1' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api().request('POST', '/api/login', {
          body: { email: 'forgetful@test.example', password: 'a brand new password' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('changing the password', () => {
  it('needs the current password and ends every session, giving the user a new one', async () => {
    const user = await member('changer@test.example');
    const other = await api().login('changer@test.example', 'member password 1');
    const wrong = await api().request('PUT', '/api/user/current/password', {
      token: user.token,
      body: { currentPassword: 'not it', newPassword: 'the next password' },
    });
    expect(wrong.body).toEqual({
      status: 400,
      message: messages.wrongCurrentPassword,
      errors: { currentPassword: messages.wrongCurrentPassword },
    });
    const changed = await api().request('PUT', '/api/user/current/password', {
      token: user.token,
      body: { currentPassword: 'member password 1', newPassword: 'the next password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.user.id).toBe(user.id);
    for (const stale of [user.token, other.token]) {
      expect((await api().request('GET', '/api/user/current', { token: stale })).status).toBe(401);
    }
    for (const refreshToken of [user.refreshToken, other.refreshToken]) {
      expect((await api().request('POST', '/api/token', { body: { token: refreshToken } })).status).toBe(401);
    }
    expect((await api().request('GET', '/api/user/current', { token: changed.body.token })).status).toBe(200);
    expect(
      (await api().request('POST', '/api/token', { body: { token: changed.body.refreshToken } })).status,
    ).toBe(200);
  });
});

describe('sign-in limits', () => {
  it('pauses an account after ten failed sign-ins, even for the right password', async () => {
    await member('guessed@test.example');
    for (let i = 0; i < 10; i++) {
      const failed = await api().request('POST', '/api/login', {
        body: { email: 'guessed@test.example', password: `guess ${i}` },
      });
      expect(failed.status).toBe(404);
    }
    const paused = await api().request('POST', '/api/login', {
      body: { email: 'guessed@test.example', password: 'member password 1' },
    });
    expect(paused.status).toBe(429);
    expect(paused.body.message).toBe(messages.tooManyRequests);
    expect(
      (await api().request('POST', '/api/login', { body: { email: ADMIN.email, password: ADMIN.password } }))
        .status,
    ).toBe(200);
  });
});
