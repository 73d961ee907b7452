import {
  type DashboardRoute,
  dashboardPath,
  dashboardRouteTitles,
  type EstimationRecord,
  estimationStateLabels,
  estimationStates,
  stepApplies,
} from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageFrame } from '../admin/PageFrame';
import { fetchList, formatDate } from '../designs/api';
import { useRun } from '../designs/MyDesignsPage';
import { HistoryTable } from '../history/HistoryTable';
import { ApiError, currentUser } from '../session';
import { estimationApi, formatWon } from './api';
import { DraftEditor } from './DraftEditor';
import { AssignDialog, EstimationFacts, ReasonDialog, StateChip } from './EstimationParts';
import { QuoteView } from './QuoteView';

type ListRoute = 'estimation' | 'design-manager/estimation' | 'my-estimation';
const PAGE = 25;

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

const estimationPath = (id: number) => `${dashboardPath}/estimation/${id}`;

/**
 * The three estimation lists of SPEC §2, one screen: `estimation` (the Admin's, all of them, by
 * state, 담당 매니저 and date, assigning a manager), `design-manager/estimation` (those I manage,
 * assigning a designer) and `my-estimation` (the work assigned to me).
 */
export function EstimationListPage({ route }: { route: ListRoute }) {
  const run = useRun();
  const admin = route === 'estimation';
  const [state, setState] = useState('');
  const [q, setQ] = useState('');
  const [managerId, setManagerId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(0);
  const [assigning, setAssigning] = useState<{
    estimation: EstimationRecord;
    role: 'DesignManager' | 'Designer';
  } | null>(null);
  const filter: Record<string, unknown> = {};
  if (state) filter.state = state;
  if (q.trim()) filter.q = q.trim();
  if (managerId === 'none') filter.managerId = null;
  else if (managerId) filter.managerId = Number(managerId);
  if (from) filter.registered_gte = new Date(`${from}T00:00:00+09:00`).toISOString();
  if (to) filter.registered_lte = new Date(`${to}T23:59:59.999+09:00`).toISOString();
  const list = useQuery({
    queryKey: [route, filter, page],
    queryFn: () =>
      fetchList<EstimationRecord>(route, {
        filter,
        sort: ['registered', 'DESC'],
        range: [page * PAGE, page * PAGE + PAGE - 1],
      }),
  });
  // The Admin filters by manager: the people holding the role, from the user directory the Admin reads.
  const managers = useQuery({
    queryKey: ['user', 'DesignManager'],
    queryFn: () =>
      fetchList<{ id: number; name: string | null; email: string | null }>('user', {
        filter: { roles: 'DesignManager', status: 'Active' },
        sort: ['name', 'ASC'],
        range: [0, 199],
      }),
    enabled: admin,
  });
  const me = currentUser()?.user.id;
  const title = dashboardRouteTitles[route as DashboardRoute];
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  return (
    <PageFrame title={title}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 2 }} useFlexGap>
        <TextField
          size="small"
          label="검색 (견적 번호, 디자인, 요청자)"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          size="small"
          label="상태"
          value={state}
          onChange={(e) => {
            setState(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">전체</MenuItem>
          {estimationStates.map((s) => (
            <MenuItem key={s} value={s}>
              {estimationStateLabels[s]}
            </MenuItem>
          ))}
        </TextField>
        {admin && (
          <TextField
            select
            size="small"
            label="담당 매니저"
            value={managerId}
            onChange={(e) => {
              setManagerId(e.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">전체</MenuItem>
            <MenuItem value="none">미배정</MenuItem>
            {(managers.data?.rows ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.name ?? m.email ?? `#${m.id}`}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          type="date"
          label="요청일부터"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="요청일까지"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {list.isPending && <LinearProgress />}
      {list.error && <Alert severity="error">{(list.error as Error).message}</Alert>}
      {list.data && rows.length === 0 && (
        <Typography color="text.secondary">
          {route === 'my-estimation' ? '배정된 견적이 없습니다.' : '조건에 맞는 견적이 없습니다.'}
        </Typography>
      )}
      {rows.length > 0 && (
        // Width 0 and at least the container's: the table scrolls inside this box instead of
        // widening the page to its own width (a phone's screen is narrower than a 견적서).
        <Box
          sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}
          tabIndex={0}
          role="region"
          aria-label={`${title} 목록`}
        >
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>견적 번호</TableCell>
                <TableCell>디자인</TableCell>
                <TableCell>요청자</TableCell>
                <TableCell>담당 매니저</TableCell>
                <TableCell>담당 디자이너</TableCell>
                <TableCell>상태</TableCell>
                <TableCell align="right">견적 합계</TableCell>
                <TableCell>요청일</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((e) => (
                <TableRow key={e.id} hover data-testid="estimation-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={estimationPath(e.id)}>
                      {e.estimateNumber}
                    </Link>
                    {e.orderNumber && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {e.orderNumber}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{e.designName}</TableCell>
                  <TableCell>{e.requesterName ?? `#${e.requesterId}`}</TableCell>
                  <TableCell>{e.managerName ?? (e.managerId ? `#${e.managerId}` : '미배정')}</TableCell>
                  <TableCell>{e.designerName ?? (e.designerId ? `#${e.designerId}` : '미배정')}</TableCell>
                  <TableCell>
                    <StateChip state={e.state} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatWon(e.quotedTotal)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.registered)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
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
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {total > PAGE && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
            이전
          </Button>
          <Typography variant="body2">
            {page + 1} / {Math.ceil(total / PAGE)}
          </Typography>
          <Button disabled={(page + 1) * PAGE >= total} onClick={() => setPage(page + 1)}>
            다음
          </Button>
        </Stack>
      )}
      {assigning && (
        <AssignDialog
          open
          estimation={assigning.estimation}
          role={assigning.role}
          onClose={async (person) => {
            const { estimation, role } = assigning;
            setAssigning(null);
            if (person)
              await run(
                () =>
                  estimationApi.assign(
                    estimation.id,
                    role === 'DesignManager' ? { managerId: person.id } : { designerId: person.id },
                  ),
                `${person.name ?? person.email} 님에게 배정했습니다.`,
              );
          }}
        />
      )}
    </PageFrame>
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
  const run = useRun();
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
                onClick={() => run(() => estimationApi.complete(e.id), '시공 완료로 처리했습니다.')}
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
              await run(
                () =>
                  estimationApi.assign(
                    e.id,
                    role === 'DesignManager' ? { managerId: person.id } : { designerId: person.id },
                  ),
                `${person.name ?? person.email} 님에게 배정했습니다.`,
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
          if (reason !== null) await run(() => estimationApi.cancel(e.id, reason), '견적을 취소했습니다.');
        }}
      />
    </PageFrame>
  );
}
