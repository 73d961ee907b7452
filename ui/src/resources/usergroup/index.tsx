import { userGroupResource } from '@interior/contracts';
import { resourceScreens } from '../kit/resourceScreens';
import { UserGroupShow } from './Show';

/** The `usergroup` resource (dashboard path /dashboard/usergroup): the declared screens. */
export default {
  ...resourceScreens(userGroupResource),
  show: UserGroupShow,
};
