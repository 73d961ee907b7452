import {
  canAccess,
  type DesignRecord,
  dashboardPath,
  dashboardRoutes,
  dashboardRouteTitles,
  designerPath,
  messages,
} from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PaidPlanNotice } from '../feedback/PaidPlanNotice';
import { HistoryTable } from '../history/HistoryTable';
import { touches, useWrite } from '../kit/useWrite';
import { PermissionsTab } from '../permissions/PermissionsTab';
import { currentUser } from '../session';
import { type CommentRecord, designApi, formatArea, formatDate } from './api';
import { DesignThumbnail } from './DesignThumbnail';
import { Drawing } from './Drawing';

// The estimate screens are their own chunk: most visits to a design never open its 견적 tab.
const DesignBomTab = lazy(() =>
  import('../estimations/DesignBomTab').then((m) => ({ default: m.DesignBomTab })),
);
const DesignEstimatesTab = lazy(() =>
  import('../estimations/DesignEstimatesTab').then((m) => ({ default: m.DesignEstimatesTab })),
);

const tabs = [
  ['overview', '개요'],
  ['plan', '평면도'],
  ['bom', 'BOM 수량'],
  ['estimates', '견적'],
  ['comments', '댓글'],
  ['log', '이력'],
  ['permissions', '권한'],
] as const;
type TabKey = (typeof tabs)[number][0];

function useDocument(id: number) {
  return useQuery({
    queryKey: ['design-document', id, 'now'],
    queryFn: () => designApi.document(id),
  });
}

