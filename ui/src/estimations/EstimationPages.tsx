import {
  type DashboardRoute,
  dashboardPath,
  dashboardRouteTitles,
  type EstimationRecord,
  erasedPersonName,
  estimationStateLabels,
  estimationStates,
  stepApplies,
} from '@interior/contracts';
import { Alert, Box, Button, LinearProgress, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DataTable,
  DateInput,
  type Identifier,
  SearchInput,
  SelectInput,
  SimpleList,
  useGetList,
} from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDate } from '../designs/api';
import { List } from '../export/List';
import { HistoryTable } from '../history/HistoryTable';
import { listStateProps } from '../kit/ListStates';
import { noValue } from '../kit/listFilter';
import { PageFrame } from '../kit/PageFrame';
import { useSmallScreen } from '../kit/useSmallScreen';
import { touches, useWrite } from '../kit/useWrite';
import { ApiError, currentUser } from '../session';
import { estimationApi, formatWon } from './api';
import { DraftEditor } from './DraftEditor';
import { AssignDialog, EstimationFacts, ReasonDialog, StateChip } from './EstimationParts';
import { QuoteView } from './QuoteView';

type ListRoute = 'estimation' | 'design-manager/estimation' | 'my-estimation';

/** The signed-in user's part in an estimation: what the screens offer follows it. */
function partOf(e: EstimationRecord) {
  const user = currentUser()?.user;
  const admin = Boolean(user?.roles.includes('Admin'));
  const manager = user?.id === e.managerId;
  const designer = user?.id === e.designerId;
  return {
    admin,
    manager,
    designer,
    requester: user?.id === e.requesterId,
    works: admin || manager || designer,
  };
}

const estimationPath = (id: Identifier) => `${dashboardPath}/estimation/${id}`;
const stateChoices = estimationStates.map((id) => ({ id, name: estimationStateLabels[id] }));
const searchLabel = '검색 (견적 번호, 디자인, 요청자)';

/** The Admin's 담당 매니저 filter: the people holding the role, or none assigned yet. */
function ManagerFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { data } = useGetList<{ id: number; name: string | null; email: string | null }>('user', {
    filter: { roles: 'DesignManager', status: 'Active' },
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: 200 },
  });
  const choices = [
    { id: noValue, name: '미배정' },
    ...(data ?? []).map((m) => ({ id: m.id, name: m.name ?? m.email ?? erasedPersonName })),
  ];
  return <SelectInput source={source} label={label} choices={choices} emptyText="전체" />;
}

function filtersOf(admin: boolean) {
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={searchLabel}
      inputProps={{ 'aria-label': searchLabel }}
    />,
    <SelectInput key="state" source="state" label="상태" choices={stateChoices} alwaysOn emptyText="전체" />,
    ...(admin ? [<ManagerFilter key="managerId" source="managerId" label="담당 매니저" alwaysOn />] : []),
    <DateInput key="from" source="registered_gte" label="요청일부터" alwaysOn />,
    <DateInput key="to" source="registered_lte" label="요청일까지" alwaysOn />,
  ];
}

/** The estimate number, and under it the order's once there is one. */
const NumberCell = (e: EstimationRecord) => (
  <Box sx={{ whiteSpace: 'nowrap' }}>
    <Link component={RouterLink} to={estimationPath(e.id)}>
      {e.estimateNumber}
    </Link>
    {e.orderNumber && (
      <Typography variant="caption" component="div" color="text.secondary">
        {e.orderNumber}
      </Typography>
    )}
  </Box>
);

const personName = (name: string | null, id: number | null) => name ?? (id ? erasedPersonName : '미배정');

/**
 * The three estimation lists of the dashboard, one screen: `estimation` (the Admin's, all of them, by
 * state, 담당 매니저 and date, assigning a manager), `design-manager/estimation` (those I manage,
 * assigning a designer) and `my-estimation` (the work assigned to me). On a phone, one line each
 * (the estimation's page assigns).
 */
