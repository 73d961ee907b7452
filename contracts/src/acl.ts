import { z } from 'zod';
import type { EventsOf } from './events';
import { messages } from './messages';
import { type ObjectType, ObjectTypeSchema } from './object-types';
import { type Role, RoleSchema, roleLabels } from './roles';

/**
 * Per-object access control (SPEC §3, §6): a grant gives a security identity (a user, a group or
 * a role) a permission on one object (`{type, id}`) or on every object of a type (`{type}`).
 * Admin includes Write, Write includes Read.
 */
export const permissions = ['Admin', 'Read', 'Write'] as const;
export type Permission = (typeof permissions)[number];
export const PermissionSchema = z.enum(permissions, { error: messages.invalidPermission });
export const permissionLabels: Record<Permission, string> = { Admin: '관리', Read: '읽기', Write: '쓰기' };

const rank: Record<Permission, number> = { Read: 1, Write: 2, Admin: 3 };
/** Whether holding `held` allows what `wanted` asks. */
export const permits = (held: Permission, wanted: Permission) => rank[held] >= rank[wanted];
/** Every permission that allows `wanted` (for queries). */
export const permissionsAllowing = (wanted: Permission): Permission[] =>
  permissions.filter((p) => permits(p, wanted));

export interface ObjectIdentity {
  type: ObjectType;
  id?: number;
}

export type SecurityIdentity =
  | { type: 'User'; id: number }
  | { type: 'Group'; id: number }
  | { type: 'Role'; role: Role };

export interface Ace {
  identity: SecurityIdentity;
  permission: Permission;
}

export interface Acl {
  id: ObjectIdentity;
  aces: Ace[];
}

/** An ACL info entry: an identity with its display name, and a permission when one is granted. */
export interface AclInfo {
  identity: SecurityIdentity;
  permission?: Permission;
  label?: string;
}

const Id = z.coerce
  .number({ error: messages.invalidId })
  .int({ error: messages.invalidId })
  .positive({ error: messages.invalidId });

export const SecurityIdentitySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('User'), id: Id }),
    z.object({ type: z.literal('Group'), id: Id }),
    z.object({ type: z.literal('Role'), role: RoleSchema }),
  ],
  { error: messages.invalidIdentity },
);

export const AceSchema = z.object({ identity: SecurityIdentitySchema, permission: PermissionSchema });

/** PUT api/acl/{type}[/{id}] body: the whole new list, at most one entry per identity. */
export const AceListSchema = z
  .array(AceSchema, { error: messages.invalidValue })
  .max(500)
  .refine((aces) => new Set(aces.map((a) => identityKey(a.identity))).size === aces.length, {
    error: messages.duplicateIdentity,
  });

export const IdentityListSchema = z.array(SecurityIdentitySchema, { error: messages.invalidValue }).max(500);

export const ObjectIdentityParamsSchema = z.object({ type: ObjectTypeSchema, id: Id.optional() });

/** A stable text key of an identity (`User:12`, `Group:3`, `Role:Admin`). */
export function identityKey(identity: SecurityIdentity): string {
  return identity.type === 'Role' ? `Role:${identity.role}` : `${identity.type}:${identity.id}`;
}

export const roleIdentityLabel = (role: Role) => `${roleLabels[role]} (${role})`;

/** Stream of one object's ACL, `Acl-UserGroup-12`, or of a whole type's, `Acl-UserGroup`. */
export const aclStream = (object: ObjectIdentity) =>
  object.id ? `Acl-${object.type}-${object.id}` : `Acl-${object.type}`;

export const AclEventSchemas = {
  /** The full new list of grants of an object (or type); the previous list is replaced. */
  AclChanged: z.object({
    type: ObjectTypeSchema,
    id: z.number().int().positive().nullable(),
    aces: z.array(AceSchema),
  }),
};
export type AclEvent = EventsOf<typeof AclEventSchemas>;

/**
 * Grants every role has without any ACL entry (SPEC leaves them open; decided here and listed in
 * the README). The Admin role holds every permission on everything and is not listed. Objects a
 * user reaches through their own account (profile, business profile) need no grant.
 */
export const defaultRoleGrants: Readonly<Partial<Record<Role, Partial<Record<ObjectType, Permission>>>>> = {
  Developer: { Notice: 'Read', PopupBanner: 'Read' },
  DesignManager: { Notice: 'Read', Estimation: 'Read', Design: 'Read' },
  Designer: { Notice: 'Read', Estimation: 'Read' },
  BusinessPremium: { Notice: 'Read' },
  BusinessPro: { Notice: 'Read' },
  BusinessFree: { Notice: 'Read' },
  PersonalPro: { Notice: 'Read' },
  PersonalFree: { Notice: 'Read' },
  Guest: { Notice: 'Read' },
};

/** The strongest default permission the roles hold on a type, if any. */
export function defaultPermission(roles: readonly string[], type: ObjectType): Permission | null {
  if (roles.includes('Admin')) return 'Admin';
  let best: Permission | null = null;
  for (const role of roles) {
    const granted = defaultRoleGrants[role as Role]?.[type];
    if (granted && (!best || permits(granted, best))) best = granted;
  }
  return best;
}
