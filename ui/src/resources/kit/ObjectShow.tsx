import type { ObjectType } from '@interior/contracts';
import type { ReactNode } from 'react';
import { DeleteButton, EditButton, Show, TabbedShowLayout, TopToolbar, useRecordContext } from 'react-admin';
import { HistoryTable } from '../../history/HistoryTable';
import { useGoneRecordHistory } from '../../history/useGoneRecordHistory';
import { usePagePart } from '../../kit/RequireAccess';
import { PermissionsTab } from '../../permissions/PermissionsTab';
import { DeleteUsage } from './DeleteUsage';

/**
 * A record's page with the standard tabs of every object (docs/adding-a-resource.md): 정보 (the
 * fields), 권한 (who holds what on it: only for those who manage its grants, a silent guard) and
 * 이력 (every event that changed it). A resource adds tabs of its own between 정보 and 권한.
 */
export interface ObjectShowProps {
  objectType: ObjectType;
  resource: string;
  /** The 정보 tab's content. */
  children: ReactNode;
  /** More tabs (`<TabbedShowLayout.Tab label=… path=…>`). */
  tabs?: ReactNode;
  actions?: ReactNode;
}

/** Edit and delete ask authProvider.canAccess on this record and are not there for those who may not. */
export function ObjectShowActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar>
      {children}
      <EditButton />
      {/* Pessimistic: asks for confirmation, then shows the server's answer (412 included). */}
      <DeleteButton mutationMode="pessimistic" confirmContent={<DeleteUsage />} />
    </TopToolbar>
  );
}

function ObjectPermissions({ objectType }: { objectType: ObjectType }) {
  const record = useRecordContext();
  return record ? <PermissionsTab objectType={objectType} id={record.id} /> : null;
}

function ObjectHistory({ objectType }: { objectType: ObjectType }) {
  const record = useRecordContext();
  return record ? <HistoryTable objectType={objectType} id={record.id} /> : null;
}

function ObjectTabs({ objectType, children, tabs }: Omit<ObjectShowProps, 'actions' | 'resource'>) {
  const managesGrants = usePagePart('recordPermissions');
  return (
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="정보">{children}</TabbedShowLayout.Tab>
      {tabs}
      {managesGrants ? (
        <TabbedShowLayout.Tab label="권한" path="permissions">
          <ObjectPermissions objectType={objectType} />
        </TabbedShowLayout.Tab>
      ) : null}
      <TabbedShowLayout.Tab label="이력" path="history">
        <ObjectHistory objectType={objectType} />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  );
}

export function ObjectShow({ actions, resource, ...tabs }: ObjectShowProps) {
  // A deleted record's page opens its history, which stays readable.
  const queryOptions = useGoneRecordHistory(resource);
  return (
    <Show actions={actions ?? <ObjectShowActions />} queryOptions={queryOptions}>
      <ObjectTabs {...tabs} />
    </Show>
  );
}
