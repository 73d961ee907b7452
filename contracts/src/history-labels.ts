import { agreementDefinitions } from './agreements';
import { erasedPersonName } from './event-labels';
import { koreaTimeText } from './korea-time';
import type { ObjectType } from './object-types';
import { type Permission, permissionLabels } from './permissions';
import { resources } from './resources';
import { type Role, roleLabels } from './roles';
import { type UserStatus, userStatusLabels } from './user';
import { formatWon } from './won';

/** Names of the fields of a type's events where no screen's form names them. */
export const typeFieldNames: Partial<Record<ObjectType, Readonly<Record<string, string>>>> = {
  Estimation: {
    estimateNumber: '견적 번호',
    designId: '디자인 번호',
    designName: '디자인',
    designRevision: '디자인 리비전',
    requesterId: '요청자',
    note: '요청 메모',
    managerId: '담당 매니저',
    designerId: '담당 디자이너',
    lines: '품목',
    totals: '금액',
    rates: '요율',
    problems: '계산하지 못한 부분',
    revision: '견적서 리비전',
    validUntil: '유효기한',
    orderNumber: '주문 번호',
    reason: '사유',
  },
  Design: {
    ownerId: '소유자',
    folderId: '폴더',
    document: '도면',
    revision: '리비전',
    delta: '변경 내용',
    trashed: '휴지통',
    permission: '공유 권한',
    userId: '공유받은 사용자',
  },
};

/** Names of fields that events of every kind of record carry. */
export const sharedFieldNames: Readonly<Record<string, string>> = {
  aces: '권한',
  status: '상태',
  groups: '소속 그룹',
  reason: '사유',
  at: '일시',
  expiresAt: '만료 일시',
  id: '번호',
  name: '이름',
  description: '설명',
};

/** The label of a consent field (`agreement.Marketing`), or null when the field is none. */
export function agreementLabel(field: string): string | null {
  if (!field.startsWith('agreement.')) return null;
  const code = field.slice('agreement.'.length);
  return agreementDefinitions.find((d) => d.value === code)?.label ?? '약관 동의';
}

/** The Korean name of a field of a record as its screens name it ('기타 항목' when none does). */
export function fieldLabel(type: string, field: string): string {
  const agreement = agreementLabel(field);
  if (agreement !== null) return agreement;
  const declared = resources.find((r) => r.objectType === type)?.fields[field]?.label;
  return typeFieldNames[type as ObjectType]?.[field] ?? declared ?? sharedFieldNames[field] ?? '기타 항목';
}

/** Fields that name a person by id: shown by the person's name. */
export const personFields: ReadonlySet<string> = new Set([
  'requesterId',
  'managerId',
  'designerId',
  'ownerId',
  'authorId',
  'userId',
]);

/** Fields that hold amounts of money in whole won. */
const wonFields = new Set(['amount', 'unitPrice', 'price', 'total', 'supply', 'vat']);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const won = (n: unknown) => formatWon(Number(n ?? 0));

/** Names of people by id, as the users read model has them now (null: erased). */
export type PersonNames = ReadonlyMap<number, string | null>;

/** Names of referenced records as their read models have them now, by `referenceKey`. */
export type ReferenceNames = ReadonlyMap<string, string>;

/** The key of a referenced record in `ReferenceNames`: its resource and id. */
export const referenceKey = (resource: string, id: number) => `${resource}:${id}`;

/** Shown for a reference to a record that no longer exists: its number says nothing to a reader. */
export const missingReferenceName = '삭제된 항목';
/** Shown for a record a reader may not read, referred to by one they may: not its name, nor its number. */
export const hiddenReferenceName = '볼 수 없는 항목';

/** References of the platform's own records, which no resource declaration lists: a user's groups. */
const platformReferences: Readonly<Record<string, [field: string, resource: string][]>> = {
  User: [
    ['groups', 'usergroup'],
    ['added', 'usergroup'],
    ['removed', 'usergroup'],
  ],
};

/** The fields of a type that name records of another resource (one id or a list of ids), and that resource. */
export function referenceFields(type: string): [field: string, resource: string][] {
  const declared = resources.find((r) => r.objectType === type)?.fields ?? {};
  return [
    ...Object.entries(declared).flatMap(([field, spec]) =>
      spec.kind === 'reference' ? [[field, spec.resource] as [string, string]] : [],
    ),
    ...(platformReferences[type] ?? []),
  ];
}

/**
 * One value of one field as the screens show it: a person by name, a code by its Korean label,
 * money in won, a moment in Korea time, a list by its size or items; never JSON.
 */
export function valueText(
  type: string,
  field: string,
  value: unknown,
  names: PersonNames,
  references: ReferenceNames = new Map(),
): string {
  if (value === null || value === undefined || value === '') return '-';
  if (personFields.has(field) && typeof value === 'number') return names.get(value) ?? erasedPersonName;
  const referenced = referenceFields(type).find(([name]) => name === field)?.[1];
  if (referenced !== undefined && typeof value === 'number')
    return references.get(referenceKey(referenced, value)) ?? missingReferenceName;
  const spec = resources.find((r) => r.objectType === type)?.fields[field];
  if (spec && (spec.kind === 'enum' || spec.kind === 'enumSet')) {
    const codes = Array.isArray(value) ? value : [value];
    return codes.map((code) => spec.labels[String(code)] ?? String(code)).join(', ') || '없음';
  }
  if (field.startsWith('agreement.') && typeof value === 'object') {
    const consent = value as { agreed?: boolean; version?: string };
    const agreed = consent.agreed ? '동의함' : '동의하지 않음';
    return consent.version ? `${agreed} (약관 버전 ${consent.version})` : agreed;
  }
  switch (field) {
    case 'roles':
      return Array.isArray(value)
        ? value.map((role) => roleLabels[role as Role] ?? String(role)).join(', ')
        : '-';
    case 'status':
      return userStatusLabels[value as UserStatus] ?? String(value);
    case 'permission':
      return permissionLabels[value as Permission] ?? String(value);
    case 'lines':
      return Array.isArray(value) ? `${value.length.toLocaleString('ko-KR')}개 품목` : '-';
    case 'totals': {
      const totals = value as { total?: number; supply?: number; vat?: number };
      return `합계 ${won(totals.total)} (공급가액 ${won(totals.supply)}, 부가가치세 ${won(totals.vat)})`;
    }
    case 'document': {
      const doc = value as Record<string, unknown[] | undefined>;
      const count = ['walls', 'openings', 'rooms', 'wallDrawings', 'items'].reduce(
        (sum, group) => sum + (Array.isArray(doc[group]) ? doc[group]!.length : 0),
        0,
      );
      return `요소 ${count.toLocaleString('ko-KR')}개`;
    }
  }
  if (wonFields.has(field) && typeof value === 'number') return formatWon(value);
  if (typeof value === 'boolean') return value ? '예' : '아니오';
  if (typeof value === 'number') return value.toLocaleString('ko-KR');
  if (typeof value === 'string') return ISO_TIME.test(value) ? koreaTimeText(value) : value;
  if (Array.isArray(value))
    return value.length
      ? value.map((item) => valueText(type, field, item, names, references)).join(', ')
      : '없음';
  const named = value as { name?: unknown };
  if (typeof named.name === 'string') return named.name;
  return Object.values(value as Record<string, unknown>)
    .map((item) => valueText(type, '', item, names))
    .join(', ');
}
