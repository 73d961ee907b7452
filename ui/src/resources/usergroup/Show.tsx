import { userGroupResource } from '@interior/contracts';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { usePagePart } from '../../kit/RequireAccess';
import { ObjectShow } from '../kit/ObjectShow';
import { ResourceDetails } from '../kit/resourceScreens';
import { GroupMembers } from './Members';

function UserGroupMembers() {
  const record = useRecordContext();
  // Managing the membership takes what managing the grants does: Admin on the group.
  const manages = usePagePart('recordPermissions');
  return record ? (
    <GroupMembers groupId={Number(record.id)} memberCount={Number(record.members ?? 0)} manages={manages} />
  ) : null;
}

/** A group's page: the standard tabs (정보, 권한, 이력) and its 구성원. */
export function UserGroupShow() {
  return (
    <ObjectShow
      objectType="UserGroup"
      resource={userGroupResource.name}
      tabs={
        <TabbedShowLayout.Tab label="구성원" path="members">
          <UserGroupMembers />
        </TabbedShowLayout.Tab>
      }
    >
      <ResourceDetails resource={userGroupResource} />
    </ObjectShow>
  );
}
