import { messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform, tokenInMail } from '../testing/platform';
import { recordLog } from '../testing/record-history';
import { SmtpMailbox } from '../testing/smtp';

/**
 * Accounts and groups as users expect them: mail links to the site the request came to,
 * a Pending sign-in that says why, group members, 회원 탈퇴, a change of e-mail address, and the
 * mails and notices around them. PUBLIC_URL is not set here: links follow the request.
 */
let smtp: SmtpMailbox;
let platform: TestPlatform;
let admin: string;
beforeAll(async () => {
  smtp = await SmtpMailbox.start();
  platform = await startTestPlatform({ env: { SMTP_URL: smtp.url } });
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await platform?.stop();
  await smtp?.stop();
});

const api = () => platform.api;
const PASSWORD = 'member password 1';

async function member(email: string, options: { roles?: ['Admin'] } = {}) {
  const id = await platform.createUser({ email, password: PASSWORD, name: '회원', ...options });
  const session = await api().login(email, PASSWORD);
  return { id, ...session };
}

describe('links in mails', () => {
  it('lead to the site the request came to, as the browser named it', async () => {
    const origin = new URL(platform.url).origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await platform.createUser({ email: 'origin@test.example', password: PASSWORD, status: 'Pending' });
    // Not from a trusted proxy: a forwarded host the client wrote itself is not believed.
    const resent = await api().request('POST', '/api/email/resend', {
      body: { email: 'origin@test.example' },
      headers: { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' },
    });
    expect(resent.status).toBe(202);
    const mail = await smtp.waitFor('origin@test.example', /이메일 주소를 인증/);
    expect(mail.text).toContain(`${origin}/email-verification?token=`);
    expect(mail.text).not.toContain('localhost');
    const verified = await api().request('POST', '/api/email/verify', { body: { token: tokenInMail(mail) } });
    expect(verified.status).toBe(200);
  });
});

describe('signing in before the address is verified', () => {
  it('says so (403) and lets the mail be sent again, three times an hour, alike for any address', async () => {
    await platform.createUser({ email: 'unverified@test.example', password: PASSWORD, status: 'Pending' });
    const refused = await api().request('POST', '/api/login', {
      body: { email: 'unverified@test.example', password: PASSWORD },
    });
    expect(refused.body).toEqual({ status: 403, message: messages.emailNotVerified });
    // A wrong password says nothing about the account.
    const wrong = await api().request('POST', '/api/login', {
      body: { email: 'unverified@test.example', password: 'not the password' },
    });
    expect(wrong.body).toEqual({ status: 404, message: messages.wrongCredentials });

    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await api().request('POST', '/api/email/resend', { body: { email: 'unverified@test.example' } }),
      );
    }
    const unknown = await api().request('POST', '/api/email/resend', {
      body: { email: 'nobody@test.example' },
    });
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(unknown.body).toEqual(answers[0]!.body);
    const fourth = await api().request('POST', '/api/email/resend', {
      body: { email: 'unverified@test.example' },
    });
    expect(fourth.status).toBe(429);
    // Only the newest link works: wait for all three mails.
    for (
      let i = 0;
      i < 200 && smtp.received.filter((m) => m.to.includes('unverified@test.example')).length < 3;
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = await smtp.waitFor('unverified@test.example', /이메일 주소를 인증/);
    expect(
      (await api().request('POST', '/api/email/verify', { body: { token: tokenInMail(mail) } })).status,
    ).toBe(200);
    expect((await api().login('unverified@test.example', PASSWORD)).user.user.status).toBe('Active');
  });
});

