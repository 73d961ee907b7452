import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform, tokenInMail } from '../testing/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const agreements = (marketing = false) => [
  { code: 'TOS', agreed: true },
  { code: 'PrivacyPolicy', agreed: true },
  { code: 'PersonalInfoCollection', agreed: true },
  { code: 'Marketing', agreed: marketing },
];
let phoneSeed = 10_000_000;
const newPhone = () => `010${phoneSeed++}`;

async function codeFor(mobile: string) {
  const sent = await api().request('POST', '/api/code', { body: { mobile } });
  expect(sent.status).toBe(202);
  return platform.sms.lastCodeFor(mobile);
}

async function signUp(email: string, overrides: Record<string, unknown> = {}, kind = 'personal') {
  const mobile = (overrides.mobile as string) ?? newPhone();
  const code = await codeFor(mobile);
  return api().request('POST', `/api/signup/${kind}`, {
    body: {
      email,
      password: 'a long enough password',
      name: '김가입',
      mobile,
      code,
      agreements: agreements(),
      ...overrides,
    },
  });
}

describe('mobile verification codes', () => {
  it('sends six digits by SMS and checks them without using them up', async () => {
    const mobile = newPhone();
    const code = await codeFor(mobile);
    expect(code).toMatch(/^\d{6}$/);
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(200);
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(200);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await api().request('HEAD', `/api/code/${mobile}/${wrong}`)).status).toBe(404);
    expect((await api().request('HEAD', `/api/code/${newPhone()}/${code}`)).status).toBe(404);
  });

  it('answers 404 to a check of a malformed number or code, like to any code that does not match', async () => {
    const mobile = newPhone();
    const code = await codeFor(mobile);
    for (const path of [
      '/api/code/abc/12',
      `/api/code/${mobile}/12`,
      `/api/code/${mobile}/abcdef`,
      `/api/code/12/${code}`,
      `/api/code/${mobile}/${code}0`,
    ]) {
      expect({ path, status: (await api().request('HEAD', path)).status }).toEqual({ path, status: 404 });
    }
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(200);
  });

  it('voids a code after five wrong tries', async () => {
    const mobile = newPhone();
    const code = await codeFor(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await api().request('HEAD', `/api/code/${mobile}/${wrong}`)).status).toBe(404);
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(404);
  });

  it('resends at most once a minute per number, and validates the number', async () => {
    const mobile = newPhone();
    await codeFor(mobile);
    const again = await api().request('POST', '/api/code', { body: { mobile } });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(messages.tooManyRequests);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const bad of ['010-1234-5678', '12345678', '1'.repeat(21), '']) {
      const response = await api().request('POST', '/api/code', { body: { mobile: bad } });
      expect(response.body).toEqual({
        status: 400,
        message: messages.invalidPhone,
        errors: { mobile: messages.invalidPhone },
      });
    }
  });
});

