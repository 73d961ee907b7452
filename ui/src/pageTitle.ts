import { dashboardPath, dashboardRouteTitles, type publicPagePaths } from '@interior/contracts';

export const siteName = '인테리어 디자인 플랫폼';

const publicTitles: Readonly<Record<(typeof publicPagePaths)[number], string>> = {
  '/': siteName,
  '/login': '로그인',
  '/sns-login': '로그인',
  '/find-password': '비밀번호 찾기',
  '/mail-sent': '메일 발송',
  '/reset-password': '비밀번호 재설정',
  '/expired': '링크 만료',
  '/email-verification': '이메일 인증',
  '/email-confirmed': '이메일 인증 완료',
  '/signup-personal': '개인 회원가입',
  '/agreement': '약관 동의',
  '/signup-options': '회원가입',
  '/signup-business': '사업자 회원가입',
  '/subscription': '구독 상품',
  '/cafe24': '카페24 로그인',
  '/cafe24-admin': '카페24 관리자 로그인',
  '/signup-sns': 'SNS 회원가입',
  '/account-closed': '회원 탈퇴 완료',
};

/** Dashboard screens that are not product routes (operations). */
const extraDashboardTitles: Readonly<Record<string, string>> = {
  mailbox: '메일함',
  clientlog: '클라이언트 로그',
  history: '이력',
};

const notFound = '페이지를 찾을 수 없습니다';

/** The title of a dashboard screen: its route's, and what is done there (등록, 상세, 수정). */
function dashboardTitle(rest: string): string {
  const segments = rest.split('/').filter(Boolean);
  if (segments.length === 0) return '대시보드';
  const titles: Readonly<Record<string, string>> = { ...extraDashboardTitles, ...dashboardRouteTitles };
  // The longest known route the path starts with: `category/product` before `category`.
  for (let length = Math.min(segments.length, 2); length > 0; length--) {
    const route = segments.slice(0, length).join('/');
    const title = titles[route];
    if (!title) continue;
    const [next, after] = segments.slice(length);
    if (route === 'history') return title;
    // A record in the workbench (audit/{type}/{id}/{tab}) has a title of its own.
    if (route === 'audit' && next !== undefined) return titles['audit/:type/:id/:tab?'] ?? title;
    if (next === undefined) return title;
    if (next === 'create') return `${title} 등록`;
    if (after === 'show') return `${title} 상세`;
    return `${title} 수정`;
  }
  return notFound;
}

/** The browser tab's title for a path: the page's name, then the site's, both in Korean. */
export function pageTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let page: string;
  if (path === dashboardPath || path.startsWith(`${dashboardPath}/`))
    page = dashboardTitle(path.slice(dashboardPath.length));
  else if (/^\/designer\/[^/]+$/.test(path)) page = '디자인 편집기';
  else page = publicTitles[path as keyof typeof publicTitles] ?? notFound;
  return page === siteName ? siteName : `${page} - ${siteName}`;
}
