import { formatWon } from './won';

/**
 * Every sentence a user reads from the API, in Korean. The product fixes many of them word for
 * word (the tests compare them exactly); the rest follow the same tone. One place, so the UI and the services say the same thing.
 */
/**
 * The particle that follows a word: the first form after a final consonant, the second after a
 * vowel ("이미지는", "3D 모델은"); both, "은(는)", when the word does not end in Hangul.
 */
export function particle(word: string, afterConsonant: string, afterVowel: string): string {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  if (code < 0 || code >= 11_172) return `${afterConsonant}(${afterVowel})`;
  return code % 28 === 0 ? afterVowel : afterConsonant;
}
/** A word with its topic particle (은/는). */
export const topic = (word: string) => `${word}${particle(word, '은', '는')}`;
/** A word with its subject particle (이/가). */
export const subject = (word: string) => `${word}${particle(word, '이', '가')}`;

export const messages = {
  // validation of input
  invalidEmail: '유효한 형식의 이메일이 아닙니다.',
  invalidAgreements: '올바른 이용약관 형식이 아닙니다.',
  requiredAgreementsMissing: '필수 항목이 선택되지 않았습니다.',
  minLength: (n: number) => `${n} 글자 이상 입력해야 합니다.`,
  maxLength: (n: number) => `${n} 글자 이하로 입력해야 합니다.`,
  invalidValue: '유효한 값이 아닙니다.',
  required: '필수 입력 항목입니다.',
  invalidUserId: '유효한 사용자 ID가 아닙니다.',
  invalidGroupId: '유효한 그룹 ID가 아닙니다.',
  invalidFileId: '유효한 파일 ID가 아닙니다.',
  invalidBusinessId: '유효한 사업자 ID가 아닙니다.',
  invalidId: '유효한 ID가 아닙니다.',
  invalidRole: '유효한 역할이 아닙니다.',
  invalidPermission: '권한은 Admin, Read, Write 중 하나여야 합니다.',
  invalidIdentity: '사용자, 그룹 또는 역할이어야 합니다.',
  duplicateIdentity: '같은 대상에게 권한을 두 번 줄 수 없습니다.',
  unknownIdentity: '존재하지 않는 사용자나 그룹이 포함되어 있습니다.',
  keywordTooLong: '검색어는 100 글자 이하로 입력해야 합니다.',
  rolesRequired: '역할을 하나 이상 선택해야 합니다.',
  invalidPhone: '유효한 전화번호가 아닙니다.',
  invalidRegistrationNumber: '사업자등록번호는 숫자 10자리여야 합니다.',
  registrationNumberCheckDigit: '유효한 사업자등록번호가 아닙니다.',
  commonPassword: '너무 흔하거나 단순한 비밀번호는 사용할 수 없습니다.',
  passwordIsEmail: '이메일 주소를 비밀번호로 사용할 수 없습니다.',
  invalidCode: '인증번호는 숫자 6자리입니다.',
  invalidToken: '유효한 토큰이 아닙니다.',
  imageTooLarge: '10mb maximum',
  minItems: (n: number) => `${n}개 이상 선택해야 합니다.`,
  maxItems: (n: number) => `${n}개 이하로 선택해야 합니다.`,
  minNumber: (n: number) => `${n} 이상이어야 합니다.`,
  maxNumber: (n: number) => `${n} 이하여야 합니다.`,
  integer: '정수를 입력해야 합니다.',

  // errors of the HTTP layer
  loginRequired: '로그인 후 이용 가능합니다.',
  networkErrorName: '네트워크 오류',
  networkError: '오류로 인해 서버에 연결 할 수 없습니다.',
  unknownError: '요청을 처리하는 도중 오류가 발생했습니다.',
  forbidden: '요청한 작업을 수행할 권한이 없습니다.',
  pageForbidden: '페이지에 접근할 권한이 없습니다.',
  notFound: '요청한 정보를 찾을 수 없습니다.',
  routeNotFound: '존재하지 않는 API 경로입니다.',
  invalidJson: '요청 본문이 올바른 JSON 형식이 아닙니다.',
  unsupportedMediaType: '지원하지 않는 요청 형식입니다.',
  payloadTooLarge: '요청 본문이 너무 큽니다.',
  headersTooLarge: '요청 주소나 헤더가 너무 깁니다.',
  requestTimeout: '요청 시간이 초과되었습니다. 다시 시도해 주세요.',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  staleVersion: '다른 사용자가 먼저 수정했습니다. 새로 고친 뒤 다시 시도해 주세요.',
  invalidIfMatch: 'If-Match 헤더의 형식이 올바르지 않습니다.',
  validationFailed: '입력값을 확인해 주세요.',
  internalError: '서버 내부 오류가 발생했습니다.',
  serviceUnavailable: '서비스를 준비하고 있습니다. 잠시 후 다시 시도해 주세요.',

  // authentication
  wrongCredentials: '이메일 또는 비밀번호가 올바르지 않습니다.',
  userInactive: '사용할 수 없는 계정입니다. 관리자에게 문의해 주세요.',
  sessionExpired: '로그인 정보가 만료되었습니다. 다시 로그인해 주세요.',

  // simple-rest list parameters
  invalidSort: '정렬 형식이 올바르지 않습니다.',
  unknownSortField: (field: string) => `정렬할 수 없는 항목입니다: ${field}`,
  invalidRange: '조회 범위 형식이 올바르지 않습니다.',
  rangeTooLarge: (max: number) => `한 번에 최대 ${max}건까지 조회할 수 있습니다.`,
  invalidFilter: '필터 형식이 올바르지 않습니다.',
  historyAsOfNeedsOne: '리비전(revision)과 시각(at) 중 하나를 지정해야 합니다.',
  noSuchRevision: '이 기록에 그 리비전은 없습니다.',
  notYetRecorded: '그 시각에는 아직 없던 기록입니다.',
  invalidExportFormat: '내보내기 형식은 csv 또는 jsonl이어야 합니다.',
  invalidAuditCursor: '다음 페이지 위치(after)가 올바르지 않습니다.',
  readModelUnknown: '그런 이름의 읽기 모델이 없습니다.',
  readModelRebuilding: '이 읽기 모델은 이미 재구성 중입니다. 재구성이 끝난 뒤에 다시 시도해 주세요.',
  auditPageNeedsCursor: '다음 페이지는 앞 페이지가 알려 준 위치(after)로 이어서 조회해야 합니다.',
  unknownFilterField: (field: string) => `검색할 수 없는 항목입니다: ${field}`,

  // domain rules
  alreadyExists: '이미 존재합니다.',
  userGroupNotFound: '사용자 그룹을 찾을 수 없습니다.',
  userNotFound: '사용자를 찾을 수 없습니다.',
  businessProfileNotFound: '등록된 사업자 정보가 없습니다.',
  emailInUse: '이미 사용 중인 이메일입니다.',
  linkExpired: '링크가 만료되었거나 이미 사용되었습니다.',
  mailSentIfRegistered: '가입된 이메일이라면 안내 메일이 발송됩니다. 메일함을 확인해 주세요.',
  cannotLockOutSelf: '자기 자신의 관리자 권한을 없애거나 계정을 비활성화할 수 없습니다.',
  cannotEraseSelf: '자기 자신의 계정은 여기에서 삭제할 수 없습니다.',
  requiredConsentFixed: '필수 약관 동의는 철회할 수 없습니다. 회원 탈퇴를 이용해 주세요.',
  notBusinessAccount: '사업자 회원만 사업자 정보를 등록할 수 있습니다.',
  wrongCurrentPassword: '현재 비밀번호가 올바르지 않습니다.',
  invalidMobileCode: '인증번호가 올바르지 않거나 만료되었습니다.',
  smsUnavailable: '인증번호를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
  personalDataErased: '개인정보가 파기된 사용자입니다. 이 계정은 삭제만 할 수 있습니다.',
  unknownGroups: '존재하지 않는 그룹이 포함되어 있습니다.',
  imageRequired: '이미지 파일만 올릴 수 있습니다. (JPEG, PNG, GIF, WebP)',
  invalidUpload: '업로드 형식이 올바르지 않습니다.',
  unknownObjectType: '알 수 없는 객체 유형입니다.',
  tooManyGrants: (max: number) => `권한은 한 번에 ${max}개까지 지정할 수 있습니다.`,
  tooManyIdentities: (max: number) => `대상은 한 번에 ${max}개까지 조회할 수 있습니다.`,
  unknownFields: (fields: readonly string[]) => `알 수 없는 항목이 있습니다: ${fields.join(', ')}`,

  // resources (contracts/src/resource.ts)
  wholeWon: '금액은 원 단위 정수로 입력해야 합니다.',
  maxDecimals: (n: number) => `소수점 이하 ${n}자리까지 입력할 수 있습니다.`,
  invalidChoice: '목록에 있는 값을 선택해야 합니다.',
  invalidUrl: 'http:// 또는 https://로 시작하는 주소여야 합니다.',
  invalidDate: '유효한 날짜가 아닙니다.',
  referenceMissing: (label: string) => `선택한 ${label}을(를) 찾을 수 없습니다.`,
  valueInUse: (label: string) => `이미 사용 중인 ${label}입니다.`,
  recordInUse: (count: number) => `다른 항목 ${count}건이 사용하고 있어 삭제할 수 없습니다.`,

  // design documents, quantity formulas and estimates
  designDocumentTooLarge: (mb: number) => `디자인 문서는 ${mb}MB 이하여야 합니다.`,
  tooManyDesignElements: (max: number) => `디자인 요소는 ${max.toLocaleString('ko-KR')}개 이하여야 합니다.`,
  tooManyDesignPoints: (max: number) =>
    `방 외곽선의 꼭짓점은 문서 전체에서 ${max.toLocaleString('ko-KR')}개 이하여야 합니다.`,
  designWallsTooTangled:
    '방의 꼭짓점과 그 안의 벽이 너무 많아 계산할 수 없습니다. 방을 나누거나 벽을 줄여 주세요.',
  duplicateElementId: '문서 안에서 같은 ID가 두 번 쓰였습니다.',
  polygonTooFewPoints: '방의 꼭짓점은 3개 이상이어야 합니다.',
  polygonSelfIntersecting: '방의 외곽선이 스스로 교차합니다.',
  zeroLengthWall: '벽의 두 끝점이 같습니다.',
  unknownWall: '존재하지 않는 벽입니다.',
  openingOutsideWall: '개구부가 벽의 길이를 벗어납니다.',
  openingTallerThanWall: '개구부가 벽의 높이를 벗어납니다.',
  wallDrawingOutsideWall: '벽 장식이 벽의 범위를 벗어납니다.',
  formulaRequired: '수량 수식을 입력해야 합니다.',
  formulaTooLong: (max: number) => `수식은 ${max} 글자 이하로 입력해야 합니다.`,
  formulaSyntax: '수식의 형식이 올바르지 않습니다.',
  formulaUnknownName: (name: string) => `수식에 알 수 없는 이름이 있습니다: ${name}`,
  formulaUnknownFunction: (name: string) =>
    `수식에 쓸 수 없는 함수입니다: ${name} (ceil, floor, round, min, max만 쓸 수 있습니다)`,
  formulaArguments: (name: string) => `${name} 함수의 인수 개수가 올바르지 않습니다.`,
  formulaDivisionByZero: '수식에서 0으로 나누었습니다.',
  formulaNotFinite: '수식의 값이 너무 큽니다.',
  invalidEncoding: '요청 본문이 올바른 UTF-8 텍스트가 아닙니다.',
  // social and commerce-platform sign-in
  oauthConsentDenied: '로그인 동의가 취소되었습니다. 다시 시도하려면 로그인 버튼을 눌러 주세요.',
  oauthStateInvalid: '올바르지 않은 로그인 요청입니다. 처음부터 다시 시도해 주세요.',
  oauthStateExpired: '로그인 요청이 만료되었거나 이미 사용되었습니다. 처음부터 다시 시도해 주세요.',
  oauthProviderRefused: '로그인 서비스가 인증을 거절했습니다. 처음부터 다시 시도해 주세요.',
  oauthProviderUnavailable: '로그인 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  oauthNotConfigured: '사용할 수 없는 로그인 방식입니다.',
  invalidMallId: '쇼핑몰 ID는 영문 소문자와 숫자로 된 4~16자입니다.',
  snsAccountInUse: '이 계정은 이미 다른 사용자에게 연결되어 있습니다.',
  snsTypeAlreadyLinked: '같은 종류의 계정이 이미 연결되어 있습니다. 연결을 해제한 뒤 다시 시도해 주세요.',
  snsAccountNotFound: '연결된 계정을 찾을 수 없습니다.',
  cannotUnlinkLastSignIn:
    '마지막 로그인 수단은 연결을 해제할 수 없습니다. 먼저 비밀번호 찾기로 비밀번호를 설정하거나 다른 계정을 연결해 주세요.',
  snsSignupExpired: '가입 정보가 만료되었습니다. 처음부터 다시 로그인해 주세요.',
  snsEmailInUse: '이미 가입된 이메일입니다. 그 계정으로 로그인한 뒤 프로필에서 계정을 연결해 주세요.',
  snsPendingVerification: '이메일 인증을 마친 뒤 로그인할 수 있습니다. 메일함을 확인해 주세요.',
  // accounts and groups
  emailNotVerified: '이메일 인증이 완료되지 않았습니다. 메일함의 인증 링크를 눌러 주세요.',
  lastAdminCannotLeave: '마지막 관리자는 탈퇴할 수 없습니다. 다른 관리자를 먼저 지정해 주세요.',
  wrongPassword: '비밀번호가 올바르지 않습니다.',
  emailChangeMailSent: '새 이메일 주소로 확인 메일을 보냈습니다. 메일의 링크를 누르면 주소가 바뀝니다.',
  sameEmail: '지금 사용 중인 이메일 주소입니다.',
  invitationSent: '초대 메일을 보냈습니다.',
  cannotJoinGroupYourself:
    '그룹을 관리할 수 있어도 자기 자신을 구성원으로 넣을 수는 없습니다. 시스템 관리자에게 요청해 주세요.',

  // designs
  designNotFound: '디자인을 찾을 수 없습니다.',
  planNotFound: '평면도를 찾을 수 없습니다.',
  designFolderNotFound: '폴더를 찾을 수 없습니다.',
  designTrashed: '휴지통에 있는 디자인입니다.',
  designNotTrashed: '휴지통에 있는 디자인이 아닙니다.',
  designAlreadyOwned: '이미 이 사용자의 디자인입니다.',
  staleDesignDocument: '다른 곳에서 먼저 저장되었습니다. 문서를 다시 불러와 주세요.',
  ifMatchRequired: 'If-Match 헤더에 문서의 리비전을 보내야 합니다.',
  revisionNotFound: '해당 리비전의 문서가 없습니다.',
  shareNotAllowed: '무료 개인 회원은 디자인을 공유할 수 없습니다.',
  shareWithSelf: '자신에게는 공유할 수 없습니다.',
  sharePermission: '권한은 Read 또는 Write여야 합니다.',
  invalidDesignId: '유효한 디자인 ID가 아닙니다.',
  commentNotFound: '댓글을 찾을 수 없습니다.',
  commentDeleted: '삭제된 댓글입니다.',
  commentReplyDepth: '답글에는 답글을 달 수 없습니다.',
  commentNotAuthor: '자신이 쓴 댓글만 고치거나 지울 수 있습니다.',
  commentDesignRequired: '디자인을 지정해야 합니다.',
  folderTooDeep: (max: number) => `폴더는 ${max}단계까지 만들 수 있습니다.`,
  folderCycle: '폴더를 자신의 하위 폴더로 옮길 수 없습니다.',
  folderNotEmpty: '디자인이나 하위 폴더가 있는 폴더는 삭제할 수 없습니다.',
  designShared: '공유했습니다. 입력한 주소로 안내 메일을 보냅니다.',
  // estimations (docs/estimations.md)
  estimationNotFound: '견적을 찾을 수 없습니다.',
  invalidEstimationId: '유효한 견적 ID가 아닙니다.',
  estimationStateConflict: (state: string, action: string) =>
    `${state} 상태의 견적은 ${action}할 수 없습니다.`,
  estimationNoDraft: '먼저 견적 초안을 계산해야 합니다.',
  estimationDraftLineNotFound: '견적 초안에 그 품목이 없습니다.',
  estimationEmptyDraft: '품목이 없는 견적은 발행할 수 없습니다.',
  estimationAssigneeRequired: '담당 관리자나 디자이너를 한 명 이상 지정해야 합니다.',
  estimationNotDesignManager:
    '협력사 디자인 관리자(DesignManager) 역할의 사용자만 담당 관리자가 될 수 있습니다.',
  estimationNotDesigner: '디자이너(Designer) 역할의 사용자만 담당 디자이너가 될 수 있습니다.',
  estimationRejectReasonRequired: '거절 사유를 입력해야 합니다.',
  estimationAlreadyOpen: (estimateNumber: string, state: string) =>
    `이 디자인의 견적 ${estimateNumber}(${state})이(가) 진행 중입니다. 그 견적이 끝난 뒤에 다시 요청할 수 있습니다.`,
  estimationNothingPriced:
    '금액이 계산되는 항목이 없어 견적을 요청할 수 없습니다. 방에 마감재를 정하거나 제품을 배치해 주세요.',
  estimationFreePlanRefused: '무료 요금제에서는 견적을 요청할 수 없습니다. 요금제를 업그레이드해 주세요.',
  estimationQuoteNotFound: '발행된 견적서를 찾을 수 없습니다.',
  estimationPdfBusy: '견적서를 만드는 요청이 많아 지금은 만들 수 없습니다. 잠시 후 다시 시도해 주세요.',
  estimationPdfTimedOut: '견적서를 만드는 데 시간이 너무 오래 걸렸습니다. 잠시 후 다시 시도해 주세요.',
  estimateLineQuantityTooLarge: (no: number, name: string, max: number) =>
    `${no}번째 품목(${name})의 수량은 ${max.toLocaleString('ko-KR')} 이하여야 합니다.`,
  estimateLineUnitPriceTooLarge: (no: number, name: string, max: number) =>
    `${no}번째 품목(${name})의 단가는 ${formatWon(max)} 이하여야 합니다.`,
  estimateLineAmountTooLarge: (no: number, name: string, max: number) =>
    `${no}번째 품목(${name})의 금액이 ${formatWon(max)}을 넘습니다. 수량이나 단가를 줄여 주세요.`,
  estimateTotalTooLarge: (max: number) =>
    `견적 합계가 ${formatWon(max)}을 넘습니다. 품목의 수량이나 단가를 줄여 주세요.`,
  estimationAcceptRevisionRequired: '수락할 견적서의 리비전을 지정해야 합니다.',
  estimationQuoteNotLatest: (seen: number, latest: number) =>
    `리비전 ${seen} 견적서는 최신 견적서가 아닙니다. 리비전 ${latest} 견적서를 확인한 뒤 수락해 주세요.`,
  estimationTooManyLines: (max: number) => `견적 품목은 ${max.toLocaleString('ko-KR')}개 이하여야 합니다.`,
  // files of declared resources (contracts/src/files.ts)
  fileType: (label: string, types: string) => `${topic(label)} ${types} 파일만 올릴 수 있습니다.`,
  fileTooLarge: (label: string, max: string) => `${topic(label)} ${max} 이하여야 합니다.`,
  fileMissing: (label: string) => `${label} 파일을 찾을 수 없습니다. 다시 올려 주세요.`,
  fileRequired: '올릴 파일을 선택해야 합니다.',
  fileNotAccepted: '이 항목에는 파일을 올릴 수 없습니다.',
  tooManyFiles: (max: number) => `파일은 ${max}개까지 올릴 수 있습니다.`,
} as const;

/** The public plans page, where a subscription is bought or changed. */
export const subscriptionPagePath = '/subscription';

/**
 * Refusals that a paid plan lifts. Wherever one of them is shown (an inline notice or a toast of the
 * server's answer), the person is given the way to the plans with it.
 */
export const paidPlanMessages: readonly string[] = [
  messages.shareNotAllowed,
  messages.estimationFreePlanRefused,
];
