import type { ObjectType } from '@interior/contracts';
import type { ReactNode } from 'react';
import { CreateButton, ExportButton, TopToolbar } from 'react-admin';
import { TypePermissionsButton } from './TypePermissionsButton';

/**
 * The toolbar of a list of objects (of a type that carries grants): create and export, each shown to those
 * who may, and the grants on every object of the type ("유형 권한").
 */
export function ObjectListActions({
  extra,
  ...props
}: {
  objectType: ObjectType;
  resource: string;
  typeName: string;
  /** The resource's own buttons (a CSV import). */
  extra?: ReactNode;
}) {
  return (
    <TopToolbar>
      <CreateButton />
      <ExportButton />
      {extra}
      <TypePermissionsButton {...props} />
    </TopToolbar>
  );
}
