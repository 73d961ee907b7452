import type { User } from '@interior/contracts';
import PeopleIcon from '@mui/icons-material/People';
import { UserCreate } from './Create';
import { UserEdit } from './Edit';
import { UserList } from './List';
import { UserShow } from './Show';
import { userDisplayName } from './userName';

/** The `user` resource (/dashboard/user, for the Admin only): user administration. */
export default {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  show: UserShow,
  icon: PeopleIcon,
  recordRepresentation: (record: User) => userDisplayName(record),
};
