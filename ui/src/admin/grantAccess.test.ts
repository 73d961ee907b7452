import {
  dashboardRoutes,
  type MyPermissions,
  type ObjectType,
  objectTypes,
  type Permission,
  resourceObjectTypes,
  roles,
  type TypePermissions,
} from '@interior/contracts';
import type { GrantSource } from '../kit/grants';
import { canOpenDashboardRoute } from './access';
import { dashboardObjectTypes, decideAccess } from './grantAccess';

/** A user's grants: per type, and per record as `Type:id`. */
function grants(
  types: Partial<Record<ObjectType, Partial<TypePermissions>>> = {},
  records: Record<string, Permission> = {},
): GrantSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    mine: async () => {
      asked.push('mine');
      const all = Object.fromEntries(
        objectTypes.map((t) => [t, { type: null, records: null, ...types[t] }]),
      ) as MyPermissions['types'];
      return { types: all };
    },
    onRecord: async (type, id) => {
      asked.push(`${type}:${id}`);
      return records[`${type}:${id}`] ?? types[type]?.type ?? null;
    },
  };
}

const can = (
  source: GrantSource,
  resource: string,
  action: string,
  options: { roles?: string[]; id?: number } = {},
) =>
  decideAccess({
    resource,
    action,
    roles: options.roles ?? ['Designer'],
    grants: source,
    ...(options.id === undefined ? {} : { record: { id: options.id } }),
  });

describe('decideAccess: the route roles OR a grant', () => {
  it('knows the object type of the same resources as the contracts', () => {
    expect(dashboardObjectTypes).toEqual(resourceObjectTypes);
  });

  it('is exactly the route table of roles for users without grants; records are changed by writers only', async () => {
    const none = grants();
    for (const route of [...Object.keys(dashboardRoutes), 'mailbox', 'clientlog']) {
      for (const role of roles) {
        for (const action of ['list', 'show', 'create', 'edit', 'delete', 'export']) {
          // A route open to every signed-in user (the catalogues) lets them read its records; changing
          // them needs Write, which without a grant only the Admin role holds.
          const type = resourceObjectTypes[route];
          const writes = action === 'create' || action === 'edit' || action === 'delete';
          const open = canOpenDashboardRoute(route, [role]) && (!type || !writes || role === 'Admin');
          expect({ route, role, action, open: await can(none, route, action, { roles: [role] }) }).toEqual({
            route,
            role,
            action,
            open,
          });
        }
      }
    }
  });

  it('opens a group list and its page for Read on one group, but no edit, delete or create', async () => {
    const reader = grants({ UserGroup: { records: 'Read' } }, { 'UserGroup:1': 'Read' });
    expect(await can(reader, 'usergroup', 'list')).toBe(true);
    expect(await can(reader, 'usergroup', 'show')).toBe(true);
    expect(await can(reader, 'usergroup', 'show', { id: 1 })).toBe(true);
    expect(await can(reader, 'usergroup', 'show', { id: 2 })).toBe(false);
    expect(await can(reader, 'usergroup', 'edit', { id: 1 })).toBe(false);
    expect(await can(reader, 'usergroup', 'edit')).toBe(false);
    expect(await can(reader, 'usergroup', 'delete', { id: 1 })).toBe(false);
    expect(await can(reader, 'usergroup', 'create')).toBe(false);
    expect(await can(reader, 'usergroup', 'permissions', { id: 1 })).toBe(false);
    expect(await can(reader, 'user', 'list')).toBe(false);
  });

  it('follows the level of a grant: Write edits and deletes, Admin also manages the grants', async () => {
    const writer = grants({ UserGroup: { records: 'Write' } }, { 'UserGroup:3': 'Write' });
    expect(await can(writer, 'usergroup', 'edit', { id: 3 })).toBe(true);
    expect(await can(writer, 'usergroup', 'delete', { id: 3 })).toBe(true);
    expect(await can(writer, 'usergroup', 'permissions', { id: 3 })).toBe(false);
    const manager = grants({ UserGroup: { records: 'Admin' } }, { 'UserGroup:3': 'Admin' });
    expect(await can(manager, 'usergroup', 'permissions', { id: 3 })).toBe(true);
    expect(await can(manager, 'usergroup', 'typePermissions')).toBe(false);
  });

  it('decides creating and the type-wide grants on the type, and users need Admin to be changed', async () => {
    const typeWriter = grants({ UserGroup: { type: 'Write' } });
    expect(await can(typeWriter, 'usergroup', 'create')).toBe(true);
    expect(await can(typeWriter, 'usergroup', 'edit', { id: 9 })).toBe(true);
    expect(await can(typeWriter, 'usergroup', 'typePermissions')).toBe(false);
    expect(await can(grants({ UserGroup: { type: 'Admin' } }), 'usergroup', 'typePermissions')).toBe(true);
    const userWriter = grants({ User: { type: 'Write' } });
    expect(await can(userWriter, 'user', 'list')).toBe(true);
    expect(await can(userWriter, 'user', 'edit', { id: 4 })).toBe(false);
    expect(await can(userWriter, 'user', 'create')).toBe(false);
    expect(await can(grants({ User: { type: 'Admin' } }), 'user', 'create')).toBe(true);
  });

  it('asks nothing for the Admin role, which holds every permission', async () => {
    const source = grants();
    for (const action of ['list', 'edit', 'delete', 'permissions', 'typePermissions'])
      expect(await can(source, 'usergroup', action, { roles: ['Admin'], id: 1 })).toBe(true);
    expect(source.asked).toEqual([]);
  });
});
