import { Create } from 'react-admin';
import { UserGroupForm } from './Form';

/** After creating, the new group's page: its data as saved and the first entry of its history. */
export function UserGroupCreate() {
  return (
    <Create redirect="show">
      <UserGroupForm />
    </Create>
  );
}
