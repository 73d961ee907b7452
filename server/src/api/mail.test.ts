import { ADMIN, startTestPlatform, type TestPlatform, tokenInMail } from '../testing/platform';
import { SmtpMailbox } from '../testing/smtp';

let smtp: SmtpMailbox;
let platform: TestPlatform;
beforeAll(async () => {
  smtp = await SmtpMailbox.start();
  platform = await startTestPlatform({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://interior.example' } });
});
afterAll(async () => {
  await platform?.stop();
  await smtp?.stop();
});

describe('mail over SMTP', () => {
  it('delivers an invitation through SMTP_URL, with a working link to PUBLIC_URL, and records it as sent', async () => {
    const { token } = await platform.api.login(ADMIN.email, ADMIN.password);
    const created = await platform.api.request('POST', '/api/user', {
      token,
      body: { email: 'invitee@test.example', name: '초대받은 사람', roles: ['Designer'] },
    });
    expect(created.status).toBe(201);

    const mail = await smtp.waitFor('invitee@test.example', /계정이 만들어졌습니다/);
    expect(mail.text).toContain('초대받은 사람님, 안녕하세요.');
    expect(mail.text).toMatch(/https:\/\/interior\.example\/reset-password\?token=/);
    const reset = await platform.api.request('POST', '/api/password/reset', {
      body: { token: tokenInMail(mail), password: 'invitee password 1' },
    });
    expect(reset.status).toBe(204);
    expect((await platform.api.login('invitee@test.example', 'invitee password 1')).user.user.status).toBe(
      'Active',
    );

    // Marked sent once the SMTP server accepted it (just after it arrived there).
    let status: string | undefined;
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      status = (await platform.mailTo('invitee@test.example'))?.status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe('sent');
  });
});