export function EstimationListPage({ route }: { route: ListRoute }) {
  const write = useWrite();
  const small = useSmallScreen();
  const admin = route === 'estimation';
  const [assigning, setAssigning] = useState<{
    estimation: EstimationRecord;
    role: 'DesignManager' | 'Designer';
  } | null>(null);
  const me = currentUser()?.user.id;
  const title = dashboardRouteTitles[route as DashboardRoute];
  const empty = (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {route === 'my-estimation' ? '배정된 견적이 없습니다.' : '조건에 맞는 견적이 없습니다.'}
    </Typography>
  );
  return (
    <>
      <List
        {...listStateProps}
        resource={route}
        title={title}
        sort={{ field: 'registered', order: 'DESC' }}
        filters={filtersOf(admin)}
        empty={false}
        exporter={false}
        actions={false}
      >
        {small ? (
          <SimpleList<EstimationRecord>
            linkType={(record) => estimationPath(record.id)}
            primaryText={(e) => `${e.estimateNumber} · ${e.designName}`}
            secondaryText={(e) =>
              `${estimationStateLabels[e.state]} · ${formatWon(e.quotedTotal)}${e.orderNumber ? ` · ${e.orderNumber}` : ''}`
            }
            tertiaryText={(e) => formatDate(e.registered)}
            empty={empty}
            sx={{ '& .MuiListItemText-root': { overflowWrap: 'anywhere' } }}
          />
        ) : (
          <DataTable<EstimationRecord> rowClick={false} bulkActionButtons={false} empty={empty}>
            <DataTable.Col source="estimateNumber" label="견적 번호" render={NumberCell} />
            <DataTable.Col source="designName" label="디자인" disableSort />
            <DataTable.Col
              source="requesterName"
              label="요청자"
              disableSort
              render={(e) => e.requesterName ?? erasedPersonName}
            />
            <DataTable.Col
              source="managerName"
              label="담당 매니저"
              disableSort
              render={(e) => personName(e.managerName, e.managerId)}
            />
            <DataTable.Col
              source="designerName"
              label="담당 디자이너"
              disableSort
              render={(e) => personName(e.designerName, e.designerId)}
            />
            <DataTable.Col source="state" label="상태" render={(e) => <StateChip state={e.state} />} />
            <DataTable.NumberCol
              source="quotedTotal"
              label="견적 합계"
              render={(e) => formatWon(e.quotedTotal)}
              sx={{ whiteSpace: 'nowrap' }}
            />
            <DataTable.Col
              source="registered"
              label="요청일"
              render={(e) => formatDate(e.registered)}
              sx={{ whiteSpace: 'nowrap' }}
            />
            <DataTable.Col
              label=""
              disableSort
              sx={{ whiteSpace: 'nowrap' }}
              render={(e: EstimationRecord) => (
                <>
                  {stepApplies('assign', e.state) && admin && (
                    <Button
                      size="small"
                      onClick={() => setAssigning({ estimation: e, role: 'DesignManager' })}
                    >
                      매니저 배정
                    </Button>
                  )}
                  {stepApplies('assign', e.state) && (admin || e.managerId === me) && (
                    <Button size="small" onClick={() => setAssigning({ estimation: e, role: 'Designer' })}>
                      디자이너 배정
                    </Button>
                  )}
                </>
              )}
            />
          </DataTable>
        )}
      </List>
      {assigning && (
        <AssignDialog
          open
          estimation={assigning.estimation}
          role={assigning.role}
          onClose={async (person) => {
            const { estimation, role } = assigning;
            setAssigning(null);
            if (person)
              await write(
                () =>
                  estimationApi.assign(
                    estimation.id,
                    role === 'DesignManager' ? { managerId: person.id } : { designerId: person.id },
                  ),
                `${person.name ?? person.email} 님에게 배정했습니다.`,
                touches.estimation,
              );
          }}
        />
      )}
    </>
  );
}

export const AdminEstimationsPage = () => <EstimationListPage route="estimation" />;
export const ManagerEstimationsPage = () => <EstimationListPage route="design-manager/estimation" />;
export const MyEstimationsPage = () => <EstimationListPage route="my-estimation" />;

