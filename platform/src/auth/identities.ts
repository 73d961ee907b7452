import {
  type AclInfo,
  roles as allRoles,
  erasedPersonName,
  identityKey,
  roleIdentityLabel,
  type SecurityIdentity,
} from '@interior/contracts';
import type { Knex } from 'knex';
import { readModels } from '../read-models';
import type { Principal } from './authenticate';
import type { Permissions } from './permissions';

/** How an erased user is named where their grants are shown: as every history names them. */
const ERASED_USER = erasedPersonName;

/**
 * Display names of security identities (the `label` of an ACL entry as the API answers it): a user's name and address, a
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

/** Narrows a query of users or groups to the rows a caller may see (none: every row). */
type RowScope = ((builder: Knex.QueryBuilder) => void) | null;

/**
 * Users (by name or e-mail), groups (by name) and roles (by name) matching a keyword. `scope`
 * keeps only the users and groups a caller may read (see `searchIdentitiesFor`).
 */
export async function searchIdentities(
  knex: Knex,
  keyword: string,
  limit = 20,
  scope: { users: RowScope; groups: RowScope } = { users: null, groups: null },
): Promise<SecurityIdentity[]> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const users: { id: number }[] = await knex(readModels.users)
    .whereNot({ status: 'Deleted' })
    .andWhere((q) => q.whereILike('name', pattern).orWhereILike('email', pattern))
    .modify((q) => scope.users?.(q))
    .orderBy('name')
    .limit(limit)
    .select('id');
  const groups: { id: number }[] = await knex(readModels.usergroups)
    .whereILike('name', pattern)
    .modify((q) => scope.groups?.(q))
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

/**
 * The directory as one caller may see it: users and groups only when the caller may read them
 * (the Admin role reads all), and the caller themselves; roles always (they are no secret).
 * Searching for whom to grant to must not list every user's name and e-mail to whoever manages
 * one group.
 */
export async function searchIdentitiesFor(
  knex: Knex,
  permissions: Permissions,
  principal: Principal,
  keyword: string,
): Promise<SecurityIdentity[]> {
  const users = await permissions.listScope(principal, 'User', readModels.users);
  return searchIdentities(knex, keyword, 20, {
    users: users && ((q) => q.where((w) => w.where((r) => users(r)).orWhere('id', principal.userId))),
    groups: await permissions.listScope(principal, 'UserGroup', readModels.usergroups),
  });
}

/** Of `identities`, the users and groups the caller may not read (the caller is no stranger to themselves). */
export async function unreadableIdentities(
  permissions: Permissions,
  principal: Principal,
  identities: readonly SecurityIdentity[],
): Promise<SecurityIdentity[]> {
  const ids = (type: 'User' | 'Group') => identities.flatMap((i) => (i.type === type ? [i.id] : []));
  const users = await permissions.readableIds(principal, 'User', ids('User'));
  users.add(principal.userId);
  const groups = await permissions.readableIds(principal, 'UserGroup', ids('Group'));
  return identities.filter(
    (i) => (i.type === 'User' && !users.has(i.id)) || (i.type === 'Group' && !groups.has(i.id)),
  );
}

/**
 * `labelIdentities` for one caller: users and groups the caller may not read keep no label, so a
 * lookup by id tells no name or e-mail to someone who may not read that user (where the grants
 * of a record they manage name someone, the query side names them as histories do).
 */
export async function labelIdentitiesFor(
  knex: Knex,
  permissions: Permissions,
  principal: Principal,
  identities: readonly SecurityIdentity[],
): Promise<AclInfo[]> {
  const hidden = new Set((await unreadableIdentities(permissions, principal, identities)).map(identityKey));
  const labelled = await labelIdentities(knex, identities);
  return labelled.map((info) =>
    hidden.has(identityKey(info.identity)) ? { identity: info.identity } : info,
  );
}
