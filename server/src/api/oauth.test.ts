import { messages, oauthErrorMessage } from '@interior/contracts';
import { FakeOAuthProviders } from '../testing/oauth-providers';
import { startTestPlatform, type TestPlatform, tokenInMail } from '../testing/platform';

let platform: TestPlatform;
let fake: FakeOAuthProviders;
beforeAll(async () => {
  fake = await FakeOAuthProviders.start();
  platform = await startTestPlatform({ env: fake.env() });
});
afterAll(async () => {
  await platform?.stop();
  await fake?.stop();
});

const agreements = [
  { code: 'TOS', agreed: true },
  { code: 'PrivacyPolicy', agreed: true },
  { code: 'PersonalInfoCollection', agreed: true },
  { code: 'Marketing', agreed: false },
];

interface Answer {
  status: number;
  location: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  body: any;
}

/** A browser, as far as this flow needs one: its cookie for the platform, redirects one by one. */
class Visitor {
  cookie: string | undefined;

  async request(
    url: string,
    init: { method?: string; body?: unknown; accept?: string; token?: string } = {},
  ) {
    const headers: Record<string, string> = { accept: init.accept ?? 'text/html' };
    const ours = url.startsWith(platform.url);
    if (ours && this.cookie) headers.cookie = this.cookie;
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'manual',
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (ours && setCookie) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    const location = response.headers.get('location');
    return {
      status: response.status,
      location: location ? new URL(location, url).toString() : null,
      body,
    } as Answer;
  }

  /** Authorize at the platform, approve at the provider: the platform's callback answer. */
  async signIn(provider: string, query = '', accept = 'text/html'): Promise<Answer> {
    const start = await this.request(`${platform.url}/api/oauth2/${provider}/authorize?${query}`);
    expect(start.status).toBe(302);
    const atProvider = await this.request(start.location!);
    expect(atProvider.status).toBe(302);
    return this.request(atProvider.location!, { accept });
  }

  /** The provider's redirect back to the platform, without following it. */
  async approveOnly(provider: string, query = ''): Promise<string> {
    const start = await this.request(`${platform.url}/api/oauth2/${provider}/authorize?${query}`);
    return (await this.request(start.location!)).location!;
  }
}

const landing = (answer: Answer) => {
  expect(answer.status).toBe(303);
  return new URL(answer.location!);
};

async function currentUser(token: string): Promise<Answer> {
  const response = await fetch(`${platform.url}/api/user/current`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, location: null, body: await response.json() };
}

async function snsSignUp(visitor: Visitor, callback: Answer, extra: Record<string, unknown> = {}) {
  const target = landing(callback);
  expect(target.pathname).toBe('/signup-sns');
  const ticket = target.searchParams.get('ticket')!;
  const info = await visitor.request(`${platform.url}/api/signup/sns/${ticket}`, {
    accept: 'application/json',
  });
  expect(info.status).toBe(200);
  const created = await visitor.request(`${platform.url}/api/signup/sns`, {
    method: 'POST',
    accept: 'application/json',
    body: { ticket, agreements, ...extra },
  });
  return { ticket, info: info.body, created };
}

/** A second sign-in of a known account: `/sns-login` with a working pair. */
async function signInAgain(provider: string, query = '') {
  const target = landing(await new Visitor().signIn(provider, query));
  expect(target.pathname).toBe('/sns-login');
  const accessToken = target.searchParams.get('accessToken')!;
  const refreshToken = target.searchParams.get('refreshToken')!;
  const me = await currentUser(accessToken);
  expect(me.status).toBe(200);
  const reissued = await platform.api.request('POST', '/api/token', { body: { token: refreshToken } });
  expect(reissued.status).toBe(200);
  return { target, me: me.body };
}

describe('GET /api/oauth2/providers', () => {
  it('lists the configured providers, and an unknown one has no endpoints', async () => {
    expect((await platform.api.request('GET', '/api/oauth2/providers')).body).toEqual({
      providers: ['kakao', 'naver', 'cafe24', 'cafe24admin'],
    });
    const unknown = await platform.api.request('GET', '/api/oauth2/google/authorize');
    expect(unknown.body).toEqual({ status: 404, message: messages.oauthNotConfigured });
  });
});

