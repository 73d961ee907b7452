import {
  type Ace,
  type AclInfo,
  identityKey,
  MAX_ACL_ENTRIES,
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

/** Display names of identities (`POST api/identity/target`), by `identityKey`; none for those the API leaves unnamed. */
export type IdentityLabels = ReadonlyMap<string, string>;

export async function resolveLabels(identities: readonly SecurityIdentity[]): Promise<IdentityLabels> {
  const unique = [...new Map(identities.map((i) => [identityKey(i), i])).values()];
  const labels = new Map<string, string>();
  for (let start = 0; start < unique.length; start += MAX_ACL_ENTRIES) {
    const answered = await apiJson<AclInfo[]>(`${apiBase}/identity/target`, {
      method: 'POST',
      json: unique.slice(start, start + MAX_ACL_ENTRIES),
    });
    for (const info of answered) if (info.label) labels.set(identityKey(info.identity), info.label);
  }
  return labels;
}

export const identityTypeLabels: Record<SecurityIdentity['type'], string> = {
  User: '사용자',
  Group: '그룹',
  Role: '역할',
};

/**
 * An identity's name: its label, else for a role its Korean name, else "사용자 #13" (an erased
 * user, a deleted group, or one the viewer may not read, whose name the API does not give).
 */
export function identityName(info: AclInfo): string {
  if (info.label) return info.label;
  return info.identity.type === 'Role'
    ? roleIdentityLabel(info.identity.role)
    : `${identityTypeLabels[info.identity.type]} #${info.identity.id}`;
}

/** One grant as a history line shows it: "사용자 홍길동 (hong@example.com) · 관리". */
export const describeAce = (ace: Ace, labels: IdentityLabels = new Map()) => {
  const label = labels.get(identityKey(ace.identity));
  // Without a label a user or group reads "사용자 #13", which names its kind already.
  const name =
    label || ace.identity.type === 'Role'
      ? `${identityTypeLabels[ace.identity.type]} ${identityName({ identity: ace.identity, ...(label ? { label } : {}) })}`
      : identityName({ identity: ace.identity });
  return `${name} · ${permissionLabels[ace.permission as Permission]}`;
};