describe('POST /api/signup/personal', () => {
  it('creates a pending personal account that can sign in once its address is verified', async () => {
    const created = await signUp('new.person@test.example', { agreements: agreements(true) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: '김가입',
      email: 'new.person@test.example',
      roles: ['PersonalFree'],
      status: 'Pending',
      accountType: 'Personal',
      marketingAgreed: true,
    });
    const pending = await api().request('POST', '/api/login', {
      body: { email: 'new.person@test.example', password: 'a long enough password' },
    });
    expect(pending.body).toEqual({ status: 403, message: messages.emailNotVerified });

    const mail = await platform.mailTo('new.person@test.example');
    expect(mail?.subject).toContain('이메일 주소를 인증');
    expect(mail?.status).toBe('local');
    const token = tokenInMail(mail);
    expect((await api().request('POST', '/api/email/verify', { body: { token } })).body).toEqual({
      status: 'Active',
    });
    const again = await api().request('POST', '/api/email/verify', { body: { token } });
    expect(again.body).toEqual({ status: 410, message: messages.linkExpired });

    const signedIn = await api().login('new.person@test.example', 'a long enough password');
    expect(signedIn.user.user.status).toBe('Active');
    expect(signedIn.user.agreements).toEqual(
      expect.arrayContaining([
        { code: 'TOS', agreed: true },
        { code: 'PrivacyPolicy', agreed: true },
        { code: 'PersonalInfoCollection', agreed: true },
        { code: 'Marketing', agreed: true },
      ]),
    );
  });

  it('refuses a code that is wrong or already used, changing nothing', async () => {
    const mobile = newPhone();
    const code = await codeFor(mobile);
    const body = {
      email: 'code.user@test.example',
      password: 'a long enough password',
      name: '코드',
      mobile,
      agreements: agreements(),
    };
    const wrong = await api().request('POST', '/api/signup/personal', {
      body: { ...body, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body).toEqual({
      status: 400,
      message: messages.invalidMobileCode,
      errors: { code: messages.invalidMobileCode },
    });
    expect((await api().request('POST', '/api/signup/personal', { body: { ...body, code } })).status).toBe(
      201,
    );
    const reused = await api().request('POST', '/api/signup/personal', {
      body: { ...body, email: 'code.user2@test.example', code },
    });
    expect(reused.body.errors).toEqual({ code: messages.invalidMobileCode });
  });

  it('checks the code before the address, so nobody can probe which addresses are registered', async () => {
    expect((await signUp('probed@test.example')).status).toBe(201);
    const mobile = newPhone();
    const code = await codeFor(mobile);
    const body = {
      email: 'probed@test.example',
      password: 'a long enough password',
      name: '탐색',
      mobile,
      agreements: agreements(),
    };
    const guessed = await api().request('POST', '/api/signup/personal', {
      body: { ...body, code: code === '000000' ? '111111' : '000000' },
    });
    expect(guessed.body).toEqual({
      status: 400,
      message: messages.invalidMobileCode,
      errors: { code: messages.invalidMobileCode },
    });
    // With the right code the address in use is refused, and the code stays valid for another one.
    const taken = await api().request('POST', '/api/signup/personal', { body: { ...body, code } });
    expect(taken.body).toEqual({ status: 409, message: messages.emailInUse });
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(200);
    const other = await api().request('POST', '/api/signup/personal', {
      body: { ...body, email: 'not.probed@test.example', code },
    });
    expect(other.status).toBe(201);
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(404);
  });

  it('counts only well-formed sign-ups towards the limit per address', async () => {
    const consume = jest.spyOn(platform.server.runtime.rateLimits, 'consume');
    try {
      for (const change of [{ email: 'nope' }, { password: 'short' }, { agreements: [] }, { code: '1' }]) {
        const refused = await api().request('POST', '/api/signup/personal', {
          body: {
            email: 'limit@test.example',
            password: 'a long enough password',
            name: '제한',
            mobile: newPhone(),
            code: '123456',
            agreements: agreements(),
            ...change,
          },
        });
        expect(refused.status).toBe(400);
      }
      expect(consume.mock.calls.filter(([name]) => name === 'signupPerIp')).toHaveLength(0);
      expect((await signUp('limit@test.example')).status).toBe(201);
      expect(consume.mock.calls.filter(([name]) => name === 'signupPerIp')).toHaveLength(1);
    } finally {
      consume.mockRestore();
    }
  });

  it('validates every field with the product’s Korean messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ email: 'not an address' }, { email: messages.invalidEmail }],
      [{ agreements: 'yes' }, { agreements: messages.invalidAgreements }],
      [{ agreements: [{ code: 'TOS' }] }, { agreements: messages.invalidAgreements }],
      [{ agreements: [{ code: 'NOPE', agreed: true }] }, { agreements: messages.invalidAgreements }],
      [
        {
          agreements: [
            { code: 'TOS', agreed: true },
            { code: 'PrivacyPolicy', agreed: true },
          ],
        },
        { agreements: messages.requiredAgreementsMissing },
      ],
      [
        { agreements: agreements().map((a) => (a.code === 'PrivacyPolicy' ? { ...a, agreed: false } : a)) },
        { agreements: messages.requiredAgreementsMissing },
      ],
      [{ name: '가'.repeat(51) }, { name: messages.maxLength(50) }],
      [{ name: ' ' }, { name: messages.required }],
      [{ mobile: '010-1111-2222' }, { mobile: messages.invalidPhone }],
      [{ password: 'short' }, { password: messages.minLength(12) }],
      [{ password: 'password1234' }, { password: messages.commonPassword }],
      [{ password: 'x'.repeat(129) }, { password: messages.maxLength(128) }],
      [{ code: '12ab' }, { code: messages.invalidCode }],
    ];
    const base = {
      email: 'valid@test.example',
      password: 'a long enough password',
      name: '이름',
      mobile: newPhone(),
      code: '123456',
      agreements: agreements(),
    };
    for (const [change, errors] of cases) {
      const response = await api().request('POST', '/api/signup/personal', { body: { ...base, ...change } });
      expect({ change, status: response.status, errors: response.body.errors }).toEqual({
        change,
        status: 400,
        errors,
      });
    }
    const sameAsEmail = await signUp('same@test.example', { password: 'same@test.example' });
    expect(sameAsEmail.body.errors).toEqual({ password: messages.passwordIsEmail });
  });

  it('refuses an address in use without saying whose it is, and of concurrent sign-ups creates one', async () => {
    expect((await signUp('taken@test.example')).status).toBe(201);
    const taken = await signUp('TAKEN@test.example');
    expect(taken.body).toEqual({ status: 409, message: messages.emailInUse });
    const admins = await signUp(ADMIN.email);
    expect(admins.body).toEqual({ status: 409, message: messages.emailInUse });

    const phones = Array.from({ length: 5 }, newPhone);
    const codes = await Promise.all(phones.map(codeFor));
    const results = await Promise.all(
      phones.map((mobile, i) =>
        api().request('POST', '/api/signup/personal', {
          body: {
            email: 'race@test.example',
            password: 'a long enough password',
            name: '경쟁',
            mobile,
            code: codes[i],
            agreements: agreements(),
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const { token } = await api().login(ADMIN.email, ADMIN.password);
    const users = await api().list('user', token, { filter: { q: 'race@test.example' } });
    expect(users.body).toHaveLength(1);
  });
});

describe('POST /api/signup/business', () => {
  const business = {
    registrationNumber: '124-81-00998',
    representative: '대표자',
    mobile: '01098765432',
    address: '서울특별시 중구 세종대로 110',
    industry: '인테리어',
    description: '주거 공간 인테리어 설계와 시공',
  };

  it('checks the registration number and its check digit', async () => {
    const wrongDigit = await signUp(
      'biz1@test.example',
      { business: { ...business, registrationNumber: '1248100999' } },
      'business',
    );
    expect(wrongDigit.body.errors).toEqual({
      'business.registrationNumber': messages.registrationNumberCheckDigit,
    });
    const short = await signUp(
      'biz1@test.example',
      { business: { ...business, registrationNumber: '12345' } },
      'business',
    );
    expect(short.body.errors).toEqual({ 'business.registrationNumber': messages.invalidRegistrationNumber });
    const blankAddress = await signUp(
      'biz1@test.example',
      { business: { ...business, address: '  ' } },
      'business',
    );
    expect(blankAddress.body.errors).toEqual({ 'business.address': messages.required });
    const longDescription = await signUp(
      'biz1@test.example',
      { business: { ...business, description: 'x'.repeat(1001) } },
      'business',
    );
    expect(longDescription.body.errors).toEqual({ 'business.description': messages.maxLength(1000) });
  });

  it('creates a business account with its profile', async () => {
    const created = await signUp(
      'biz@test.example',
      { business: { ...business, registrationNumber: '2208162517' } },
      'business',
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      roles: ['BusinessFree'],
      accountType: 'Business',
      status: 'Pending',
    });
    expect(created.body.business).toBeGreaterThan(0);
    await api().request('POST', '/api/email/verify', {
      body: { token: tokenInMail(await platform.mailTo('biz@test.example')) },
    });
    const { token } = await api().login('biz@test.example', 'a long enough password');
    const profile = await api().request('GET', '/api/user/current/business', { token });
    expect(profile.body).toEqual({
      id: created.body.business,
      registrationNumber: '2208162517',
      representative: '대표자',
      mobile: '01098765432',
      telephone: null,
      address: business.address,
      industry: '인테리어',
      description: business.description,
    });
    const updated = await api().request('PUT', '/api/user/current/business', {
      token,
      body: { ...business, representative: '새 대표자', telephone: '0212345678' },
    });
    expect(updated.status).toBe(200);
    const reread = await api().request('GET', '/api/user/current/business', { token });
    expect(reread.body).toMatchObject({
      id: created.body.business,
      representative: '새 대표자',
      telephone: '0212345678',
    });
  });
});

describe('e-mail verification resend', () => {
  it('answers alike for known and unknown addresses and sends a new link that replaces the old', async () => {
    expect((await signUp('resend@test.example')).status).toBe(201);
    const first = tokenInMail(await platform.mailTo('resend@test.example'));
    const known = await api().request('POST', '/api/email/resend', {
      body: { email: 'resend@test.example' },
    });
    const unknown = await api().request('POST', '/api/email/resend', {
      body: { email: 'nobody@test.example' },
    });
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    let second = first;
    for (let i = 0; i < 100 && second === first; i++) {
      second = tokenInMail(await platform.mailTo('resend@test.example'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(second).not.toBe(first);
    expect((await api().request('POST', '/api/email/verify', { body: { token: first } })).status).toBe(410);
    expect((await api().request('POST', '/api/email/verify', { body: { token: second } })).status).toBe(200);
    expect((await api().request('POST', '/api/email/verify', { body: { token: 'garbage' } })).body).toEqual({
      status: 400,
      message: messages.invalidToken,
      errors: { token: messages.invalidToken },
    });
  });
});

describe('an SMS gateway that fails', () => {
  /** A gateway answering 503 until told otherwise; it records every message it was given. */
  let failing = true;
  const received: { to: string; text: string }[] = [];
  let gateway: http.Server;
  let down: TestPlatform;
  const codeIn = (message: { text: string } | undefined) => message?.text.match(/\b(\d{6})\b/)?.[1];

  beforeAll(async () => {
    gateway = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push(JSON.parse(body));
        if (failing) response.writeHead(503).end('unavailable');
        else response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    down = await startTestPlatform({ env: { SMS_URL: url } });
  });
  afterAll(async () => {
    await down?.stop();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  it('answers 503 in Korean, voids the unsent code and gives back the resend minute', async () => {
    const mobile = newPhone();
    // The failure is logged (as it should be); keep the test output clean.
    const quiet = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    let failed: Awaited<ReturnType<TestPlatform['api']['request']>>;
    try {
      failed = await down.api.request('POST', '/api/code', { body: { mobile } });
    } finally {
      quiet.mockRestore();
    }
    expect(failed.body).toEqual({ status: 503, message: messages.smsUnavailable });
    expect(failed.status).toBe(503);
    const unsent = codeIn(received.filter((m) => m.to === mobile).at(-1));
    expect(unsent).toMatch(/^\d{6}$/);
    expect((await down.api.request('HEAD', `/api/code/${mobile}/${unsent}`)).status).toBe(404);

    // The gateway is back: the visitor asks again at once, not after the resend minute.
    failing = false;
    const sent = await down.api.request('POST', '/api/code', { body: { mobile } });
    expect(sent.status).toBe(202);
    const code = codeIn(received.filter((m) => m.to === mobile).at(-1));
    expect((await down.api.request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(200);
    // The minute counts again from this code that did arrive.
    expect((await down.api.request('POST', '/api/code', { body: { mobile } })).status).toBe(429);
  });
});
