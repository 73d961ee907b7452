import { particle, subject } from './messages';
import type { ObjectType } from './object-types';

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
  SnsAccountLinked: 'SNS 계정 연결',
  SnsAccountUnlinked: 'SNS 계정 연결 해제',
  SnsAccountReserved: 'SNS 계정 등록',
  SnsAccountReleased: 'SNS 계정 해제',
  EmailChangeRequested: '이메일 변경 요청',
  EmailChanged: '이메일 변경',
  SubscriptionPlanCreated: '구독 상품 생성',
  SubscriptionPlanUpdated: '구독 상품 수정',
  SubscriptionPlanDeleted: '구독 상품 삭제',
  SubscriptionRequested: '구독 신청',
  SubscriptionChargeStarted: '구독료 결제 요청',
  SubscriptionCharged: '구독료 결제 완료',
  SubscriptionChargeFailed: '구독료 결제 실패',
  SubscriptionExpired: '구독 종료',
  SubscriptionCancelScheduled: '구독 해지 예약',
  SubscriptionResumed: '구독 해지 취소',
  SubscriptionPlanChangeScheduled: '구독 상품 변경 예약',
  SubscriptionCardChanged: '결제 카드 변경',
  SubscriptionPaymentRefunded: '구독료 환불',
  UserRegistered: '가입',
  UserGroupCreated: '생성',
  UserGroupUpdated: '수정',
  UserGroupDeleted: '삭제',
  EmailReserved: '이메일 주소 등록',
  EmailReleased: '이메일 주소 해제',
  SessionStarted: '로그인',
  SessionRevoked: '로그아웃',
  DesignCreated: '디자인 생성',
  DesignCopied: '디자인 복사',
  DesignRenamed: '이름 변경',
  DesignDescribed: '설명 변경',
  DesignMovedToFolder: '폴더 이동',
  DesignDocumentChanged: '문서 저장',
  DesignTrashed: '휴지통으로 이동',
  DesignRestored: '휴지통에서 복원',
  DesignPurged: '영구 삭제',
  DesignOwnershipTransferred: '소유자 변경',
  DesignShared: '공유',
  DesignShareAttached: '가입 후 공유 연결',
  CommentEdited: '댓글 수정',
  DesignFolderRenamed: '폴더 이름 변경',
  DesignFolderMoved: '폴더 이동',
  EstimationRequested: '견적 요청',
  EstimationAssigned: '담당자 배정',
  EstimationDraftComputed: '초안 계산',
  EstimationDraftEdited: '초안 수정',
  EstimationQuoted: '견적서 발행',
  EstimationAccepted: '수락(주문)',
  EstimationRejected: '거절',
  EstimationCompleted: '시공 완료',
  EstimationCancelled: '취소',
  EstimationExpired: '유효기간 만료',
  SupplierChanged: '공급자 정보 변경',
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

/** Korean names of the kinds of record streams and grants name (`견적 12`). */
export const objectTypeLabels: Readonly<Record<ObjectType, string>> = {
  Design: '디자인',
  Material: '자재',
  Brand: '브랜드',
  Bom: 'BOM',
  BomExplosion: 'BOM 전개',
  PopupBanner: '팝업 배너',
  Model: '3D 모델',
  Product: '제품',
  PropertyOverride: '속성 재정의',
  Plan: '평면도',
  WallDrawing: '벽 도면',
  UserGroup: '사용자 그룹',
  User: '사용자',
  Notice: '공지사항',
  Comment: '댓글',
  DesignFolder: '디자인 폴더',
  PavingCategory: '바닥재 분류',
  WallDrawingCategory: '벽 도면 분류',
  ProductCategory: '제품 분류',
  MaterialCategory: '자재 분류',
  SetCategory: '세트 분류',
  PlanCategory: '평면도 분류',
  Estimation: '견적',
  Workspace: '작업 공간',
  BomConstant: 'BOM 상수',
  DesignProperty: '디자인 속성',
};

/** Shown for a person whose personal data was erased: the name is gone for good. */
export const erasedPersonName = '탈퇴한 사용자';
/** Shown for what the system did by itself (a scheduled expiry, a payment run). */
export const systemActorName = '시스템';

/**
 * One event as one sentence: who did what to which record ("홍길동님이 견적 EST-20261127-0001에서
 * 초안 수정을 했습니다"). A record is named by its kind and what the screens call it (`objectName`),
 * or its number when it has no name any more; a person by name, never by id.
 */
export function auditSentence(entry: {
  actorName: string;
  type: string;
  objectType: string;
  objectId: number | null;
  objectName?: string | undefined;
  /** What the event did, told more closely than its type's name ("방 2개를 추가"), where known. */
  action?: string | undefined;
}): string {
  const kind = objectTypeLabels[entry.objectType as ObjectType] ?? entry.objectType;
  const record = entry.objectId === null ? kind : `${kind} ${entry.objectName ?? String(entry.objectId)}`;
  const who = entry.actorName === systemActorName ? systemActorName : `${entry.actorName}님`;
  if (entry.action) return `${subject(who)} ${record}에서 ${entry.action}했습니다.`;
  const what = eventTypeLabel(entry.type);
  return `${subject(who)} ${record}에서 ${what}${particle(what, '을', '를')} 했습니다.`;
}
