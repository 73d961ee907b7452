import { aclProjection } from './acl/acl.projection';
import { userSessionsProjection } from './user-sessions/user-sessions.projection';
import { userGroupsProjection } from './usergroups/usergroups.projection';
import { usersProjection } from './users/users.projection';

export * from './projection';
export * from './reactors';
export * from './runner';

/** Every read model of the platform. */
export const allProjections = [userGroupsProjection, usersProjection, userSessionsProjection, aclProjection];
