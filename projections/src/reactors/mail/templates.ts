/** The mails the platform sends, in Korean; `link` is the one-time address to open. */
export type LinkMailKind = 'verify-email' | 'reset-password' | 'invitation' | 'change-email';
/** Mails that only tell of a change to the account, with no link. */
export type NoticeMailKind = 'password-changed' | 'email-changed';
export type MailKind = LinkMailKind | NoticeMailKind;

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const lines: Record<LinkMailKind, { subject: string; intro: string; action: string; validity: string }> = {
  'verify-email': {
    subject: '[인테리어 플랫폼] 이메일 주소를 인증해 주세요',
    intro: '회원 가입을 마치려면 아래 링크를 눌러 이메일 주소를 인증해 주세요.',
    action: '이메일 인증하기',
    validity: '이 링크는 24시간 동안 한 번만 사용할 수 있습니다.',
  },
  'reset-password': {
    subject: '[인테리어 플랫폼] 비밀번호 재설정 안내',
    intro: '비밀번호 재설정을 요청하셨습니다. 아래 링크에서 새 비밀번호를 정해 주세요.',
    action: '비밀번호 재설정하기',
    validity: '이 링크는 30분 동안 한 번만 사용할 수 있습니다. 요청하지 않으셨다면 이 메일을 무시해 주세요.',
  },
  invitation: {
    subject: '[인테리어 플랫폼] 계정이 만들어졌습니다',
    intro:
      '관리자가 인테리어 플랫폼 계정을 만들었습니다. 아래 링크에서 비밀번호를 정하면 바로 이용할 수 있습니다.',
    action: '비밀번호 정하기',
    validity: '이 링크는 7일 동안 한 번만 사용할 수 있습니다.',
  },
  'change-email': {
    subject: '[인테리어 플랫폼] 새 이메일 주소를 확인해 주세요',
    intro: '계정의 이메일 주소를 이 주소로 바꾸려면 아래 링크를 눌러 주세요. 누르기 전에는 바뀌지 않습니다.',
    action: '이메일 주소 변경 확인하기',
    validity:
      '이 링크는 24시간 동안 한 번만 사용할 수 있습니다. 요청하지 않으셨다면 이 메일을 무시해 주세요.',
  },
};

const notices: Record<NoticeMailKind, { subject: string; body: string[] }> = {
  'password-changed': {
    subject: '[인테리어 플랫폼] 비밀번호가 변경되었습니다',
    body: [
      '계정의 비밀번호가 변경되었습니다. 모든 기기에서 로그아웃되었으니 새 비밀번호로 다시 로그인해 주세요.',
      '직접 변경하지 않으셨다면 바로 "비밀번호 찾기"로 비밀번호를 다시 정하고 관리자에게 알려 주세요.',
    ],
  },
  'email-changed': {
    subject: '[인테리어 플랫폼] 이메일 주소가 변경되었습니다',
    body: [
      '계정의 이메일 주소가 다른 주소로 변경되었습니다. 이 주소로는 더 이상 로그인할 수 없습니다.',
      '직접 변경하지 않으셨다면 바로 관리자에게 알려 주세요.',
    ],
  },
};

const greetingOf = (name: string | null) => `${name ?? '회원'}님, 안녕하세요.`;

export function renderMail(kind: LinkMailKind, name: string | null, link: string): MailContent {
  const l = lines[kind];
  const greeting = greetingOf(name);
  return {
    subject: l.subject,
    text: [greeting, '', l.intro, '', `${l.action}: ${link}`, '', l.validity].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(l.intro)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(l.action)}</a></p>`,
      `<p>${escapeHtml(l.validity)}</p>`,
    ].join('\n'),
  };
}

export function renderNotice(kind: NoticeMailKind, name: string | null): MailContent {
  const n = notices[kind];
  const paragraphs = [greetingOf(name), ...n.body];
  return {
    subject: n.subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}