const detailTabs = [
  ['draft', '견적 초안'],
  ['quotes', '발행된 견적서'],
  ['history', '이력'],
] as const;

/**
 * /dashboard/estimation/{id}: one estimation for the people working on it: who it is for and
 * who has it, the draft editor, the issued quotes with their PDFs, the order, and its history.
 */
export function EstimationPage() {
  const write = useWrite();
  const id = Number(useParams().id);
  const [tab, setTab] = useState<(typeof detailTabs)[number][0]>('draft');
  const [assigning, setAssigning] = useState<'DesignManager' | 'Designer' | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const estimation = useQuery({
    queryKey: ['estimation', id],
    queryFn: () => estimationApi.one(id),
    enabled: id > 0,
    // Not found is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
  const title = dashboardRouteTitles['estimation/:id'];
  if (!(id > 0) || estimation.error)
    return (
      <PageFrame title={title}>
        <Alert severity="error">
          {estimation.error ? (estimation.error as Error).message : '견적을 찾을 수 없습니다.'}
        </Alert>
      </PageFrame>
    );
  if (!estimation.data)
    return (
      <PageFrame title={title}>
        <LinearProgress />
      </PageFrame>
    );
  const e = estimation.data;
  const part = partOf(e);
  return (
    <PageFrame title={`${title} ${e.estimateNumber}`}>
      <Stack spacing={2}>
        {e.orderNumber && (
          <Alert severity="success" data-testid="order-number">
            {e.state === 'Completed'
              ? '시공이 완료된 주문입니다.'
              : '고객이 견적을 수락해 주문이 접수되었습니다.'}{' '}
            주문 번호 {e.orderNumber}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <EstimationFacts estimation={e} />
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button component={RouterLink} to={`${dashboardPath}/mydesign/${e.designId}/overview`}>
              디자인 보기
            </Button>
            {stepApplies('assign', e.state) && part.admin && (
              <Button variant="outlined" onClick={() => setAssigning('DesignManager')}>
                매니저 배정
              </Button>
            )}
            {stepApplies('assign', e.state) && (part.admin || part.manager) && (
              <Button variant="outlined" onClick={() => setAssigning('Designer')}>
                디자이너 배정
              </Button>
            )}
            {stepApplies('complete', e.state) && part.works && (
              <Button
                variant="contained"
                onClick={() =>
                  write(() => estimationApi.complete(e.id), '시공 완료로 처리했습니다.', touches.estimation)
                }
              >
                시공 완료 처리
              </Button>
            )}
            {stepApplies('cancel', e.state) && (part.admin || part.manager) && (
              <Button color="error" onClick={() => setCancelling(true)}>
                견적 취소
              </Button>
            )}
          </Stack>
        </Stack>
        <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="scrollable">
          {detailTabs.map(([key, label]) => (
            <Tab key={key} value={key} label={label} />
          ))}
        </Tabs>
        {tab === 'draft' && <DraftEditor estimation={e} canWork={part.works} />}
        {tab === 'quotes' && <QuoteView estimation={e} />}
        {tab === 'history' && <HistoryTable objectType="Estimation" id={e.id} />}
      </Stack>
      {assigning && (
        <AssignDialog
          open
          estimation={e}
          role={assigning}
          onClose={async (person) => {
            const role = assigning;
            setAssigning(null);
            if (person)
              await write(
                () =>
                  estimationApi.assign(
                    e.id,
                    role === 'DesignManager' ? { managerId: person.id } : { designerId: person.id },
                  ),
                `${person.name ?? person.email} 님에게 배정했습니다.`,
                touches.estimation,
              );
          }}
        />
      )}
      <ReasonDialog
        open={cancelling}
        title="견적 취소"
        label="취소 사유 (선택)"
        required={false}
        confirm="견적 취소"
        onClose={async (reason) => {
          setCancelling(false);
          if (reason !== null)
            await write(() => estimationApi.cancel(e.id, reason), '견적을 취소했습니다.', touches.estimation);
        }}
      />
    </PageFrame>
  );
}
