import { publicPagePaths } from '@interior/contracts';
import { pageTitle, siteName } from './pageTitle';

describe('pageTitle', () => {
  it('names every public page in Korean, and a path no page has', () => {
    expect(pageTitle('/')).toBe(siteName);
    expect(pageTitle('/login')).toBe(`로그인 - ${siteName}`);
    for (const path of publicPagePaths) expect(pageTitle(path)).toMatch(/[가-힣]/);
    expect(pageTitle('/no/such/page')).toBe(`페이지를 찾을 수 없습니다 - ${siteName}`);
  });

  it('names dashboard screens by their route and what is done there', () => {
    expect(pageTitle('/dashboard/mydesign')).toBe(`내 디자인 - ${siteName}`);
    expect(pageTitle('/dashboard/usergroup')).toBe(`사용자 그룹 - ${siteName}`);
    expect(pageTitle('/dashboard/usergroup/create')).toBe(`사용자 그룹 등록 - ${siteName}`);
    expect(pageTitle('/dashboard/usergroup/7')).toBe(`사용자 그룹 수정 - ${siteName}`);
    expect(pageTitle('/dashboard/usergroup/7/show/history')).toBe(`사용자 그룹 상세 - ${siteName}`);
    expect(pageTitle('/dashboard/category/product')).toBe(`제품 카테고리 - ${siteName}`);
    expect(pageTitle('/dashboard/history/usergroup/7')).toBe(`이력 - ${siteName}`);
    expect(pageTitle('/dashboard/audit')).toBe(`감사 로그 - ${siteName}`);
    expect(pageTitle('/dashboard/audit/Estimation/7/diff')).toBe(`기록 감사 - ${siteName}`);
    expect(pageTitle('/dashboard/nothing-here')).toBe(`페이지를 찾을 수 없습니다 - ${siteName}`);
  });
});
