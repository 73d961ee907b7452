import type { UserGroupRecord } from '@interior/contracts';
import GroupsIcon from '@mui/icons-material/Groups';
import { UserGroupCreate } from './Create';
import { UserGroupEdit } from './Edit';
import { UserGroupList } from './List';
import { UserGroupShow } from './Show';

/** The `usergroup` resource (dashboard path /dashboard/usergroup, Admin only). */
export default {
  list: UserGroupList,
  create: UserGroupCreate,
  edit: UserGroupEdit,
  show: UserGroupShow,
  icon: GroupsIcon,
  recordRepresentation: (record: UserGroupRecord) => record.name,
};