describe('Kakao', () => {
  it('signs a new person up, then signs them in again as the same user', async () => {
    fake.kakaoAccount = {
      id: 4_100_000_001,
      nickname: '김카카오',
      email: 'kim.kakao@test.example',
      verified: true,
    };
    const visitor = new Visitor();

    const callback = await visitor.signIn('kakao', 'nextPage=%2Fdashboard%2Fprofile');
    // The state cookie is HttpOnly, Lax and limited to the API.
    const { info, created } = await snsSignUp(visitor, callback);
    expect(info).toEqual({
      type: 'Kakao',
      name: '김카카오',
      email: 'kim.kakao@test.example',
      emailVerified: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.user.user).toMatchObject({
      name: '김카카오',
      email: 'kim.kakao@test.example',
      status: 'Active',
    });
    expect(created.body.user.snsAccounts).toEqual([
      { id: expect.any(Number), uid: '4100000001', type: 'Kakao' },
    ]);
    const me = await currentUser(created.body.token);
    expect(me.status).toBe(200);
    const userId = me.body.user.id;

    const again = await signInAgain('kakao', 'nextPage=%2Fdashboard%2Fprofile');
    expect(again.me.user.id).toBe(userId);
    expect(again.target.searchParams.get('nextPage')).toBe('/dashboard/profile');

    // The token call carried the PKCE verifier and the secret; the fake checked the verifier.
    const call = fake.tokenCalls.filter((c) => c.provider === 'kakao').at(-1)!;
    expect(call.body.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(call.body.get('client_secret')).toBe('kakao-secret');
  });

  it('sets the browser-binding cookie HttpOnly and SameSite=Lax', async () => {
    const response = await fetch(`${platform.url}/api/oauth2/kakao/authorize`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('set-cookie')).toMatch(
      /^oauth_binding=[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(`${platform.url}/api/oauth2/kakao/callback`);
  });

  it('never links an account to an existing user by its e-mail address', async () => {
    const existingId = await platform.createUser({
      email: 'taken@test.example',
      password: 'a long enough password',
    });
    fake.kakaoAccount = {
      id: 4_100_000_002,
      nickname: '같은 주소',
      email: 'taken@test.example',
      verified: true,
    };
    const visitor = new Visitor();
    const callback = await visitor.signIn('kakao');
    const { created } = await snsSignUp(visitor, callback);
    expect(created.body).toEqual({ status: 409, message: messages.snsEmailInUse });
    const owner = await platform.api.login('taken@test.example', 'a long enough password');
    expect(owner.user.user.id).toBe(existingId);
    expect(owner.user.snsAccounts).toEqual([]);
    // Still unknown: the next sign-in goes to the sign-up again, not into that account.
    expect(landing(await new Visitor().signIn('kakao')).pathname).toBe('/signup-sns');
  });

  it('explains a declined consent, and starts no session', async () => {
    fake.declining.add('kakao');
    const callback = await new Visitor().signIn('kakao');
    const target = landing(callback);
    expect(target.pathname).toBe('/sns-login');
    expect(target.searchParams.get('error')).toBe('consent_denied');
    expect(target.searchParams.has('accessToken')).toBe(false);
    expect(oauthErrorMessage('consent_denied')).toBe(messages.oauthConsentDenied);
  });

  it('answers 503 in Korean when the provider is down', async () => {
    fake.down.add('kakao');
    try {
      const callback = await new Visitor().signIn('kakao', '', 'application/json');
      expect(callback.body).toEqual({ status: 503, message: messages.oauthProviderUnavailable });
    } finally {
      fake.down.delete('kakao');
    }
  });
});

describe('the state', () => {
  const sessions = async () =>
    Number((await platform.server.runtime.db.knex('user_sessions').count({ n: '*' }).first())?.n);
  let before = 0;
  beforeAll(() => {
    fake.kakaoAccount = { id: 4_200_000_001, nickname: '상태', email: 'state@test.example', verified: true };
  });
  beforeEach(async () => {
    before = await sessions();
  });
  // A refused callback starts no session.
  afterEach(async () => {
    expect(await sessions()).toBe(before);
  });

  it('refuses a tampered state', async () => {
    const visitor = new Visitor();
    const back = new URL(await visitor.approveOnly('kakao'));
    const state = back.searchParams.get('state')!;
    back.searchParams.set('state', `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`);
    const answer = await visitor.request(back.toString(), { accept: 'application/json' });
    expect(answer.body).toEqual({ status: 400, message: messages.oauthStateInvalid });
  });

  it('refuses a state used once already, and a state from another browser', async () => {
    const visitor = new Visitor();
    const back = await visitor.approveOnly('kakao');
    expect(landing(await visitor.request(back)).pathname).toBe('/signup-sns');
    const again = await visitor.request(back, { accept: 'application/json' });
    expect(again.body).toEqual({ status: 400, message: messages.oauthStateExpired });

    const other = await new Visitor().approveOnly('kakao');
    const stranger = await new Visitor().request(other, { accept: 'application/json' });
    expect(stranger.body).toEqual({ status: 400, message: messages.oauthStateInvalid });
  });

  it('refuses an expired state', async () => {
    const binding = 'b'.repeat(43);
    const { state } = await platform.server.runtime.oauth.states.begin(
      {
        provider: 'kakao',
        redirectUri: `${platform.url}/api/oauth2/kakao/callback`,
        nextPage: null,
        mallId: null,
        linkUserId: null,
        pkce: true,
        binding,
      },
      new Date(Date.now() - 11 * 60_000),
    );
    const visitor = new Visitor();
    visitor.cookie = `oauth_binding=${binding}`;
    const answer = await visitor.request(
      `${platform.url}/api/oauth2/kakao/callback?code=whatever&state=${encodeURIComponent(state)}`,
      { accept: 'application/json' },
    );
    expect(answer.body).toEqual({ status: 400, message: messages.oauthStateExpired });
  });

  it('refuses a code used once already (the provider refuses it), with no session', async () => {
    const first = new Visitor();
    const back = new URL(await first.approveOnly('kakao'));
    expect(landing(await first.request(back.toString())).pathname).toBe('/signup-sns');
    // A fresh state of the same browser, with the spent code.
    const fresh = new URL(await first.approveOnly('kakao'));
    fresh.searchParams.set('code', back.searchParams.get('code')!);
    const answer = await first.request(fresh.toString(), { accept: 'application/json' });
    expect(answer.body).toEqual({ status: 400, message: messages.oauthProviderRefused });
    expect(answer.location).toBeNull();
  });
});

describe('Naver', () => {
  it('signs up with a naver.com address and signs in again as the same user', async () => {
    fake.naverAccount = { id: 'naver-0001', name: '이네이버', email: 'lee.naver@naver.com' };
    const visitor = new Visitor();
    const { info, created } = await snsSignUp(visitor, await visitor.signIn('naver'));
    expect(info).toMatchObject({ type: 'Naver', email: 'lee.naver@naver.com', emailVerified: true });
    expect(created.status).toBe(201);
    expect((await currentUser(created.body.token)).status).toBe(200);
    const again = await signInAgain('naver');
    expect(again.me.user.id).toBe(created.body.user.user.id);
    // Naver wants the state on the token call; it answered expires_in as a string.
    const call = fake.tokenCalls.filter((c) => c.provider === 'naver').at(-1)!;
    expect(call.body.get('state')).toBeTruthy();
  });

  it('takes an error Naver answers with HTTP 200 as a refusal', async () => {
    fake.naverAccount = { id: 'naver-0003', name: '재사용', email: 'reuse@naver.com' };
    const visitor = new Visitor();
    const first = new URL(await visitor.approveOnly('naver'));
    expect(landing(await visitor.request(first.toString())).pathname).toBe('/signup-sns');
    const fresh = new URL(await visitor.approveOnly('naver'));
    fresh.searchParams.set('code', first.searchParams.get('code')!);
    const answer = await visitor.request(fresh.toString(), { accept: 'application/json' });
    expect(answer.body).toEqual({ status: 400, message: messages.oauthProviderRefused });
  });

  it('asks for the mailed link when Naver gives an address it does not vouch for', async () => {
    fake.naverAccount = { id: 'naver-0002', name: '박메일', email: 'park@test.example' };
    const visitor = new Visitor();
    const { created } = await snsSignUp(visitor, await visitor.signIn('naver'));
    expect(created).toMatchObject({
      status: 202,
      body: { emailVerificationRequired: true, email: 'park@test.example' },
    });
    const pending = await new Visitor().signIn('naver', '', 'application/json');
    expect(pending.body).toEqual({ status: 403, message: messages.snsPendingVerification });
    const token = tokenInMail(await platform.mailTo('park@test.example'));
    expect((await platform.api.request('POST', '/api/email/verify', { body: { token } })).body).toEqual({
      status: 'Active',
    });
    await signInAgain('naver');
  });
});

describe('an address the provider does not vouch for', () => {
  /** The mails sent to the address, oldest first, once there are at least `count`. */
  async function mailsTo(email: string, count: number) {
    for (const deadline = Date.now() + 10_000; ; ) {
      const mails = await platform.server.runtime.db
        .knex('mail_outbox')
        .where({ to: email })
        .orderBy('id')
        .select('subject', 'text');
      if (mails.length >= count || Date.now() > deadline) return mails;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Someone signs in with Naver and signs up giving another person's address. */
  async function claimAddress(naverId: string, email: string) {
    fake.naverAccount = { id: naverId, name: '공격자', email: 'someone.else@test.example' };
    const attacker = new Visitor();
    const { created } = await snsSignUp(attacker, await attacker.signIn('naver'), { email, name: '공격자' });
    expect(created.status).toBe(202);
  }

  /** The attacker's Naver account signs in as nobody: it is unknown again, so sign-up is offered. */
  async function expectNaverSignsInAsNobody() {
    const again = await new Visitor().signIn('naver');
    expect(landing(again).pathname).toBe('/signup-sns');
  }

  it('drops the SNS link when the owner of the address recovers the password', async () => {
    const email = 'victim.recovers@test.example';
    await claimAddress('naver-attacker-1', email);
    expect((await platform.api.request('POST', '/api/password/forgot', { body: { email } })).status).toBe(
      202,
    );
    const token = tokenInMail(await platform.mailTo(email, { subject: /비밀번호 재설정/ }));
    const password = 'the victim chose this one';
    const reset = await platform.api.request('POST', '/api/password/reset', { body: { token, password } });
    expect(reset.status).toBe(204);
    const victim = (await platform.api.login(email, password)).token;
    expect((await currentUser(victim)).body.snsAccounts).toEqual([]);
    await expectNaverSignsInAsNobody();
  });

  it('lets the owner of the address sign up, and the unproven account can never be activated', async () => {
    const email = 'victim.signs.up@test.example';
    await claimAddress('naver-attacker-2', email);
    const [claimMail] = await mailsTo(email, 1);
    const mobile = '01077770001';
    await platform.api.request('POST', '/api/code', { body: { mobile } });
    const signedUp = await platform.api.request('POST', '/api/signup/personal', {
      body: {
        email,
        password: 'the victim chose this one',
        name: '진짜 주인',
        mobile,
        code: platform.sms.lastCodeFor(mobile),
        agreements,
      },
    });
    expect(signedUp.status).toBe(201);
    await expectNaverSignsInAsNobody();
    // The link mailed for the attacker's account no longer activates anything; the owner's does.
    const stale = await platform.api.request('POST', '/api/email/verify', {
      body: { token: tokenInMail(claimMail!) },
    });
    expect(stale.body).toEqual({ status: 410, message: messages.linkExpired });
    const own = tokenInMail((await mailsTo(email, 2))[1]!);
    expect((await platform.api.request('POST', '/api/email/verify', { body: { token: own } })).status).toBe(
      200,
    );
    expect(await platform.api.login(email, 'the victim chose this one')).toBeTruthy();
  });
});

describe('nextPage', () => {
  it('carries to /sns-login only a path of this origin, checked after normalising', async () => {
    fake.naverAccount = { id: 'naver-next-page', name: '다음페이지', email: 'next.page@naver.com' };
    const visitor = new Visitor();
    expect((await snsSignUp(visitor, await visitor.signIn('naver'))).created.status).toBe(201);
    for (const hostile of [
      '/.//evil.example',
      '/%2e//evil.example',
      '/./\\evil.example',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      const again = await signInAgain('naver', `nextPage=${encodeURIComponent(hostile)}`);
      expect([hostile, again.target.searchParams.get('nextPage')]).toEqual([hostile, null]);
    }
    const kept = await signInAgain('naver', `nextPage=${encodeURIComponent('/dashboard/./profile?tab=1')}`);
    expect(kept.target.searchParams.get('nextPage')).toBe('/dashboard/profile?tab=1');
  });
});

describe('Cafe24', () => {
  it('signs a shop operator up through their own mall, Basic auth on the token call', async () => {
    fake.cafe24Operator = { userId: 'owner1', shopName: '가구상점', email: 'owner1@shop.example' };
    const visitor = new Visitor();
    const start = await visitor.request(`${platform.url}/api/oauth2/cafe24admin/authorize?mall_id=MyMall1`);
    expect(new URL(start.location!).pathname).toBe('/cafe24/mymall1/api/v2/oauth/authorize');
    const callback = await visitor.signIn('cafe24admin', 'mall_id=mymall1');
    const { info, created } = await snsSignUp(visitor, callback);
    expect(info).toEqual({
      type: 'Cafe24Admin',
      name: '가구상점',
      email: 'owner1@shop.example',
      emailVerified: false,
    });
    expect(created.status).toBe(202);
    const call = fake.tokenCalls.filter((c) => c.provider === 'cafe24').at(-1)!;
    expect(call.path).toBe('/cafe24/mymall1/api/v2/oauth/token');
    expect(call.authorization).toBe(`Basic ${Buffer.from('cafe24-client:cafe24-secret').toString('base64')}`);

    const token = tokenInMail(await platform.mailTo('owner1@shop.example'));
    await platform.api.request('POST', '/api/email/verify', { body: { token } });
    const again = await signInAgain('cafe24admin', 'mall_id=mymall1');
    expect(again.me.user).toMatchObject({ accountType: 'Business', roles: ['BusinessFree'] });
    expect(again.me.snsAccounts).toEqual([
      { id: expect.any(Number), uid: 'mymall1:owner1', type: 'Cafe24Admin' },
    ]);
  });

  it('needs a mall id, and a customer gives their name and address at sign-up', async () => {
    const missing = await platform.api.request('GET', '/api/oauth2/cafe24/authorize');
    expect(missing.body).toMatchObject({ status: 400, message: messages.invalidMallId });
    const bad = await platform.api.request('GET', '/api/oauth2/cafe24/authorize?mall_id=a.b');
    expect(bad.body).toMatchObject({ status: 400, errors: { mall_id: messages.invalidMallId } });

    fake.cafe24Operator = { userId: 'member7', shopName: '-', email: '-' };
    const visitor = new Visitor();
    const callback = await visitor.signIn('cafe24', 'mall_id=othermall');
    const target = landing(callback);
    const ticket = target.searchParams.get('ticket')!;
    const post = (body: object) =>
      visitor.request(`${platform.url}/api/signup/sns`, { method: 'POST', accept: 'application/json', body });
    const incomplete = await post({ ticket, agreements });
    expect(incomplete.body).toMatchObject({
      status: 400,
      errors: { email: messages.required, name: messages.required },
    });
    const noConsent = await post({
      ticket,
      agreements: agreements.slice(0, 2),
      name: '고객',
      email: 'c@test.example',
    });
    expect(noConsent.body).toMatchObject({
      status: 400,
      errors: { agreements: messages.requiredAgreementsMissing },
    });
    const done = await post({ ticket, agreements, name: '고객', email: 'c@test.example' });
    expect(done.status).toBe(202);
    const spent = await post({ ticket, agreements, name: '고객', email: 'c2@test.example' });
    expect(spent.body).toEqual({ status: 410, message: messages.snsSignupExpired });
  });

  it('keeps the sign-up ticket to the browser it was issued to', async () => {
    fake.kakaoAccount = { id: 4_300_000_001, nickname: '티켓', email: 'ticket@test.example', verified: true };
    const visitor = new Visitor();
    const ticket = landing(await visitor.signIn('kakao')).searchParams.get('ticket')!;
    const stranger = await new Visitor().request(`${platform.url}/api/signup/sns/${ticket}`, {
      accept: 'application/json',
    });
    expect(stranger.body).toEqual({ status: 410, message: messages.snsSignupExpired });
  });
});

describe('linking on the profile', () => {
  it('links, signs in with, and unlinks a provider account; the last way to sign in stays', async () => {
    const userId = await platform.createUser({
      email: 'linker@test.example',
      password: 'a long enough password',
    });
    const { token } = await platform.api.login('linker@test.example', 'a long enough password');
    fake.naverAccount = { id: 'naver-link-1', name: '연결', email: 'linker@naver.com' };
    const visitor = new Visitor();
    const link = await visitor.request(`${platform.url}/api/oauth2/naver/link`, {
      method: 'POST',
      accept: 'application/json',
      token,
      body: {},
    });
    expect(link.status).toBe(200);
    const atProvider = await visitor.request(link.body.url);
    const linked = landing(await visitor.request(atProvider.location!));
    expect(`${linked.pathname}${linked.search}`).toBe('/dashboard/profile?sns=linked');
    const detail = (await currentUser(token)).body;
    expect(detail.snsAccounts).toEqual([{ id: expect.any(Number), uid: 'naver-link-1', type: 'Naver' }]);

    const again = await signInAgain('naver');
    expect(again.me.user.id).toBe(userId);

    // Someone else cannot link the same Naver account.
    const otherId = await platform.createUser({
      email: 'other@test.example',
      password: 'a long enough password',
    });
    const other = await platform.api.login('other@test.example', 'a long enough password');
    const otherVisitor = new Visitor();
    const otherLink = await otherVisitor.request(`${platform.url}/api/oauth2/naver/link`, {
      method: 'POST',
      accept: 'application/json',
      token: other.token,
      body: {},
    });
    const refused = await otherVisitor.request((await otherVisitor.request(otherLink.body.url)).location!, {
      accept: 'application/json',
    });
    expect(refused.body).toEqual({ status: 409, message: messages.snsAccountInUse });
    // In the browser the refusal goes back to the profile, which says why.
    const againLink = await otherVisitor.request(`${platform.url}/api/oauth2/naver/link`, {
      method: 'POST',
      accept: 'application/json',
      token: other.token,
      body: {},
    });
    const back = landing(
      await otherVisitor.request((await otherVisitor.request(againLink.body.url)).location!),
    );
    expect(`${back.pathname}${back.search}`).toBe('/dashboard/profile?snsError=sns_in_use');
    expect(otherId).not.toBe(userId);

    const id = detail.snsAccounts[0].id;
    const unlinked = await platform.api.request('DELETE', `/api/user/current/sns/${id}`, { token });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.snsAccounts).toEqual([]);
    // Free again: the next Naver sign-in is a new sign-up.
    expect(landing(await new Visitor().signIn('naver')).pathname).toBe('/signup-sns');
  });

  it('refuses to unlink the only way to sign in', async () => {
    fake.kakaoAccount = { id: 4_400_000_001, nickname: '하나뿐', email: 'only@test.example', verified: true };
    const visitor = new Visitor();
    const { created } = await snsSignUp(visitor, await visitor.signIn('kakao'));
    const [account] = created.body.user.snsAccounts;
    const refused = await platform.api.request('DELETE', `/api/user/current/sns/${account.id}`, {
      token: created.body.token,
    });
    expect(refused.body).toEqual({ status: 409, message: messages.cannotUnlinkLastSignIn });
    const missing = await platform.api.request('DELETE', '/api/user/current/sns/999999', {
      token: created.body.token,
    });
    expect(missing.body).toEqual({ status: 404, message: messages.snsAccountNotFound });
  });
});
