import { businessRoles, hasAnyRole, type Role, staffRoles } from './roles';

/**
 * The dashboard's routes and who may open them, as data: the UI guards and menu read it, the
 * API reads the same rules for the resources named after these paths.
 * `allow`: at least one of the roles; `forbid`: none of the roles; `signedIn`: anyone signed in.
 */
export type RouteRule =
  | { kind: 'signedIn' }
  | { kind: 'allow'; roles: readonly Role[] }
  | { kind: 'forbid'; roles: readonly Role[] };

/**
 * A rule and how a denial shows: by default the user is warned ("페이지에 접근할 권한이
 * 없습니다.") and taken to /dashboard/mydesign; a `silent` guard shows nothing in place of what it
 * guards, with no warning and no redirect.
 */
export type RouteAccess = RouteRule & { silent?: boolean };

const signedIn: RouteAccess = { kind: 'signedIn' };
const allow = (...r: readonly Role[]): RouteAccess => ({ kind: 'allow', roles: r });
const forbid = (...r: readonly Role[]): RouteAccess => ({ kind: 'forbid', roles: r });
const adminOnly = allow('Admin');

export const dashboardPath = '/dashboard';
export const landingAfterSignIn = '/dashboard/mydesign';

/** Child paths of /dashboard, with parameters in react-router syntax. */
export const dashboardRoutes = {
  profile: signedIn,
  user: adminOnly,
  usergroup: adminOnly,
  brand: signedIn,
  product: signedIn,
  bom: signedIn,
  model: signedIn,
  material: signedIn,
  plan: signedIn,
  workspace: signedIn,
  walldrawing: signedIn,
  'category/product': signedIn,
  'category/material': signedIn,
  'category/paving': signedIn,
  'category/set': signedIn,
  'category/plan': signedIn,
  'category/walldrawing': signedIn,
  mydesign: signedIn,
  'mydesign/:id/:tab?': signedIn,
  bomconstant: signedIn,
  designproperty: signedIn,
  trash: signedIn,
  notice: signedIn,
  'notice/:id': signedIn,
  // The customers' read-only 카탈로그 (products and materials to browse), beside the screens that
  // administer the same records.
  catalogue: signedIn,
  'system/notice': adminOnly,
  'system/popupbanner': adminOnly,
  'system/bomconstant': adminOnly,
  'system/designproperty': adminOnly,
  'system/supplier': adminOnly,
  'design/management': adminOnly,
  estimation: adminOnly,
  'my-estimation': allow(...staffRoles),
  // One estimation's page (its draft editor, quotes and order) for the staff working on it; the
  // requester answers a quote on the design's 견적 tab. The API decides which estimation each reads.
  'estimation/:id': allow(...staffRoles),
  'design-manager/design': allow('DesignManager', 'Admin'),
  'design-manager/estimation': allow('DesignManager', 'Admin'),
  'analysis/design': adminOnly,
  shared: forbid('PersonalFree'),
  'business-profile': allow(...businessRoles),
  'subscription/order': allow('Admin', 'Developer'),
  'subscription/payment': allow('Admin', 'Developer'),
  'my-subscription': allow('Admin', 'Developer', 'PersonalPro', 'PersonalFree'),
  'my-payment': allow('Admin', 'Developer', 'PersonalPro', 'PersonalFree'),
  // The auditor's workbench opens for anyone signed in: the API shows each reader the events of
  // the records they may read, so a grant of Read on a type is what lets someone audit it.
  audit: signedIn,
  'audit/:type/:id/:tab?': signedIn,
  // Read models rebuilt and checked against the log: the platform's operators only.
  'audit/readmodels': allow('Admin', 'Developer'),
} as const satisfies Record<string, RouteAccess>;

export type DashboardRoute = keyof typeof dashboardRoutes;

/**
 * The Korean title of every dashboard child path. The type makes a route added above
 * without a title here a compile error.
 */
