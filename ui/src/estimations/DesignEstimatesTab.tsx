import {
  canAccess,
  type DesignRecord,
  dashboardPath,
  dashboardRoutes,
  type EstimationRecord,
  messages,
  stepApplies,
} from '@interior/contracts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../designs/api';
import { PaidPlanNotice } from '../feedback/PaidPlanNotice';
import { HistoryTable } from '../history/HistoryTable';
import { touches, useWrite } from '../kit/useWrite';
import { currentUser } from '../session';
import { estimationApi, formatWon } from './api';
import { ReasonDialog, StateChip } from './EstimationParts';
import { QuoteView } from './QuoteView';
import { RequestEstimation } from './RequestEstimation';

/** PersonalFree alone may not ask for estimates; the server refuses it too. */
const onlyFree = (roles: readonly string[]) => roles.length > 0 && roles.every((r) => r === 'PersonalFree');

/** One estimation of the design as its requester follows it: the quote to answer, then the order. */
function EstimationCard({ estimation: e, requester }: { estimation: EstimationRecord; requester: boolean }) {
  const write = useWrite();
  const [accepting, setAccepting] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [history, setHistory] = useState(false);
  const staff = canAccess(dashboardRoutes['estimation/:id'], currentUser()?.user.roles ?? []);
  return (
    <Card variant="outlined" data-testid="design-estimation">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="h6" component="h2">
              {e.estimateNumber}
            </Typography>
            <StateChip state={e.state} />
            <Typography variant="body2" color="text.secondary">
              {formatDate(e.registered)} 요청
              {e.managerName ? ` · 담당 ${e.managerName}` : ''}
              {e.designerName ? ` · 디자이너 ${e.designerName}` : ''}
            </Typography>
            {staff && (
              <Button
                size="small"
                component={RouterLink}
                to={`${dashboardPath}/estimation/${e.id}`}
                sx={{ ml: 'auto' }}
              >
                견적 상세
              </Button>
            )}
          </Stack>
          {e.note && <Typography variant="body2">요청 메모: {e.note}</Typography>}
          {e.orderNumber && (
            <Alert severity="success" data-testid="order-number">
              {e.state === 'Completed' ? '시공이 완료되었습니다.' : '주문이 접수되었습니다.'} 주문 번호{' '}
              <strong>{e.orderNumber}</strong>
            </Alert>
          )}
          {(e.state === 'Requested' || e.state === 'Assigned') && (
            <Typography color="text.secondary">
              {e.state === 'Requested'
                ? '담당자를 배정하고 있습니다. 견적서가 발행되면 메일로 알려 드립니다.'
                : '담당 디자이너가 견적을 작성하고 있습니다. 견적서가 발행되면 메일로 알려 드립니다.'}
            </Typography>
          )}
          {e.state === 'Rejected' && (
            <Alert severity="info">
              견적을 거절했습니다{e.rejectReason ? ` (사유: ${e.rejectReason})` : ''}. 담당자가 새 견적서를
              발행할 수 있습니다.
            </Alert>
          )}
          {e.state === 'Expired' && (
            <Alert severity="warning">유효기한이 지나 견적서가 만료되었습니다.</Alert>
          )}
          {e.quoteRevision > 0 && <QuoteView estimation={e} />}
          <Stack direction="row" spacing={1}>
            {requester && (
              <>
                {stepApplies('accept', e.state) && (
                  <Button variant="contained" onClick={() => setAccepting(true)}>
                    견적 수락
                  </Button>
                )}
                {stepApplies('reject', e.state) && (
                  <Button variant="outlined" color="warning" onClick={() => setRejecting(true)}>
                    견적 거절
                  </Button>
                )}
                {stepApplies('cancel', e.state) && (
                  <Button color="error" onClick={() => setCancelling(true)}>
                    요청 취소
                  </Button>
                )}
              </>
            )}
            <Button onClick={() => setHistory(!history)}>{history ? '이력 닫기' : '이력 보기'}</Button>
          </Stack>
          {history && <HistoryTable objectType="Estimation" id={e.id} />}
        </Stack>
      </CardContent>
      <Dialog open={accepting} onClose={() => setAccepting(false)} fullWidth maxWidth="xs">
        <DialogTitle>견적 수락</DialogTitle>
        <DialogContent>
          <DialogContentText>
            리비전 {e.quoteRevision} 견적서(합계 {formatWon(e.quotedTotal)})를 수락하면 주문이 접수되고 주문
            번호가 발급됩니다. 수락할까요?
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAccepting(false)}>닫기</Button>
          <Button
            variant="contained"
            onClick={async () => {
              setAccepting(false);
              await write(
                () => estimationApi.accept(e.id, e.quoteRevision),
                '견적을 수락했습니다. 주문이 접수되었습니다.',
                touches.estimation,
              );
            }}
          >
            수락하고 주문
          </Button>
        </DialogActions>
      </Dialog>
      <ReasonDialog
        open={rejecting}
        title="견적 거절"
        label="거절 사유"
        required
        confirm="거절"
        onClose={async (reason) => {
          setRejecting(false);
          if (reason)
            await write(() => estimationApi.reject(e.id, reason), '견적을 거절했습니다.', touches.estimation);
        }}
      />
      <ReasonDialog
        open={cancelling}
        title="견적 요청 취소"
        label="취소 사유 (선택)"
        required={false}
        confirm="요청 취소"
        onClose={async (reason) => {
          setCancelling(false);
          if (reason !== null)
            await write(
              () => estimationApi.cancel(e.id, reason),
              '견적 요청을 취소했습니다.',
              touches.estimation,
            );
        }}
      />
    </Card>
  );
}

/**
 * The design's 견적 tab (docs/estimations.md): its owner asks for an estimate from the design as
 * it is now, then reads each issued 견적서 (on screen or as a PDF), accepts it (an order with its
 * number) or rejects it with a reason. Others who may read the design see its estimations.
 */
export function DesignEstimatesTab({ design }: { design: DesignRecord }) {
  const user = currentUser()?.user;
  const owner = user?.id === design.ownerId;
  const estimations = useQuery({
    queryKey: ['design-estimations', design.id],
    queryFn: () => estimationApi.ofDesign(design.id),
  });
  return (
    <Stack spacing={2}>
      {owner &&
        (onlyFree(user?.roles ?? []) ? (
          <PaidPlanNotice message={messages.estimationFreePlanRefused} />
        ) : (
          <RequestEstimation design={design} estimations={estimations.data} />
        ))}
      {estimations.isPending && <LinearProgress />}
      {estimations.error && <Alert severity="error">{(estimations.error as Error).message}</Alert>}
      {estimations.data?.length === 0 && (
        <Typography color="text.secondary">이 디자인에는 아직 견적이 없습니다.</Typography>
      )}
      {(estimations.data ?? []).map((e) => (
        <EstimationCard key={e.id} estimation={e} requester={user?.id === e.requesterId} />
      ))}
    </Stack>
  );
}
