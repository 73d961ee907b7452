import { dashboardPath, type ObjectType, objectTypeLabels, objectTypes } from '@interior/contracts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundContent } from '../pages/NotFoundContent';
import { AsOfPanel } from './AsOfPanel';
import { recordAuditPath, recordPagePath, recordState } from './api';
import { ComparePanel } from './ComparePanel';
import { RecordLogPanel } from './RecordLogPanel';
import { ReplayPanel } from './ReplayPanel';

const tabs = [
  ['log', '이력'],
  ['asof', '그때 모습'],
  ['diff', '비교'],
  ['replay', '재생'],
] as const;
type TabKey = (typeof tabs)[number][0];

/** The record's latest revision: the state as of the end of time is the state now. */
export function useLatest(type: string, id: number | null) {
  return useQuery({
    queryKey: ['audit-latest', type, id],
    queryFn: () => recordState(type, id!, { at: '9999-12-31' }),
    enabled: id !== null && (objectTypes as readonly string[]).includes(type),
    retry: false,
  });
}

/**
 * /dashboard/audit/{ObjectType}/{id}/{tab}: one record in the auditor's workbench: its history a
 * page at a time, the record as it was at any revision or moment, what changed between any two
 * revisions, and its events replayed one by one. Who may see it is the API's answer, as for its
 * 이력 tab: a record the reader may not read is "not found" alike.
 */
export function RecordAuditPage() {
  const { type = '', id: idParam = '', tab = 'log' } = useParams();
  const navigate = useNavigate();
  const id = /^[1-9]\d{0,9}$/.test(idParam) ? Number(idParam) : null;
  const known = (objectTypes as readonly string[]).includes(type);
  const latest = useLatest(type, id);
  if (!known || id === null || !tabs.some(([key]) => key === tab))
    return (
      <>
        <Title title="기록 감사" />
        <NotFoundContent home={`${dashboardPath}/audit`} />
      </>
    );
  // Named as its screens name it now: an estimation by its number, the rest by name, else its number.
  const state = latest.data?.state;
  const called = state?.estimateNumber ?? state?.name;
  const name = `${objectTypeLabels[type as ObjectType]} ${typeof called === 'string' && called ? called : id}`;
  const page = recordPagePath(type, id);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="기록 감사" />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {name}
          </Typography>
          {page && (
            <Button component={Link} to={page}>
              기록 열기
            </Button>
          )}
          <Button component={Link} to={`${dashboardPath}/audit`}>
            감사 로그
          </Button>
        </Stack>
        <Tabs
          value={tab}
          onChange={(_, next: TabKey) => navigate(recordAuditPath(type, id, next))}
          sx={{ mb: 2 }}
          variant="scrollable"
        >
          {tabs.map(([key, label]) => (
            <Tab key={key} value={key} label={label} />
          ))}
        </Tabs>
        {latest.isPending && <LinearProgress aria-label="기록을 불러오는 중" />}
        {latest.error && <Alert severity="error">{latest.error.message}</Alert>}
        {latest.data && tab === 'log' && <RecordLogPanel type={type} id={id} />}
        {latest.data && tab === 'asof' && <AsOfPanel type={type} id={id} latest={latest.data.revision} />}
        {latest.data && tab === 'diff' && <ComparePanel type={type} id={id} latest={latest.data.revision} />}
        {latest.data && tab === 'replay' && <ReplayPanel type={type} id={id} latest={latest.data.revision} />}
      </CardContent>
    </Card>
  );
}
