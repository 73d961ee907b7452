/** The ten roles, in the order every screen lists them. */
export const roles = [
  'Admin',
  'Developer',
  'BusinessPremium',
  'DesignManager',
  'Designer',
  'BusinessPro',
  'BusinessFree',
  'PersonalPro',
  'PersonalFree',
  'Guest',
] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  Admin: '시스템 관리자',
  Developer: '시스템 개발자',
  BusinessPremium: '비즈니스 프리미엄',
  DesignManager: '협력사 관리자',
  Designer: '협력사 디자이너',
  BusinessPro: '비즈니스 프로',
  BusinessFree: '비즈니스 무료',
  PersonalPro: '개인 프로',
  PersonalFree: '개인 무료',
  Guest: '기본 사용자',
};

export const businessRoles = [
  'BusinessFree',
  'BusinessPro',
  'BusinessPremium',
] as const satisfies readonly Role[];
export const personalRoles = ['PersonalFree', 'PersonalPro'] as const satisfies readonly Role[];
export const staffRoles = [
  'Designer',
  'DesignManager',
  'Developer',
  'Admin',
] as const satisfies readonly Role[];

export const hasAnyRole = (held: readonly string[], wanted: readonly Role[]) =>
  wanted.some((r) => held.includes(r));