describe('group members', () => {
  const group = async (name: string) =>
    (
      await api().request('POST', '/api/usergroup', {
        token: admin,
        body: { name, description: '구성원 확인' },
      })
    ).body.id as number;
  const members = async (groupId: number, token = admin) =>
    api().list(`usergroup/${groupId}/members`, token, { sort: ['id', 'ASC'] });

  it('are listed on the group, added and removed by whoever manages its membership', async () => {
    const design = await group('설계팀');
    const a = await member('member-a@test.example');
    const b = await member('member-b@test.example');
    expect((await members(design)).body).toEqual([]);
    for (const userId of [a.id, b.id]) {
      const added = await api().request('POST', `/api/usergroup/${design}/members`, {
        token: admin,
        body: { userId },
      });
      expect(added.status).toBe(204);
    }
    const listed = await members(design);
    expect(listed.body.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    expect(listed.headers.get('content-range')).toBe('user 0-1/2');
    expect((await api().request('GET', `/api/usergroup/${design}`, { token: admin })).body.members).toBe(2);

    // A member may not manage the membership (no grant on the group: it is not shown to exist).
    const byMember = await api().request('POST', `/api/usergroup/${design}/members`, {
      token: a.token,
      body: { userId: a.id },
    });
    expect(byMember.status).toBe(404);
    // Admin on the group is enough.
    await api().request('PUT', `/api/acl/UserGroup/${design}`, {
      token: admin,
      body: [{ identity: { type: 'User', id: b.id }, permission: 'Admin' }],
    });
    const removed = await api().request('DELETE', `/api/usergroup/${design}/members/${a.id}`, {
      token: b.token,
    });
    expect(removed.status).toBe(204);
    expect((await members(design)).body.map((u: { id: number }) => u.id)).toEqual([b.id]);
    // b reads no user but themselves: the list shows only what the caller may read.
    expect((await members(design, b.token)).body.map((u: { id: number }) => u.id)).toEqual([b.id]);

    const history = await recordLog(api(), admin, `User/${a.id}`);
    expect(history.rows.map((e) => e.type)).toEqual(expect.arrayContaining(['UserGroupsChanged']));
  });

  it('never let a manager of a group put themselves in it, nor add someone they may not read', async () => {
    const g = await group('관리만');
    const manager = await member('manager-only@test.example');
    const other = await member('other-unseen@test.example');
    await api().request('PUT', `/api/acl/UserGroup/${g}`, {
      token: admin,
      body: [{ identity: { type: 'User', id: manager.id }, permission: 'Admin' }],
    });
    const self = await api().request('POST', `/api/usergroup/${g}/members`, {
      token: manager.token,
      body: { userId: manager.id },
    });
    expect(self.body).toEqual({ status: 403, message: messages.cannotJoinGroupYourself });
    const unseen = await api().request('POST', `/api/usergroup/${g}/members`, {
      token: manager.token,
      body: { userId: other.id },
    });
    expect(unseen.body).toEqual({ status: 404, message: messages.userNotFound });
    expect((await members(g)).body).toEqual([]);
    // The same through the user's own record, even holding Admin on it.
    await api().request('PUT', `/api/acl/User/${manager.id}`, {
      token: admin,
      body: [{ identity: { type: 'User', id: manager.id }, permission: 'Admin' }],
    });
    const record = await api().request('GET', `/api/user/${manager.id}`, { token: manager.token });
    const viaRecord = await api().request('PUT', `/api/user/${manager.id}`, {
      token: manager.token,
      headers: { 'if-match': `"${record.body.version}"` },
      body: { ...record.body, groups: [g] },
    });
    expect(viaRecord.status).toBe(403);
    expect((await members(g)).body).toEqual([]);
  });

  it('never loses a change when two managers change one user at once', async () => {
    const groups = await Promise.all(['동시 1', '동시 2', '동시 3', '동시 4'].map(group));
    const c = await member('member-c@test.example');
    const answers = await Promise.all(
      groups.map((g) =>
        api().request('POST', `/api/usergroup/${g}/members`, { token: admin, body: { userId: c.id } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    const user = await api().request('GET', `/api/user/${c.id}`, { token: admin });
    expect([...user.body.groups].sort()).toEqual([...groups].sort());
  });

  it('refuses bad input and unknown records, changing nothing', async () => {
    const g = await group('입력 확인');
    const bad = await api().request('POST', `/api/usergroup/${g}/members`, {
      token: admin,
      body: { userId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ userId: messages.invalidUserId });
    const nobody = await api().request('POST', `/api/usergroup/${g}/members`, {
      token: admin,
      body: { userId: 999_999 },
    });
    expect(nobody.body).toEqual({ status: 404, message: messages.userNotFound });
    const noGroup = await api().request('GET', '/api/usergroup/999999/members', { token: admin });
    expect(noGroup.body).toEqual({ status: 404, message: messages.userGroupNotFound });
  });
});

describe('회원 탈퇴', () => {
  it('needs the password, then erases the account and ends its sessions', async () => {
    const leaving = await member('leaving@test.example');
    const wrong = await api().request('POST', '/api/user/current/withdraw', {
      token: leaving.token,
      body: { password: 'not my password' },
    });
    expect(wrong.body).toEqual({
      status: 400,
      message: messages.wrongPassword,
      errors: { password: messages.wrongPassword },
    });
    const done = await api().request('POST', '/api/user/current/withdraw', {
      token: leaving.token,
      body: { password: PASSWORD },
    });
    expect(done.status).toBe(204);
    expect((await api().request('GET', '/api/user/current', { token: leaving.token })).status).toBe(401);
    expect(
      (await api().request('POST', '/api/token', { body: { token: leaving.refreshToken } })).status,
    ).toBe(401);
    const record = await api().request('GET', `/api/user/${leaving.id}`, { token: admin });
    expect(record.body).toMatchObject({ status: 'Deleted', name: null, email: null });
    // The address is free for someone new.
    await member('leaving@test.example');
  });

  it('refuses the last Admin (409), and lets an Admin go while another remains', async () => {
    const last = await api().request('POST', '/api/user/current/withdraw', {
      token: admin,
      body: { password: ADMIN.password },
    });
    expect(last.body).toEqual({ status: 409, message: messages.lastAdminCannotLeave });
    const second = await member('second-admin@test.example', { roles: ['Admin'] });
    const leaves = await api().request('POST', '/api/user/current/withdraw', {
      token: second.token,
      body: { password: PASSWORD },
    });
    expect(leaves.status).toBe(204);
    expect((await api().request('GET', '/api/user/current', { token: admin })).status).toBe(200);
  });
});

describe('a change of e-mail address', () => {
  it('is confirmed from the new address, then tells the old one; the old address is free', async () => {
    const mover = await member('old-address@test.example');
    const asked = await api().request('POST', '/api/user/current/email', {
      token: mover.token,
      body: { email: 'New-Address@test.example', password: PASSWORD },
    });
    expect(asked.body).toEqual({ status: 202, message: messages.emailChangeMailSent });
    const mail = await smtp.waitFor('new-address@test.example', /새 이메일 주소/);
    expect(mail.text).toContain(`${new URL(platform.url).origin}/email-verification?token=`);
    // Nothing changes before the link is opened.
    expect((await api().login('old-address@test.example', PASSWORD)).user.user.email).toBe(
      'old-address@test.example',
    );

    const token = tokenInMail(mail);
    const confirmed = await api().request('POST', '/api/email/verify', { body: { token } });
    expect(confirmed.body).toEqual({ status: 'Active', emailChanged: true });
    expect((await api().request('POST', '/api/email/verify', { body: { token } })).status).toBe(410);

    const notice = await smtp.waitFor('old-address@test.example', /이메일 주소가 변경되었습니다/);
    expect(notice.text).not.toMatch(/token=/);
    expect((await api().login('new-address@test.example', PASSWORD)).user.user.email).toBe(
      'new-address@test.example',
    );
    const old = await api().request('POST', '/api/login', {
      body: { email: 'old-address@test.example', password: PASSWORD },
    });
    expect(old.status).toBe(404);
    await member('old-address@test.example');
  });

  it('answers alike for an address already taken, and changes nothing', async () => {
    await member('taken@test.example');
    const asker = await member('asker@test.example');
    const free = await api().request('POST', '/api/user/current/email', {
      token: asker.token,
      body: { email: 'free-address@test.example', password: PASSWORD },
    });
    const taken = await api().request('POST', '/api/user/current/email', {
      token: asker.token,
      body: { email: 'taken@test.example', password: PASSWORD },
    });
    expect(taken.status).toBe(202);
    expect(taken.body).toEqual(free.body);
    await smtp.waitFor('free-address@test.example', /새 이메일 주소/);
    expect(smtp.received.filter((m) => m.to.includes('taken@test.example'))).toEqual([]);
    expect((await api().login('asker@test.example', PASSWORD)).user.user.email).toBe('asker@test.example');
  });

  it('needs the password and a different, well-formed address', async () => {
    const someone = await member('someone@test.example');
    const wrong = await api().request('POST', '/api/user/current/email', {
      token: someone.token,
      body: { email: 'other@test.example', password: 'nope' },
    });
    expect(wrong.body.errors).toEqual({ password: messages.wrongPassword });
    const same = await api().request('POST', '/api/user/current/email', {
      token: someone.token,
      body: { email: 'SOMEONE@test.example', password: PASSWORD },
    });
    expect(same.body.errors).toEqual({ email: messages.sameEmail });
    const malformed = await api().request('POST', '/api/user/current/email', {
      token: someone.token,
      body: { email: 'not an address', password: PASSWORD },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.email).toBe(messages.invalidEmail);
  });
});

describe('mails and notices around accounts', () => {
  it('mails "비밀번호가 변경되었습니다" when the password changes', async () => {
    const changer = await member('changer@test.example');
    const changed = await api().request('PUT', '/api/user/current/password', {
      token: changer.token,
      body: { currentPassword: PASSWORD, newPassword: 'a different password 2' },
    });
    expect(changed.status).toBe(200);
    const mail = await smtp.waitFor('changer@test.example', /비밀번호가 변경되었습니다/);
    expect(mail.text).toContain('회원님, 안녕하세요.');
  });

  it('tells the Admin that an invitation went out when a user is created without a password', async () => {
    const invited = await api().request('POST', '/api/user', {
      token: admin,
      body: { email: 'invited@test.example', name: '초대', roles: ['Designer'] },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.invitationSent).toBe(true);
    const mail = await smtp.waitFor('invited@test.example', /계정이 만들어졌습니다/);
    expect(mail.text).toContain(`${new URL(platform.url).origin}/reset-password?token=`);
    const withPassword = await api().request('POST', '/api/user', {
      token: admin,
      body: { email: 'with-password@test.example', name: '비번', roles: ['Designer'], password: PASSWORD },
    });
    expect(withPassword.status).toBe(201);
    expect(withPassword.body.invitationSent).toBeUndefined();
  });
});
