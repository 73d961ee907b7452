import { UserCreate } from './Create';
import { UserEdit } from './Edit';
import { UserList } from './List';
import { UserShow } from './Show';

/** The `user` resource (/dashboard/user, for the Admin only): user administration. */
export default {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  show: UserShow,
};
