import {
  type Ace,
  type AclInfo,
  hiddenReferenceName,
  identityKey,
  type ObjectType,
  type Permission,
  permissionLabels,
  roleIdentityLabel,
  type SecurityIdentity,
} from '@interior/contracts';
import { forgetGrants } from '../kit/grants';
import { apiBase, apiJson } from '../session';

/** The path of `api/acl/…` for one object's grants (or a whole type's when `id` is absent). */
const objectPath = (type: ObjectType, id?: string | number) =>
  id === undefined ? `${encodeURIComponent(type)}` : `${encodeURIComponent(type)}/${encodeURIComponent(id)}`;

export const loadGrants = (type: ObjectType, id?: string | number) =>
  apiJson<AclInfo[]>(`${apiBase}/acl/info/${objectPath(type, id)}`);

export async function saveGrants(type: ObjectType, id: string | number | undefined, aces: Ace[]) {
  await apiJson<void>(`${apiBase}/acl/${objectPath(type, id)}`, { method: 'PUT', json: aces });
  // The signed-in user may have changed their own grants: the screens ask again.
  forgetGrants();
}

/** Users, groups and roles matching a keyword, with their labels. */
export const searchTargets = (keyword: string) =>
  apiJson<AclInfo[]>(`${apiBase}/permission/target?${new URLSearchParams({ keyword })}`);

/** Display names of identities, by `identityKey`, as the API names them to this reader. */
export type IdentityLabels = ReadonlyMap<string, string>;

export const identityTypeLabels: Record<SecurityIdentity['type'], string> = {
  User: '사용자',
  Group: '그룹',
  Role: '역할',
};

/**
 * An identity's name: its label (the API names everyone a reader's grants name, as histories do),
 * for a role its Korean name; without a label (an answer that could not name it) "볼 수 없는 항목",
 * never its number.
 */
export function identityName(info: AclInfo): string {
  if (info.label) return info.label;
  return info.identity.type === 'Role' ? roleIdentityLabel(info.identity.role) : hiddenReferenceName;
}

/** One grant as a history line shows it: "사용자 홍길동 (hong@example.com) · 관리". */
export const describeAce = (ace: Ace, labels: IdentityLabels = new Map()) => {
  const label = labels.get(identityKey(ace.identity));
  const name = identityName({ identity: ace.identity, ...(label ? { label } : {}) });
  return `${identityTypeLabels[ace.identity.type]} ${name} · ${permissionLabels[ace.permission as Permission]}`;
};
