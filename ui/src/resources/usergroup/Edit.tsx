import { Edit } from 'react-admin';
import { UserGroupForm } from './Form';

/**
 * Pessimistic: the page waits for the server, so a 412 (another admin saved first) or a refused
 * value is shown on this form instead of after an optimistic update that never happened.
 */
export function UserGroupEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <UserGroupForm />
    </Edit>
  );
}
