import {
  type AclInfo,
  roles as allRoles,
  roleIdentityLabel,
  type SecurityIdentity,
} from '@interior/contracts';
import type { Knex } from 'knex';
import { readModels } from '../read-models';

/** How an erased user is named where their grants are shown. */
const ERASED_USER = '(삭제된 사용자)';

/**
 * Display names of security identities (SPEC ACL info `label`): a user's name and address, a
 * group's name, a role's Korean name. Unknown users and groups are left without a label.
 */
export async function labelIdentities(
  knex: Knex,
  identities: readonly SecurityIdentity[],
): Promise<AclInfo[]> {
  const userIds = identities.flatMap((i) => (i.type === 'User' ? [i.id] : []));
  const groupIds = identities.flatMap((i) => (i.type === 'Group' ? [i.id] : []));
  const users = new Map<number, string>(
    userIds.length
      ? (await knex(readModels.users).whereIn('id', userIds).select('id', 'name', 'email')).map((u) => [
          u.id,
          u.name ? `${u.name} (${u.email})` : ERASED_USER,
        ])
      : [],
  );
  const groups = new Map<number, string>(
    groupIds.length
      ? (await knex(readModels.usergroups).whereIn('id', groupIds).select('id', 'name')).map((g) => [
          g.id,
          g.name,
        ])
      : [],
  );
  return identities.map((identity) => {
    const label =
      identity.type === 'Role'
        ? roleIdentityLabel(identity.role)
        : identity.type === 'User'
          ? users.get(identity.id)
          : groups.get(identity.id);
    return label === undefined ? { identity } : { identity, label };
  });
}

/** Users (by name or e-mail), groups (by name) and roles (by name) matching a keyword. */
export async function searchIdentities(knex: Knex, keyword: string, limit = 20): Promise<SecurityIdentity[]> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const users: { id: number }[] = await knex(readModels.users)
    .whereNot({ status: 'Deleted' })
    .andWhere((q) => q.whereILike('name', pattern).orWhereILike('email', pattern))
    .orderBy('name')
    .limit(limit)
    .select('id');
  const groups: { id: number }[] = await knex(readModels.usergroups)
    .whereILike('name', pattern)
    .orderBy('name')
    .limit(limit)
    .select('id');
  const needle = keyword.toLowerCase();
  const roles = allRoles.filter((role) => roleIdentityLabel(role).toLowerCase().includes(needle));
  return [
    ...users.map((u) => ({ type: 'User' as const, id: u.id })),
    ...groups.map((g) => ({ type: 'Group' as const, id: g.id })),
    ...roles.map((role) => ({ type: 'Role' as const, role })),
  ];
}

/** Identities that do not exist (unknown or erased users, unknown groups). */
export async function unknownIdentities(
  knex: Knex,
  identities: readonly SecurityIdentity[],
): Promise<SecurityIdentity[]> {
  const labelled = await labelIdentities(knex, identities);
  return labelled
    .filter((info) => info.label === undefined || info.label === ERASED_USER)
    .map((info) => info.identity);
}
