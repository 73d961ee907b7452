import { z } from 'zod';
import type { EventsOf } from './events';
import { messages } from './messages';
import { defineResource } from './resource';
import { positiveId } from './validation';

/** The longest name and description a group may have (the form and the API refuse more). */
export const userGroupLimits = { name: 50, description: 255 } as const;

export const UserGroupId = positiveId(messages.invalidGroupId);

/**
 * The `usergroup` resource: a group's name and description; `members` is kept by the
 * read model from the users' group changes (membership lives on the user).
 */
export const userGroupResource = defineResource({
  name: 'usergroup',
  objectType: 'UserGroup',
  label: '사용자 그룹',
  notFound: messages.userGroupNotFound,
  invalidId: messages.invalidGroupId,
  table: 'usergroups',
  representation: 'name',
  defaultSort: ['registered', 'DESC'],
  fields: {
    name: {
      kind: 'text',
      label: '이름',
      max: userGroupLimits.name,
      required: true,
      sortable: true,
      filter: true,
      search: true,
      list: true,
    },
    description: {
      kind: 'text',
      label: '설명',
      max: userGroupLimits.description,
      required: true,
      multiline: true,
      sortable: true,
      filter: true,
      search: true,
      list: true,
    },
    members: {
      kind: 'integer',
      label: '구성원 수',
      min: 0,
      derived: true,
      sortable: true,
      filter: true,
      list: true,
    },
  },
});

/** The group the API answers, with `version`, the stream revision a change sends back as If-Match. */
export interface UserGroupRecord {
  id: number;
  name: string;
  description: string;
  members: number;
  registered: string;
  registeredBy: number | null;
  updated: string | null;
  updatedBy: number | null;
  version: number;
}

export const UserGroupEventSchemas = {
  UserGroupCreated: z.object({ id: z.number().int().positive(), name: z.string(), description: z.string() }),
  // Fields that changed: older events carry both.
  UserGroupUpdated: z.object({ name: z.string().optional(), description: z.string().optional() }),
  UserGroupDeleted: z.object({}),
};
export type UserGroupEvent = EventsOf<typeof UserGroupEventSchemas>;
