import { catalogueResources } from './catalogue';
import { categoryResources } from './category';
import { noticeResource } from './notice';
import type { ObjectType } from './object-types';
import { popupBannerResource } from './popup-banner';
import type { ResourceDeclaration } from './resource';
import { settingResources } from './settings';
import { userGroupResource } from './usergroup';

/**
 * Every declared resource (contracts/src/resource.ts). Adding one here gives it its routes, read
 * model, history, authorization entries and screens (docs/adding-a-resource.md).
 */
export const resources: readonly ResourceDeclaration[] = [
  userGroupResource,
  ...categoryResources,
  ...catalogueResources,
  ...settingResources,
  noticeResource,
  popupBannerResource,
];

const byName = new Map(resources.flatMap((r) => [r.name, ...(r.readRoutes ?? [])].map((n) => [n, r])));

/** The resource a route name (or one of its read routes) belongs to. */
export const resourceNamed = (name: string): ResourceDeclaration | undefined => byName.get(name);

/** The resource of an object type, if that type is a declared resource. */
export const resourceOfType = (type: ObjectType): ResourceDeclaration | undefined =>
  resources.find((r) => r.objectType === type);

/**
 * Dashboard resources whose records are objects with grants (ObjectType): their screens open for the route's
 * roles or for a grant (README "Who may do what"), and their buttons follow the grant's level.
 */
export const resourceObjectTypes: Readonly<Partial<Record<string, ObjectType>>> = {
  user: 'User',
  // The Admin's `system/…` screens open by their route alone: a role reading the type by default
  // (notices) reads it on its own route (`notice`), not on the Admin's.
  ...Object.fromEntries(
    resources.filter((r) => !r.name.startsWith('system/')).map((r) => [r.name, r.objectType]),
  ),
};
