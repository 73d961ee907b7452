import { ClientLogList } from './List';

/** The `clientlog` resource (Admin only, read-only list; see admin/access.ts). */
export default {
  list: ClientLogList,
};
