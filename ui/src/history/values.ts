import {
  type Ace,
  type ConsentValue,
  formatWon,
  type Role,
  roleLabels,
  type Totals,
  type UserStatus,
  userStatusLabels,
} from '@interior/contracts';
import { formatDateTime } from '../i18n/format';
import { describeAce, type IdentityLabels } from '../permissions/acl';

/**
 * How the history shows a value: as the screens show it, never as data. Role and status names
 * in Korean, 예/아니오, dates in Korean, a file by its name, a list one item a line, a reason in
 * words. What no rule knows shows as text, never as JSON.
 */
export interface ValueContext {
  /** Names of users, groups and roles granted something (POST api/identity/target). */
  identities: IdentityLabels;
  /** Names of user groups by id; a group missing here reads "그룹 #7". */
  groups: ReadonlyMap<number, string>;
  /** Names of the fields of this type's events that no screen's form names (HistoryTable). */
  fieldNames?: Readonly<Record<string, string>>;
}

/** A shown value: one line, or a list of lines. */
export type Shown = string | string[];

const accountTypeLabels: Readonly<Record<string, string>> = { Personal: '개인', Business: '사업자' };

/** Why an event happened, in words (contracts: PasswordChanged and UserSessionsRevoked reasons). */
export const reasonLabels: Readonly<Record<string, string>> = {
  change: '본인이 비밀번호 변경',
  reset: '비밀번호 재설정 메일의 링크로 설정',
  invitation: '초대 메일의 링크로 설정',
  'password-changed': '비밀번호가 바뀌어 모든 기기에서 로그아웃',
  'user-deactivated': '계정이 비활성화되어 모든 기기에서 로그아웃',
  'user-erased': '개인정보 파기로 모든 기기에서 로그아웃',
  'signed-out-everywhere': '본인이 모든 기기에서 로그아웃',
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const groupName = (id: unknown, context: ValueContext) =>
  typeof id === 'number' ? (context.groups.get(id) ?? `그룹 #${id}`) : String(id);

function isFileReference(value: unknown): value is { id: number; name: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
  );
}

function isConsent(value: unknown): value is ConsentValue {
  return typeof value === 'object' && value !== null && typeof (value as ConsentValue).agreed === 'boolean';
}

/** One value of one field, as the screens show it. */
export function showValue(field: string, value: unknown, context: ValueContext): Shown {
  if (value === null || value === undefined || value === '') return '-';
  if (field.startsWith('agreement.') && isConsent(value)) {
    const agreed = value.agreed ? '동의함' : '동의하지 않음';
    return value.version ? `${agreed} (약관 버전 ${value.version})` : agreed;
  }
  switch (field) {
    case 'aces':
      return Array.isArray(value) && value.length
        ? (value as Ace[]).map((ace) => describeAce(ace, context.identities))
        : '권한 없음';
    case 'roles':
      return Array.isArray(value)
        ? value.map((role) => roleLabels[role as Role] ?? String(role)).join(', ')
        : '-';
    case 'status':
    case 'previous':
      return userStatusLabels[value as UserStatus] ?? String(value);
    case 'accountType':
      return accountTypeLabels[String(value)] ?? String(value);
    case 'reason':
      return reasonLabels[String(value)] ?? String(value);
    // An estimation's draft and quotes (contracts/src/estimation.ts): what a 견적서 shows of them.
    case 'lines':
      return Array.isArray(value) ? `${value.length.toLocaleString('ko-KR')}개 품목` : '-';
    case 'totals': {
      const totals = value as Partial<Totals>;
      return `합계 ${won(totals.total)} (공급가액 ${won(totals.supply)}, 부가가치세 ${won(totals.vat)})`;
    }
    case 'rates': {
      const rates = value as { OVERHEAD_RATE?: string; PROFIT_RATE?: string };
      return `일반관리비 ${percent(rates.OVERHEAD_RATE)}, 이윤 ${percent(rates.PROFIT_RATE)}`;
    }
    case 'requesterId':
    case 'managerId':
    case 'designerId':
      return `사용자 #${String(value)}`;
    case 'groups':
    case 'added':
    case 'removed':
      return Array.isArray(value) && value.length
        ? value.map((id) => groupName(id, context)).join(', ')
        : '없음';
  }
  if (typeof value === 'boolean') return value ? '예' : '아니오';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTime(value) : value;
  if (isFileReference(value)) return value.name;
  if (Array.isArray(value))
    return value.length ? value.map((item) => flat(showValue(field, item, context))) : '없음';
  // An object no rule knows: its values, one after another, never its JSON.
  return Object.values(value as Record<string, unknown>)
    .map((item) => flat(showValue(field, item, context)))
    .join(', ');
}

const won = (n: number | undefined) => formatWon(Number(n ?? 0));
const percent = (rate: string | undefined) =>
  `${(Number(rate ?? 0) * 100).toLocaleString('ko-KR', { maximumFractionDigits: 2 })}%`;

const flat = (shown: Shown) => (Array.isArray(shown) ? shown.join(', ') : shown);
