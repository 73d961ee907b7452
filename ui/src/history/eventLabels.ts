/**
 * Korean names of what an event did. Most event types end with what happened (`UserGroupCreated`)
 * and the ending decides the label, so new aggregates get labels without a list to keep in step;
 * the events whose ending says too little are named one by one. A type with an unknown ending
 * shows as it is, never hidden.
 */
const labelsByType: Readonly<Record<string, string>> = {
  AclChanged: '권한 변경',
  UserRolesChanged: '역할 변경',
  UserStatusChanged: '상태 변경',
  UserGroupsChanged: '소속 그룹 변경',
  UserErpChanged: 'ERP 정보 변경',
  UserProfileUpdated: '프로필 수정',
  UserImageChanged: '사진 변경',
  ConsentChanged: '약관 동의 변경',
  BusinessProfileSaved: '사업자 정보 저장',
  EmailVerificationRequested: '인증 메일 발송',
  EmailVerified: '이메일 인증',
  PasswordResetRequested: '비밀번호 재설정 요청',
  PasswordChanged: '비밀번호 변경',
  UserInvited: '초대 메일 발송',
  UserSessionsRevoked: '모든 세션 종료',
  UserErased: '개인정보 파기',
};

const labelsByEnding: ReadonlyArray<readonly [ending: string, label: string]> = [
  ['Created', '생성'],
  ['Registered', '등록'],
  ['Updated', '수정'],
  ['Changed', '변경'],
  ['Deleted', '삭제'],
  ['Removed', '삭제'],
  ['Restored', '복원'],
];

export function eventTypeLabel(type: string): string {
  return labelsByType[type] ?? labelsByEnding.find(([ending]) => type.endsWith(ending))?.[1] ?? type;
}
