import { type DesignRecord, dashboardRouteTitles } from '@interior/contracts';
import { Alert, Box, Button, Typography } from '@mui/material';
import { type ReactElement, type ReactNode, useState } from 'react';
import { DataTable, DateInput, NumberInput, SearchInput, SelectInput } from 'react-admin';
import { List } from '../export/List';
import { listStateProps } from '../kit/ListStates';
import { touches, useWrite } from '../kit/useWrite';
import { designApi, formatDate } from './api';
import { PromptDialog } from './DesignDialogs';
import { DesignCards } from './DesignGrid';
import { DesignTable } from './DesignTable';

const nothing = () => null;
/** Every design list is searched by name (`q`). */
const search = <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />;
const emptyText = (text: string) => (
  <Typography color="text.secondary" sx={{ p: 2 }}>
    {text}
  </Typography>
);

/** A design list of the dashboard: react-admin's list of `resource`, paged and sorted by the API. */
function DesignList({
  resource,
  sort = { field: 'updated', order: 'DESC' },
  filters = [search],
  aside,
  children,
}: {
  resource: 'shared' | 'trash' | 'design/management' | 'design-manager/design';
  sort?: { field: string; order: 'ASC' | 'DESC' };
  filters?: ReactElement[];
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {aside}
      <List
        {...listStateProps}
        resource={resource}
        title={dashboardRouteTitles[resource]}
        sort={sort}
        filters={filters}
        empty={false}
        exporter={false}
        actions={false}
      >
        {children}
      </List>
    </>
  );
}

/** /dashboard/shared: designs others shared with me (not for PersonalFree: the route guard). */
export function SharedDesignsPage() {
  return (
    <DesignList resource="shared">
      <DesignCards actions={nothing} empty={emptyText('공유받은 디자인이 없습니다.')} />
    </DesignList>
  );
}

/** /dashboard/trash: my trashed designs; each is deleted for good 30 days after it was trashed. */
export function TrashPage() {
  const write = useWrite();
  return (
    <DesignList
      resource="trash"
      sort={{ field: 'trashedAt', order: 'DESC' }}
      aside={
        <Alert severity="info" sx={{ mt: 2 }}>
          휴지통에 옮긴 디자인은 30일이 지나면 자동으로 영구 삭제됩니다.
        </Alert>
      }
    >
      <DesignTable
        empty={emptyText('휴지통이 비어 있습니다.')}
        actions={(d) => (
          <>
            <Button
              size="small"
              onClick={() => write(() => designApi.restore(d.id), '디자인을 복원했습니다.', touches.design)}
            >
              복원
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => write(() => designApi.purge(d.id), '영구 삭제했습니다.', touches.design)}
            >
              영구 삭제
            </Button>
          </>
        )}
      />
    </DesignList>
  );
}

const managementFilters = [
  search,
  <NumberInput key="ownerId" source="ownerId" label="소유자 ID" alwaysOn min={1} />,
  <SelectInput
    key="status"
    source="status"
    label="상태"
    alwaysOn
    emptyText="전체"
    choices={[
      { id: 'Active', name: '사용 중' },
      { id: 'Trashed', name: '휴지통' },
    ]}
  />,
  <DateInput key="from" source="registered_gte" label="만든 날부터" alwaysOn />,
  <DateInput key="to" source="registered_lte" label="만든 날까지" alwaysOn />,
];

/** /dashboard/design/management (Admin): every design, by owner, status and date; trash, restore, transfer. */
export function DesignManagementPage() {
  const write = useWrite();
  const [transfer, setTransfer] = useState<DesignRecord | null>(null);
  return (
    <>
      <DesignList resource="design/management" filters={managementFilters}>
        <DesignTable
          empty={emptyText('조건에 맞는 디자인이 없습니다.')}
          actions={(d) => (
            <Box sx={{ whiteSpace: 'nowrap' }}>
              {d.status === 'Active' ? (
                <Button
                  size="small"
                  color="error"
                  onClick={() => write(() => designApi.trash(d.id), '휴지통으로 옮겼습니다.', touches.design)}
                >
                  휴지통
                </Button>
              ) : (
                <Button
                  size="small"
                  onClick={() => write(() => designApi.restore(d.id), '복원했습니다.', touches.design)}
                >
                  복원
                </Button>
              )}
              <Button size="small" onClick={() => setTransfer(d)}>
                소유자 변경
              </Button>
            </Box>
          )}
        >
          <DataTable.NumberCol source="ownerId" label="소유자" />
          <DataTable.Col
            source="status"
            label="상태"
            render={(d: DesignRecord) =>
              d.status === 'Active' ? '사용 중' : `휴지통 ${formatDate(d.trashedAt)}`
            }
          />
        </DesignTable>
      </DesignList>
      <PromptDialog
        open={transfer !== null}
        title="소유자 변경"
        label="새 소유자의 사용자 ID"
        onClose={async (value) => {
          if (transfer && value && /^\d+$/.test(value))
            await write(
              () => designApi.transfer(transfer.id, Number(value)),
              '소유자를 바꾸었습니다.',
              touches.design,
            );
          setTransfer(null);
        }}
      />
    </>
  );
}

/** /dashboard/design-manager/design: designs whose estimation is assigned to me as manager. */
export function DesignManagerDesignsPage() {
  return (
    <DesignList resource="design-manager/design">
      <DesignTable
        actions={nothing}
        empty={emptyText(
          '나에게 배정된 견적의 디자인이 없습니다. 견적 요청 기능이 준비되면 배정된 디자인이 이곳에 나타납니다.',
        )}
      />
    </DesignList>
  );
}
