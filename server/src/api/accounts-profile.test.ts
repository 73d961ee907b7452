import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';

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
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function member(email: string, password = 'member password 1') {
  const id = await platform.createUser({ email, password, name: '회원' });
  const session = await api().login(email, password);
  return { id, ...session };
}

function photoForm(data: Buffer, filename = 'me.png', fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('name', fields.name ?? '사진 회원');
  form.set('attachmentChanged', 'true');
  form.set('filesSize', JSON.stringify({ [filename]: data.length }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('attachment0', new Blob([data]), filename);
  return form;
}

describe('profile', () => {
  it('changes the name and photo with the upload payload, and serves the photo', async () => {
    const user = await member('photo@test.example');
    const saved = await api().request('PUT', '/api/user/current', {
      token: user.token,
      form: photoForm(PNG),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      name: '사진 회원',
      image: { id: expect.any(Number), name: expect.stringMatching(/\.png$/) },
    });
    const image = await api().request('GET', `/api/image/user/${user.id}/${saved.body.user.image.name}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const renamed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '이름만 바꿈' },
    });
    expect(renamed.body.user).toMatchObject({ name: '이름만 바꿈', image: saved.body.user.image });

    const removed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '이름만 바꿈', attachmentChanged: true },
    });
    expect(removed.body.user.image).toBeNull();
    expect(
      (await api().request('GET', `/api/image/user/${user.id}/${saved.body.user.image.name}`)).status,
    ).toBe(404);
  });

  it('changes the mobile number only with the SMS code sent to the new number, and uses it up', async () => {
    const user = await member('new-number@test.example');
    const mobile = '01012345679';
    const noCode = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile },
    });
    expect(noCode.body).toEqual({
      status: 400,
      message: messages.invalidMobileCode,
      errors: { code: messages.invalidMobileCode },
    });

    expect((await api().request('POST', '/api/code', { body: { mobile } })).status).toBe(202);
    const code = platform.sms.lastCodeFor(mobile);
    const wrong = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.errors).toEqual({ code: messages.invalidMobileCode });
    // A code sent to another number proves nothing about this one.
    const otherNumber = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile: '01012345670', code },
    });
    expect(otherNumber.body.errors).toEqual({ code: messages.invalidMobileCode });
    expect(
      (await api().request('GET', '/api/user/current', { token: user.token })).body.user.mobile,
    ).toBeNull();

    const changed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '회원', mobile, code },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.mobile).toBe(mobile);
    expect((await api().request('HEAD', `/api/code/${mobile}/${code}`)).status).toBe(404);
    // The same number again needs no code; the name alone changes freely.
    const renamed = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '새 이름', mobile },
    });
    expect(renamed.body.user).toMatchObject({ name: '새 이름', mobile });
  });

  it('checks the photo by its content and size', async () => {
    const user = await member('fake-photo@test.example');
    const text = await api().request('PUT', '/api/user/current', {
      token: user.token,
      form: photoForm(Buffer.from('<svg onload=alert(1)>'), 'innocent.png'),
    });
    expect(text.body).toEqual({
      status: 400,
      message: messages.imageRequired,
      errors: { attachment0: messages.imageRequired },
    });
    const large = Buffer.alloc(10_000_001);
    PNG.copy(large);
    const tooLarge = await api().request('PUT', '/api/user/current', {
      token: user.token,
      form: photoForm(large),
    });
    expect(tooLarge.body).toEqual({ status: 413, message: '10mb maximum' });
    const invalidName = await api().request('PUT', '/api/user/current', {
      token: user.token,
      body: { name: '가'.repeat(51) },
    });
    expect(invalidName.body.errors).toEqual({ name: messages.maxLength(50) });
  });

  it('changes the marketing consent and keeps its version', async () => {
    const user = await member('marketing@test.example');
    const agreed = await api().request('PUT', '/api/user/current/marketing', {
      token: user.token,
      body: { agreed: true },
    });
    expect(agreed.body.user.marketingAgreed).toBe(true);
    expect(agreed.body.agreements).toContainEqual({ code: 'Marketing', agreed: true });
    const withdrawn = await api().request('PUT', '/api/user/current/marketing', {
      token: user.token,
      body: { agreed: false },
    });
    expect(withdrawn.body.agreements).toContainEqual({ code: 'Marketing', agreed: false });
  });

  it('keeps the business profile for business roles', async () => {
    const user = await member('personal-only@test.example');
    const refused = await api().request('PUT', '/api/user/current/business', {
      token: user.token,
      body: {
        registrationNumber: '1248100998',
        representative: '대표',
        mobile: '01012345678',
        description: '설명',
      },
    });
    expect(refused.status).toBe(403);
  });
});
