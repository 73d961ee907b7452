import {
  defaultPermission,
  type MyPermissions,
  messages,
  type ObjectIdentity,
  type ObjectType,
  objectTypes,
  type Permission,
  permissionsAllowing,
  permits,
  streamName,
  strongest,
  type TypePermissions,
} from '@interior/contracts';
import type { Knex } from 'knex';
import { forbidden, notFound } from '../errors';
import type { EventStore } from '../eventstore/port';
import { readModels } from '../read-models';
import type { Principal } from './authenticate';

/** Type-level grants are stored with object id 0 (projections/src/acl). */
const TYPE_LEVEL = 0;
const ORDER: Permission[] = ['Admin', 'Write', 'Read'];

/**
 * Per-object authorization: a user's permission on an object is
 * the strongest of the grants to the user, to the user's groups and to the user's roles, on the
 * object and on its type, together with the role defaults of contracts/src/acl.ts. The Admin role
 * holds every permission.
 */
export class Permissions {
  constructor(private readonly knex: Knex) {}

  /** Narrows a query of acl_entries to the grants that reach this principal. */
  private reaching(builder: Knex.QueryBuilder, principal: Principal, alias = 'a') {
    builder.where((who) => {
      who
        .where({ [`${alias}.identityType`]: 'User', [`${alias}.identityKey`]: String(principal.userId) })
        .orWhere((q) =>
          q
            .where(`${alias}.identityType`, 'Group')
            .whereIn(`${alias}.identityKey`, principal.groups.map(String)),
        )
        .orWhere((q) =>
          q.where(`${alias}.identityType`, 'Role').whereIn(`${alias}.identityKey`, principal.roles),
        );
    });
  }

  /** The strongest permission the principal holds on the object (or its type), or null. */
  async on(principal: Principal, object: ObjectIdentity): Promise<Permission | null> {
    const byDefault = defaultPermission(principal.roles, object.type);
    if (byDefault === 'Admin') return 'Admin';
    const query = this.knex(`${readModels.aclEntries} as a`)
      .where('a.objectType', object.type)
      .whereIn('a.objectId', object.id === undefined ? [TYPE_LEVEL] : [TYPE_LEVEL, object.id])
      .distinct('a.permission');
    this.reaching(query, principal);
    const held = new Set<Permission>((await query).map((r: { permission: Permission }) => r.permission));
    if (byDefault) held.add(byDefault);
    return ORDER.find((p) => held.has(p)) ?? null;
  }

  async has(principal: Principal, object: ObjectIdentity, wanted: Permission): Promise<boolean> {
    const held = await this.on(principal, object);
    return held !== null && permits(held, wanted);
  }

  /**
   * Requires a permission on an object. Without even Read on it the object is not shown to
   * exist (404 with `notFoundMessage`); with Read but not what is asked, 403.
   */
  async require(principal: Principal, object: ObjectIdentity, wanted: Permission, notFoundMessage?: string) {
    const held = await this.on(principal, object);
    if (held && permits(held, wanted)) return;
    if (object.id !== undefined && !held) throw notFound(notFoundMessage ?? messages.notFound);
    throw forbidden();
  }

  /**
   * For lists: null when the principal may see every object of the type, otherwise a filter that
   * keeps only the rows (of `table`, by its `id`) the principal holds `wanted` on, so totals count
   * only those.
   */
  async listScope(
    principal: Principal,
    type: ObjectType,
    table: string,
    wanted: Permission = 'Read',
  ): Promise<((builder: Knex.QueryBuilder) => void) | null> {
    if (await this.has(principal, { type }, wanted)) return null;
    const allowing = permissionsAllowing(wanted);
    return (builder) => {
      builder.whereExists((sub) => {
        sub
          .select(this.knex.raw('1'))
          .from(`${readModels.aclEntries} as g`)
          .where('g.objectType', type)
          .whereRaw('g."objectId" = ??', [`${table}.id`])
          .whereIn('g.permission', allowing);
        this.reaching(sub, principal, 'g');
      });
    };
  }

  /**
   * Of `ids` (records of `type`), those the principal holds `wanted` on (`has` for many at once):
   * all of them when the principal holds it on every record of the type, else those a grant reaches.
   */
  async readableIds(
    principal: Principal,
    type: ObjectType,
    ids: readonly number[],
    wanted: Permission = 'Read',
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    if (await this.has(principal, { type }, wanted)) return new Set(ids);
    const query = this.knex(`${readModels.aclEntries} as a`)
      .where('a.objectType', type)
      .whereIn('a.objectId', [...new Set(ids)])
      .whereIn('a.permission', permissionsAllowing(wanted))
      .distinct('a.objectId');
    this.reaching(query, principal);
    return new Set((await query).map((r: { objectId: number }) => Number(r.objectId)));
  }

  /** Whether the principal manages any ACL at all (may search identities to grant to). */
  async managesAnything(principal: Principal): Promise<boolean> {
    if (principal.roles.includes('Admin')) return true;
    const query = this.knex(`${readModels.aclEntries} as a`)
      .where('a.permission', 'Admin')
      .first(this.knex.raw('1 as found'));
    this.reaching(query, principal);
    return Boolean(await query);
  }

  /**
   * What the principal holds on each object type (`GET api/permission/mine`): on every record of
   * it (role defaults, the Admin role, type-level grants) and the strongest grant on any one record.
   */
  async mine(principal: Principal): Promise<MyPermissions> {
    const query = this.knex(`${readModels.aclEntries} as a`).distinct(
      'a.objectType',
      'a.permission',
      this.knex.raw('(a."objectId" = ?) as "typeLevel"', [TYPE_LEVEL]),
    );
    this.reaching(query, principal);
    const rows: { objectType: ObjectType; permission: Permission; typeLevel: boolean }[] = await query;
    const types = Object.fromEntries(
      objectTypes.map((type): [ObjectType, TypePermissions] => [
        type,
        { type: defaultPermission(principal.roles, type), records: null },
      ]),
    ) as Record<ObjectType, TypePermissions>;
    for (const row of rows) {
      const held = types[row.objectType];
      if (!held) continue;
      if (row.typeLevel) held.type = strongest(held.type, row.permission);
      else held.records = strongest(held.records, row.permission);
    }
    return { types };
  }
}

/**
 * Whether a record ever existed: its stream holds an event. A deleted record still did (its
 * history stays readable); an id that was never given out did not (404, whoever asks).
 */
export async function recordEverExisted(store: EventStore, type: ObjectType, id: number): Promise<boolean> {
  if (id < 1) return false;
  return (await store.readStream(streamName(type, id), { limit: 1 })).length > 0;
}
