import { z } from 'zod';
import { messages } from './messages';
import { roles } from './roles';

// Apart from roles.ts so that code needing only the role names (the UI's first page) does not
// bring zod with it.
export const RoleSchema = z.enum(roles, { error: messages.invalidRole });
export const RolesSchema = z
  .array(RoleSchema, { error: messages.rolesRequired })
  .min(1, { error: messages.rolesRequired })
  .max(roles.length)
  .transform((list) => [...new Set(list)]);
