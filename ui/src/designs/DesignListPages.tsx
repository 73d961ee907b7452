import type { DesignRecord } from '@interior/contracts';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageFrame } from '../admin/PageFrame';
import { designApi, fetchList, formatDate } from './api';
import { DesignGrid, PromptDialog, useRun } from './MyDesignsPage';

function useDesigns(
  resource: string,
  filter: Record<string, unknown> = {},
  sort: [string, 'ASC' | 'DESC'] = ['updated', 'DESC'],
) {
  return useQuery({
    queryKey: [resource, filter, sort],
    queryFn: () => fetchList<DesignRecord>(resource, { filter, sort, range: [0, 199] }),
  });
}

/** /dashboard/shared: designs others shared with me (not for PersonalFree: the route guard). */
export function SharedDesignsPage() {
  const designs = useDesigns('shared');
  return (
    <PageFrame title="공유 디자인">
      {designs.error && <Alert severity="error">{(designs.error as Error).message}</Alert>}
      {designs.data?.rows.length === 0 && (
        <Typography color="text.secondary">공유받은 디자인이 없습니다.</Typography>
      )}
      {designs.data && <DesignGrid designs={designs.data.rows} view="cards" actions={() => null} />}
    </PageFrame>
  );
}

/** /dashboard/trash: my trashed designs; each is deleted for good 30 days after it was trashed. */
export function TrashPage() {
  const run = useRun();
  const designs = useDesigns('trash', {}, ['trashedAt', 'DESC']);
  return (
    <PageFrame title="휴지통">
      <Alert severity="info" sx={{ mb: 2 }}>
        휴지통에 옮긴 디자인은 30일이 지나면 자동으로 영구 삭제됩니다.
      </Alert>
      {designs.error && <Alert severity="error">{(designs.error as Error).message}</Alert>}
      {designs.data?.rows.length === 0 && (
        <Typography color="text.secondary">휴지통이 비어 있습니다.</Typography>
      )}
      {designs.data && (
        <DesignGrid
          designs={designs.data.rows}
          view="table"
          actions={(d) => (
            <>
              <Button
                size="small"
                onClick={() => run(() => designApi.restore(d.id), '디자인을 복원했습니다.')}
              >
                복원
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => run(() => designApi.purge(d.id), '영구 삭제했습니다.')}
              >
                영구 삭제
              </Button>
            </>
          )}
        />
      )}
    </PageFrame>
  );
}

/** /dashboard/design/management (Admin): every design, by owner, status and date; trash, restore, transfer. */
export function DesignManagementPage() {
  const run = useRun();
  const [ownerId, setOwnerId] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [transfer, setTransfer] = useState<DesignRecord | null>(null);
  const filter: Record<string, unknown> = {};
  if (/^\d+$/.test(ownerId)) filter.ownerId = Number(ownerId);
  if (status) filter.status = status;
  if (from) filter.registered_gte = new Date(`${from}T00:00:00`).toISOString();
  if (to) filter.registered_lte = new Date(`${to}T23:59:59`).toISOString();
  const designs = useDesigns('design/management', filter);
  return (
    <PageFrame title="디자인 관리">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="소유자 ID"
          value={ownerId}
          onChange={(e) => setOwnerId(e.target.value)}
        />
        <TextField
          select
          size="small"
          label="상태"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">전체</MenuItem>
          <MenuItem value="Active">사용 중</MenuItem>
          <MenuItem value="Trashed">휴지통</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="date"
          label="만든 날부터"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="만든 날까지"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {designs.error && <Alert severity="error">{(designs.error as Error).message}</Alert>}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {designs.data ? `${designs.data.total.toLocaleString('ko-KR')}개` : ''}
      </Typography>
      {designs.data && (
        <DesignGrid
          designs={designs.data.rows}
          view="table"
          actions={(d) => (
            <Box sx={{ whiteSpace: 'nowrap' }}>
              <Typography component="span" variant="caption" color="text.secondary" sx={{ mr: 1 }}>
                소유자 {d.ownerId} · {d.status === 'Active' ? '사용 중' : `휴지통 ${formatDate(d.trashedAt)}`}
              </Typography>
              {d.status === 'Active' ? (
                <Button
                  size="small"
                  color="error"
                  onClick={() => run(() => designApi.trash(d.id), '휴지통으로 옮겼습니다.')}
                >
                  휴지통
                </Button>
              ) : (
                <Button size="small" onClick={() => run(() => designApi.restore(d.id), '복원했습니다.')}>
                  복원
                </Button>
              )}
              <Button size="small" onClick={() => setTransfer(d)}>
                소유자 변경
              </Button>
            </Box>
          )}
        />
      )}
      <PromptDialog
        open={transfer !== null}
        title="소유자 변경"
        label="새 소유자의 사용자 ID"
        onClose={async (value) => {
          if (transfer && value && /^\d+$/.test(value))
            await run(() => designApi.transfer(transfer.id, Number(value)), '소유자를 바꾸었습니다.');
          setTransfer(null);
        }}
      />
    </PageFrame>
  );
}

/** /dashboard/design-manager/design: designs whose estimation is assigned to me as manager. */
export function DesignManagerDesignsPage() {
  const designs = useDesigns('design-manager/design');
  return (
    <PageFrame title="협력사 디자인 관리">
      {designs.error && <Alert severity="error">{(designs.error as Error).message}</Alert>}
      {designs.data?.rows.length === 0 && (
        <Typography color="text.secondary">
          나에게 배정된 견적의 디자인이 없습니다. 견적 요청 기능이 준비되면 배정된 디자인이 이곳에 나타납니다.
        </Typography>
      )}
      {designs.data && designs.data.rows.length > 0 && (
        <DesignGrid designs={designs.data.rows} view="table" actions={() => null} />
      )}
    </PageFrame>
  );
}
