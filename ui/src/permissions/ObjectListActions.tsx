import type { ObjectType } from '@interior/contracts';
import { CreateButton, ExportButton, TopToolbar } from 'react-admin';
import { TypePermissionsButton } from './TypePermissionsButton';

/**
 * The toolbar of a list of objects (SPEC §3 object types): create and export, each shown to those
 * who may, and the grants on every object of the type ("유형 권한").
 */
export function ObjectListActions(props: { objectType: ObjectType; resource: string; typeName: string }) {
  return (
    <TopToolbar>
      <CreateButton />
      <ExportButton />
      <TypePermissionsButton {...props} />
    </TopToolbar>
  );
}
