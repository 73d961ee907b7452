import { z } from 'zod';
import type { EventsOf } from './events';
import { messages } from './messages';
import { positiveId, requiredText } from './validation';

/** SPEC §5 limits. */
export const userGroupLimits = { name: 50, description: 255 } as const;

export const UserGroupId = positiveId(messages.invalidGroupId);

/** Body of POST /api/usergroup and PUT /api/usergroup/{id}; other record fields are ignored. */
export const UserGroupInputSchema = z.object({
  name: requiredText(userGroupLimits.name),
  description: requiredText(userGroupLimits.description),
});
export type UserGroupInput = z.output<typeof UserGroupInputSchema>;

/** The record the API answers (SPEC §3 UserGroup plus `version`, the stream revision for If-Match). */
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

export const userGroupSortable = ['id', 'name', 'members', 'description', 'registered'] as const;

export const UserGroupEventSchemas = {
  UserGroupCreated: z.object({ id: z.number().int().positive(), name: z.string(), description: z.string() }),
  UserGroupUpdated: z.object({ name: z.string(), description: z.string() }),
  UserGroupDeleted: z.object({}),
};
export type UserGroupEvent = EventsOf<typeof UserGroupEventSchemas>;
