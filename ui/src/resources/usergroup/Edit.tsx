import { Edit } from 'react-admin';
import { RequireAccess } from '../../admin/RequireAccess';
import { UserGroupForm } from './Form';

/**
 * Pessimistic: the page waits for the server, so a 412 (another admin saved first) or a refused
 * value is shown on this form instead of after an optimistic update that never happened.
 * The page opens for those who may change some group; once the group is loaded, one the user may
 * only read (or not at all) is refused with the warning, as a route would be.
 */
export function UserGroupEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <RequireAccess action="edit" silent={false}>
        <UserGroupForm />
      </RequireAccess>
    </Edit>
  );
}