export const dashboardRouteTitles: Readonly<Record<DashboardRoute, string>> = {
  profile: '프로필',
  user: '사용자',
  usergroup: '사용자 그룹',
  brand: '브랜드',
  product: '제품',
  bom: '자재 명세서(BOM)',
  model: '모델',
  material: '자재',
  plan: '평면도',
  workspace: '워크스페이스',
  walldrawing: '벽면도',
  'category/product': '제품 카테고리',
  'category/material': '자재 카테고리',
  'category/paving': '바닥 패턴 카테고리',
  'category/set': '세트 카테고리',
  'category/plan': '평면도 카테고리',
  'category/walldrawing': '벽면도 카테고리',
  mydesign: '내 디자인',
  'mydesign/:id/:tab?': '디자인 상세',
  bomconstant: 'BOM 상수',
  designproperty: '디자인 속성',
  trash: '휴지통',
  notice: '공지사항',
  'notice/:id': '공지사항 상세',
  catalogue: '카탈로그',
  'system/notice': '공지사항 관리',
  'system/popupbanner': '팝업 배너 관리',
  'system/bomconstant': 'BOM 상수 관리',
  'system/designproperty': '디자인 속성 관리',
  'system/supplier': '견적서 공급자',
  'design/management': '디자인 관리',
  estimation: '견적 관리',
  'my-estimation': '내 견적',
  'estimation/:id': '견적 상세',
  'design-manager/design': '협력사 디자인 관리',
  'design-manager/estimation': '협력사 견적 관리',
  'analysis/design': '디자인 분석',
  shared: '공유 디자인',
  'business-profile': '사업자 정보',
  'subscription/order': '구독 주문 관리',
  'subscription/payment': '구독 결제 관리',
  'my-subscription': '내 구독',
  'my-payment': '내 결제 내역',
  audit: '감사 로그',
  'audit/:type/:id/:tab?': '기록 감사',
  'audit/readmodels': '읽기 모델',
};

/**
 * Guards of parts inside a page that is open to the user: what each part needs on the page's
 * object (`record`) or on its whole type (`type`). They are silent: a part the user may not use
 * is simply not there (no warning, no redirect), because the page around it is theirs to see.
 * `action` is what the UI asks `authProvider.canAccess`.
 */
export const pageGuards = {
  /** The "권한" tab of a record's page: who holds what on this record. */
  recordPermissions: { action: 'permissions', on: 'record', permission: 'Admin', silent: true },
  /** The "유형 권한" button of a list: who holds what on every record of the type. */
  typePermissions: { action: 'typePermissions', on: 'type', permission: 'Admin', silent: true },
} as const satisfies Record<
  string,
  { action: string; on: 'record' | 'type'; permission: 'Admin' | 'Write' | 'Read'; silent: true }
>;

export type PageGuardName = keyof typeof pageGuards;

export function canAccess(access: RouteAccess, userRoles: readonly string[]): boolean {
  switch (access.kind) {
    case 'signedIn':
      return true;
    case 'allow':
      return hasAnyRole(userRoles, access.roles);
    case 'forbid':
      return !hasAnyRole(userRoles, access.roles);
    default: {
      const unreachable: never = access;
      return unreachable;
    }
  }
}

/**
 * The public pages, as the UI's router (ui/src/App.tsx) declares them. The server reads
 * the same list to answer a path no page has with HTTP 404 (and the app's 404 page), so a search
 * engine or a link checker learns that the page does not exist.
 */
export const publicPagePaths = [
  '/',
  '/login',
  '/sns-login',
  '/find-password',
  '/mail-sent',
  '/reset-password',
  '/expired',
  '/email-verification',
  '/email-confirmed',
  '/signup-personal',
  '/agreement',
  '/signup-options',
  '/signup-business',
  '/subscription',
  '/cafe24',
  '/cafe24-admin',
  '/signup-sns',
  '/account-closed',
] as const;

/** The design editor of one design, for signed-in people only: `/designer/{id}`. */
export const designerPath = '/designer';
const DESIGNER_PAGE = /^\/designer\/[1-9]\d{0,15}$/;

/**
 * Whether a path is one of the app's pages: a public page, the editor of a design, or anything
 * under /dashboard (those screens need a session, and the signed-in app shows its own 404 page
 * for the rest).
 */
export function isAppPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    (publicPagePaths as readonly string[]).includes(path) ||
    DESIGNER_PAGE.test(path) ||
    path === dashboardPath ||
    path.startsWith(`${dashboardPath}/`)
  );
}