function Overview({ design }: { design: DesignRecord }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
      <Box sx={{ width: { xs: '100%', md: 360 } }}>
        <DesignThumbnail id={design.id} revision={design.revision} name={design.name} height={260} />
      </Box>
      <Table size="small" sx={{ maxWidth: 480 }}>
        <TableBody>
          {[
            ['이름', design.name],
            ['설명', design.description || '—'],
            ['상태', design.status === 'Active' ? '사용 중' : '휴지통'],
            ['면적', formatArea(design.area)],
            ['방', `${design.roomCount}개`],
            ['리비전', String(design.revision)],
            ['댓글', `${design.commentCount}개`],
            ['공유', `${design.shareCount}명`],
            ['만든 날', formatDate(design.registered)],
            ['수정한 날', formatDate(design.updated)],
          ].map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" sx={{ width: 120 }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

function PlanTab({ design }: { design: DesignRecord }) {
  const doc = useDocument(design.id);
  if (doc.isPending) return <LinearProgress />;
  if (doc.error) return <Alert severity="error">{(doc.error as Error).message}</Alert>;
  return <Drawing document={doc.data} title={design.name} />;
}

function CommentsTab({ design }: { design: DesignRecord }) {
  const write = useWrite();
  const me = currentUser()?.user.id;
  const [body, setBody] = useState('');
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id: number; body: string } | null>(null);
  const comments = useGetList<CommentRecord>('comment', {
    filter: { designId: design.id },
    sort: { field: 'registered', order: 'ASC' },
    pagination: { page: 1, perPage: 1000 },
  });
  const rows = comments.data ?? [];
  const submit = async () => {
    const text = body.trim();
    if (!text) return;
    if (
      await write(
        () => designApi.comment({ designId: design.id, body: text, parentId: replyTo }),
        '댓글을 남겼습니다.',
        touches.comment,
      )
    ) {
      setBody('');
      setReplyTo(null);
    }
  };
  const item = (c: CommentRecord, indent: boolean) => (
    <Box
      key={c.id}
      sx={{ pl: indent ? 4 : 0, py: 1, borderBottom: 1, borderColor: 'divider' }}
      data-testid="comment"
    >
      <Typography variant="subtitle2">
        {c.authorName ?? '알 수 없는 사용자'}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {formatDate(c.registered)}
          {c.updated && !c.deleted ? ' (수정됨)' : ''}
        </Typography>
      </Typography>
      {editing?.id === c.id ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            value={editing.body}
            onChange={(e) => setEditing({ id: c.id, body: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button
            onClick={async () => {
              if (
                await write(
                  () => designApi.editComment(c.id, editing.body),
                  '댓글을 고쳤습니다.',
                  touches.comment,
                )
              )
                setEditing(null);
            }}
          >
            저장
          </Button>
          <Button onClick={() => setEditing(null)}>취소</Button>
        </Stack>
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap', color: c.deleted ? 'text.secondary' : undefined }}>
          {c.body}
        </Typography>
      )}
      {!c.deleted && (
        <Stack direction="row" spacing={1}>
          {!indent && (
            <Button size="small" onClick={() => setReplyTo(c.id)}>
              답글
            </Button>
          )}
          {c.authorId === me && (
            <>
              <Button size="small" onClick={() => setEditing({ id: c.id, body: c.body })}>
                수정
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() =>
                  write(() => designApi.deleteComment(c.id), '댓글을 지웠습니다.', touches.comment)
                }
              >
                삭제
              </Button>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
  return (
    <Stack spacing={2}>
      {comments.error && <Alert severity="error">{(comments.error as Error).message}</Alert>}
      <Box>
        {rows.length === 0 && <Typography color="text.secondary">아직 댓글이 없습니다.</Typography>}
        {rows
          .filter((c) => c.parentId === null)
          .flatMap((c) => [
            item(c, false),
            ...rows.filter((r) => r.parentId === c.id).map((r) => item(r, true)),
          ])}
      </Box>
      <Stack spacing={1}>
        {replyTo !== null && (
          <Typography variant="body2">
            답글 작성 중{' '}
            <Button size="small" onClick={() => setReplyTo(null)}>
              취소
            </Button>
          </Typography>
        )}
        <TextField
          label={replyTo === null ? '댓글' : '답글'}
          multiline
          minRows={2}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Box>
          <Button variant="contained" onClick={submit} disabled={!body.trim()}>
            등록
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}

function ShareTab({ design }: { design: DesignRecord }) {
  const write = useWrite();
  const user = currentUser()?.user;
  const [email, setEmail] = useState('');
  const [permission, setPermission] = useState<'Read' | 'Write'>('Read');
  const mayShare = user && canAccess(dashboardRoutes.shared, user.roles);
  const isOwner = user?.id === design.ownerId || user?.roles.includes('Admin');
  if (!isOwner)
    return (
      <Typography color="text.secondary">디자인의 소유자만 공유와 권한을 관리할 수 있습니다.</Typography>
    );
  return (
    <Stack spacing={3}>
      {mayShare ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            label="공유할 이메일"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            select
            size="small"
            label="권한"
            value={permission}
            onChange={(e) => setPermission(e.target.value as 'Read' | 'Write')}
          >
            <MenuItem value="Read">읽기</MenuItem>
            <MenuItem value="Write">쓰기</MenuItem>
          </TextField>
          <Button
            variant="contained"
            disabled={!email.trim()}
            onClick={async () => {
              if (
                await write(
                  () => designApi.share(design.id, email.trim(), permission),
                  '공유했습니다. 안내 메일을 보냅니다.',
                  touches.share,
                )
              )
                setEmail('');
            }}
          >
            공유
          </Button>
        </Stack>
      ) : (
        <PaidPlanNotice message={messages.shareNotAllowed} />
      )}
      <PermissionsTab objectType="Design" id={design.id} />
    </Stack>
  );
}

/** /dashboard/mydesign/{id}/{tab}: one design's tabs. */
export function DesignDetailPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  const tab = (tabs.some(([key]) => key === params.tab) ? params.tab : 'overview') as TabKey;
  const design = useQuery({ queryKey: ['mydesign', id], queryFn: () => designApi.one(id), enabled: id > 0 });
  if (!(id > 0)) return <Alert severity="error">디자인을 찾을 수 없습니다.</Alert>;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={dashboardRouteTitles['mydesign/:id/:tab?']} />
      <CardContent>
        {design.isPending && <LinearProgress />}
        {design.error && (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {dashboardRouteTitles['mydesign/:id/:tab?']}
            </Typography>
            <Alert severity="error">{(design.error as Error).message}</Alert>
            <Box>
              <Button component={RouterLink} to={`${dashboardPath}/mydesign`}>
                내 디자인으로
              </Button>
            </Box>
          </Stack>
        )}
        {design.data && (
          <>
            <Stack
              direction="row"
              spacing={2}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
            >
              <Typography
                variant="h5"
                component="h1"
                sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {design.data.name}
              </Typography>
              {design.data.status === 'Active' && (
                <Button variant="contained" component={RouterLink} to={`${designerPath}/${id}`}>
                  편집기에서 열기
                </Button>
              )}
            </Stack>
            <Tabs
              value={tab}
              onChange={(_, value) => navigate(`${dashboardPath}/mydesign/${id}/${value}`)}
              variant="scrollable"
              sx={{ mb: 2 }}
            >
              {tabs.map(([key, label]) => (
                <Tab key={key} value={key} label={label} />
              ))}
            </Tabs>
            {tab === 'overview' && <Overview design={design.data} />}
            {tab === 'plan' && <PlanTab design={design.data} />}
            {tab === 'bom' && (
              <Suspense fallback={<LinearProgress />}>
                <DesignBomTab design={design.data} />
              </Suspense>
            )}
            {tab === 'estimates' && (
              <Suspense fallback={<LinearProgress />}>
                <DesignEstimatesTab design={design.data} />
              </Suspense>
            )}
            {tab === 'comments' && <CommentsTab design={design.data} />}
            {tab === 'log' && <HistoryTable objectType="Design" id={design.data.id} />}
            {tab === 'permissions' && <ShareTab design={design.data} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
