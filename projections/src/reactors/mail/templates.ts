/** The mails the platform sends, in Korean; `link` is the one-time address to open. */
export type MailKind = 'verify-email' | 'reset-password' | 'invitation';

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

const lines: Record<MailKind, { subject: string; intro: string; action: string; validity: string }> = {
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
};

export function renderMail(kind: MailKind, name: string | null, link: string): MailContent {
  const l = lines[kind];
  const greeting = `${name ?? '회원'}님, 안녕하세요.`;
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
