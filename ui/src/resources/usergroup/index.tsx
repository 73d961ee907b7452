import { userGroupResource } from '@interior/contracts';
import GroupsIcon from '@mui/icons-material/Groups';
import { resourceScreens } from '../kit/resourceScreens';
import { UserGroupShow } from './Show';

/** The `usergroup` resource (dashboard path /dashboard/usergroup): the declared screens. */
export default {
  ...resourceScreens(userGroupResource, { icon: GroupsIcon }),
  show: UserGroupShow,
};
