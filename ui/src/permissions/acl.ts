import {
  type Ace,
  type AclInfo,
  type ObjectType,
  type Permission,
  permissionLabels,
  type SecurityIdentity,
} from '@interior/contracts';
import { apiBase, apiJson } from '../session';

/** The API of SPEC §7 for one object's grants (or a whole type's when `id` is absent). */
const objectPath = (type: ObjectType, id?: string | number) =>
  id === undefined ? `${encodeURIComponent(type)}` : `${encodeURIComponent(type)}/${encodeURIComponent(id)}`;

export const loadGrants = (type: ObjectType, id?: string | number) =>
  apiJson<AclInfo[]>(`${apiBase}/acl/info/${objectPath(type, id)}`);

export const saveGrants = (type: ObjectType, id: string | number | undefined, aces: Ace[]) =>
  apiJson<void>(`${apiBase}/acl/${objectPath(type, id)}`, { method: 'PUT', json: aces });

/** Users, groups and roles matching a keyword, with their labels. */
export const searchTargets = (keyword: string) =>
  apiJson<AclInfo[]>(`${apiBase}/permission/target?${new URLSearchParams({ keyword })}`);

export const identityTypeLabels: Record<SecurityIdentity['type'], string> = {
  User: '사용자',
  Group: '그룹',
  Role: '역할',
};

/** A fallback name for an identity the server could not label (an erased user, a deleted group). */
export function identityName(info: AclInfo): string {
  if (info.label) return info.label;
  return info.identity.type === 'Role'
    ? info.identity.role
    : `${identityTypeLabels[info.identity.type]} #${info.identity.id}`;
}

export const describeAce = (ace: Ace) =>
  `${identityTypeLabels[ace.identity.type]} ${ace.identity.type === 'Role' ? ace.identity.role : `#${ace.identity.id}`} · ${permissionLabels[ace.permission as Permission]}`;
