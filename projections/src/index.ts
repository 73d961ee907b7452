import { aclProjection } from './acl/acl.projection';
import { auditLogProjection } from './audit/audit-log.projection';
import { propertyOverridesProjection } from './catalogue/property-overrides.projection';
import { catalogueUsageProjection } from './catalogue/usage.projection';
import { designAnalysisProjection } from './designs/analysis.projection';
import { commentsProjection } from './designs/comments.projection';
import { designLogProjection } from './designs/design-log.projection';
import { designsProjection } from './designs/designs.projection';
import { foldersProjection } from './designs/folders.projection';
import { estimationsProjection } from './estimations/estimations.projection';
import { resourceProjections } from './resources';
import {
  subscriptionPlansProjection,
  subscriptionsProjection,
} from './subscriptions/subscriptions.projection';
import { userSessionsProjection } from './user-sessions/user-sessions.projection';
import { usersProjection } from './users/users.projection';

export * from './projection';
export * from './reactors';
export * from './runner';
export { aclProjection, userSessionsProjection, usersProjection };

/** Every read model of the platform. */
export const allProjections = [
  ...resourceProjections,
  usersProjection,
  userSessionsProjection,
  aclProjection,
  subscriptionPlansProjection,
  subscriptionsProjection,
  designsProjection,
  commentsProjection,
  designLogProjection,
  foldersProjection,
  designAnalysisProjection,
  propertyOverridesProjection,
  estimationsProjection,
  catalogueUsageProjection,
  auditLogProjection,
];
