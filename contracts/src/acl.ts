import { z } from 'zod';
import { catalogueResources } from './catalogue';
import { categoryResources } from './category';
import type { EventsOf } from './events';
import { messages } from './messages';
import { type ObjectType, ObjectTypeSchema } from './object-types';
import { type Permission, permissions, permits } from './permissions';
import { RoleSchema } from './role-schemas';
import { type Role, roleLabels } from './roles';
import { idFrom, MAX_ID } from './validation';

/**
 * Per-object access control: a grant gives a security identity (a user, a group or
 * a role) a permission on one object (`{type, id}`) or on every object of a type (`{type}`).
 * The permissions and how they compare are in permissions.ts.
 */
export const PermissionSchema = z.enum(permissions, { error: messages.invalidPermission });

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

/** Grants in one ACL, and identities resolved in one call. */
export const MAX_ACL_ENTRIES = 500;

/** A user's or a group's id inside a JSON body: a number (never a string), positive, an int4. */
const IdentityId = z
  .number({ error: messages.invalidId })
  .int({ error: messages.invalidId })
  .positive({ error: messages.invalidId })
  .max(MAX_ID, { error: messages.invalidId });

/**
 * An object identity's id as a path carries it: a non-negative integer. 0 is well-formed and names
 * no record (ids start at 1), so it answers 404.
 */
const ObjectId = idFrom(0);

/** Objects of a JSON body refuse keys they do not know, naming them. */
const strict = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? messages.unknownFields(issue.keys) : undefined),
  });

export const SecurityIdentitySchema = z.discriminatedUnion(
  'type',
  [
    strict({ type: z.literal('User'), id: IdentityId }),
    strict({ type: z.literal('Group'), id: IdentityId }),
    strict({ type: z.literal('Role'), role: RoleSchema }),
  ],
  { error: messages.invalidIdentity },
);

export const AceSchema = strict({ identity: SecurityIdentitySchema, permission: PermissionSchema });

/** PUT api/acl/{type}[/{id}] body: the whole new list, at most one entry per identity. */
export const AceListSchema = z
  .array(AceSchema, { error: messages.invalidValue })
  .max(MAX_ACL_ENTRIES, { error: messages.tooManyGrants(MAX_ACL_ENTRIES) })
  .refine((aces) => new Set(aces.map((a) => identityKey(a.identity))).size === aces.length, {
    error: messages.duplicateIdentity,
  });

export const IdentityListSchema = z
  .array(SecurityIdentitySchema, { error: messages.invalidValue })
  .max(MAX_ACL_ENTRIES, { error: messages.tooManyIdentities(MAX_ACL_ENTRIES) });

export const ObjectIdentityParamsSchema = z.object({ type: ObjectTypeSchema, id: ObjectId.optional() });
/** A path naming one record: `{type}/{id}`. */
export const RecordIdentityParamsSchema = z.object({ type: ObjectTypeSchema, id: ObjectId });
/** A path naming a whole type: `{type}`. */
export const TypeIdentityParamsSchema = z.object({ type: ObjectTypeSchema });

/** The object an `{type, id?}` pair names: one record, or (no id) every record of the type. */
export const objectIdentity = (type: ObjectType, id?: number): ObjectIdentity =>
  id === undefined ? { type } : { type, id };

/** A stable text key of an identity (`User:12`, `Group:3`, `Role:Admin`). */
export function identityKey(identity: SecurityIdentity): string {
  return identity.type === 'Role' ? `Role:${identity.role}` : `${identity.type}:${identity.id}`;
}

export const roleIdentityLabel = (role: Role) => `${roleLabels[role]} (${role})`;

/** Stream of one object's ACL, `Acl-UserGroup-12`, or of a whole type's, `Acl-UserGroup`. */
export const aclStream = (object: ObjectIdentity) =>
  object.id === undefined ? `Acl-${object.type}` : `Acl-${object.type}-${object.id}`;

export const AclEventSchemas = {
  /** The full new list of grants of an object (or type); the previous list is replaced. */
  AclChanged: z.object({
    type: ObjectTypeSchema,
    id: z.number().int().positive().max(MAX_ID).nullable(),
    aces: z.array(AceSchema),
  }),
};
export type AclEvent = EventsOf<typeof AclEventSchemas>;

/**
 * Catalogue types every signed-in user reads (their writers are the Admin role and Write grants):
 * taken from the declarations, so a catalogue resource added later is readable without a list to
 * keep in step.
 */
export const catalogueObjectTypes: readonly ObjectType[] = [...catalogueResources, ...categoryResources].map(
  (resource) => resource.objectType,
);
function catalogueRead(): Partial<Record<ObjectType, Permission>> {
  return Object.fromEntries(catalogueObjectTypes.map((type) => [type, 'Read' as const]));
}
/** Pop-up banners reach every role; which ones each reader sees is their audience and window. */
const bannerRead = { PopupBanner: 'Read' } as const;

/**
 * Grants every role has without any ACL entry (decided here, and listed in the README so
 * an Admin knows what needs no grant). The Admin role holds every permission on everything and is not listed. Objects a
 * user reaches through their own account (profile, business profile) need no grant.
 */
export const defaultRoleGrants: Readonly<Partial<Record<Role, Partial<Record<ObjectType, Permission>>>>> = {
  Developer: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  DesignManager: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  Designer: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  BusinessPremium: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  BusinessPro: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  BusinessFree: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  PersonalPro: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  PersonalFree: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
  Guest: { Notice: 'Read', ...catalogueRead(), ...bannerRead },
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

/**
 * What the signed-in user holds on one object type (`GET api/permission/mine`): `type` on every
 * record of it (the Admin role, role defaults, type-level grants), `records` the strongest grant
 * on any single record of it (null when there is none). The UI opens screens and buttons from it.
 */
export interface TypePermissions {
  type: Permission | null;
  records: Permission | null;
}
export interface MyPermissions {
  types: Record<ObjectType, TypePermissions>;
}
/** `GET api/permission/mine/{type}/{id}`: the user's permission on one record. */
export interface MyRecordPermission {
  permission: Permission | null;
}
