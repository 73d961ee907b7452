import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageFrame } from '../kit/PageFrame';
import { apiFetch, apiJson } from '../session';

interface ReadModel {
  name: string;
  version: number;
  codeVersion: number;
  generation: number;
  position: string | null;
  lag: number | null;
  building: { generation: number; position: string | null; lag: number | null } | null;
}

type Progress =
  | {
      generation: number;
      position: string | null;
      remaining: number | null;
      eventsPerSecond: number | null;
      eta: number | null;
    }
  | { switched: true; generation: number }
  | { switched: false; generation: number; replaced: true }
  | { building: false; generation: number | null; position: string | null };

type Difference =
  | { table: string; kind: 'rowCount'; readModel: number; log: number }
  | {
      table: string;
      kind: 'row';
      key: object;
      fields: string[];
      readModel: object | null;
      log: object | null;
    };

interface VerifyReport {
  rows: number;
  checked: number;
  differences: Difference[];
}

const count = (n: number | null | undefined) => (n == null ? '—' : n.toLocaleString('ko-KR'));

function seconds(eta: number | null): string {
  if (eta === null) return '계산 중';
  if (eta < 60) return `약 ${eta}초`;
  return `약 ${Math.floor(eta / 60)}분 ${eta % 60}초`;
}

/**
 * A rebuild's progress, read from the server's event stream. The browser's EventSource cannot
 * send the session's bearer token, so the stream is read through the API's own fetch; the server
 * writes only `data:` lines, one event per blank-line-separated block.
 */
async function followRebuild(name: string, onProgress: (progress: Progress) => void): Promise<void> {
  const response = await apiFetch(`/api/readmodel/${encodeURIComponent(name)}/rebuild`, {
    headers: { Accept: 'text/event-stream' },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += value;
    const blocks = buffered.split('\n\n');
    buffered = blocks.pop() ?? '';
    for (const block of blocks) {
      if (block.startsWith('data: ')) onProgress(JSON.parse(block.slice('data: '.length)) as Progress);
    }
  }
}

function ProgressLine({ progress }: { progress: Progress }) {
  if ('switched' in progress) {
    return progress.switched ? (
      <Alert severity="success">재구성이 끝나 새 세대 {progress.generation}(으)로 전환했습니다.</Alert>
    ) : (
      <Alert severity="warning">다른 재구성이 이 재구성을 대신했습니다.</Alert>
    );
  }
  if ('building' in progress) return <Typography variant="body2">진행 중인 재구성이 없습니다.</Typography>;
  return (
    <Box role="status" aria-label="재구성 진행">
      <LinearProgress variant={progress.remaining === 0 ? 'indeterminate' : 'query'} />
      <Typography variant="body2">
        세대 {progress.generation} 구성 중 · 처리 속도 {count(progress.eventsPerSecond)} 이벤트/초 · 남은
        이벤트 {count(progress.remaining)} · 남은 시간{' '}
        {progress.remaining === 0 ? '색인 만드는 중' : seconds(progress.eta)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        위치 {progress.position ?? '처음'}
      </Typography>
    </Box>
  );
}

function Differences({ report }: { report: VerifyReport }) {
  return (
    <Stack spacing={1}>
      <Alert severity={report.differences.length ? 'error' : 'success'}>
        행 {count(report.rows)}개, 그중 {count(report.checked)}개를 로그의 결과와 비교했습니다.{' '}
        {report.differences.length ? `차이 ${report.differences.length}건을 찾았습니다.` : '차이가 없습니다.'}
      </Alert>
      {report.differences.length > 0 && (
        <Table size="small" aria-label="검증 결과">
          <TableHead>
            <TableRow>
              <TableCell>표</TableCell>
              <TableCell>차이</TableCell>
              <TableCell>읽기 모델</TableCell>
              <TableCell>로그로 만든 값</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.differences.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the report is a fixed list shown once
              <TableRow key={i}>
                <TableCell>{d.table}</TableCell>
                {d.kind === 'rowCount' ? (
                  <>
                    <TableCell>행 수</TableCell>
                    <TableCell>{count(d.readModel)}</TableCell>
                    <TableCell>{count(d.log)}</TableCell>
                  </>
                ) : (
                  <>
                    <TableCell>
                      {JSON.stringify(d.key)}{' '}
                      {d.readModel === null
                        ? '행 없음'
                        : d.log === null
                          ? '로그에 없는 행'
                          : `필드 ${d.fields.join(', ')}`}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {JSON.stringify(pick(d.readModel, d.fields))}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {JSON.stringify(pick(d.log, d.fields))}
                    </TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** The differing fields of a row, or the whole row when the other side has none. */
function pick(row: object | null, fields: string[]): object | null {
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([field]) => fields.includes(field)));
}

function ReadModelRow({ model }: { model: ReadModel }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['readmodels'] });
  const follow = () =>
    followRebuild(model.name, setProgress)
      .catch((error: Error) => setFailure(error.message))
      .finally(() => void refresh());
  const rebuild = useMutation({
    mutationFn: () => apiJson(`/api/readmodel/${encodeURIComponent(model.name)}/rebuild`, { method: 'POST' }),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      void follow();
      void refresh();
    },
    onError: (error: Error) => setFailure(error.message),
  });
  const verify = useMutation({
    mutationFn: () =>
      apiJson<VerifyReport>(`/api/readmodel/${encodeURIComponent(model.name)}/verify`, { method: 'POST' }),
    onMutate: () => setFailure(null),
    onError: (error: Error) => setFailure(error.message),
  });
  const running = progress !== null && !('switched' in progress) && !('building' in progress);
  return (
    <>
      <TableRow>
        <TableCell component="th" scope="row">
          {model.name}
        </TableCell>
        <TableCell>{model.version}</TableCell>
        <TableCell>{model.generation}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace' }}>{model.position ?? '—'}</TableCell>
        <TableCell>{count(model.lag)}</TableCell>
        <TableCell>
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="outlined"
              disabled={rebuild.isPending || running}
              onClick={() => rebuild.mutate()}
            >
              재구성
            </Button>
            {model.building && !running && (
              <Button size="small" onClick={() => void follow()}>
                진행 보기
              </Button>
            )}
            <Button size="small" disabled={verify.isPending} onClick={() => verify.mutate()}>
              {verify.isPending ? '검증 중…' : '검증'}
            </Button>
          </Stack>
        </TableCell>
      </TableRow>
      {(progress || verify.data || failure) && (
        <TableRow>
          <TableCell colSpan={6}>
            <Stack spacing={1}>
              {failure && <Alert severity="error">{failure}</Alert>}
              {progress && <ProgressLine progress={progress} />}
              {verify.data && <Differences report={verify.data} />}
            </Stack>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * 읽기 모델: every read model with its version, live generation, position in the log and lag; a
 * blue/green rebuild with its live progress, and a check against a fold of the log.
 */
export function ReadModelsPage() {
  const list = useQuery({
    queryKey: ['readmodels'],
    queryFn: () => apiJson<ReadModel[]>('/api/readmodel'),
    refetchInterval: 5_000,
  });
  return (
    <PageFrame title="읽기 모델">
      <Typography variant="body2" color="text.secondary" gutterBottom>
        지연은 읽기 모델이 아직 반영하지 않은 로그의 이벤트 수입니다. 재구성하는 동안에도 지금의 세대가 계속
        응답하고, 새 세대가 따라잡으면 바뀝니다.
      </Typography>
      {list.error && <Alert severity="error">{list.error.message}</Alert>}
      {list.isPending ? (
        <LinearProgress />
      ) : (
        <Table size="small" aria-label="읽기 모델">
          <TableHead>
            <TableRow>
              <TableCell>이름</TableCell>
              <TableCell>버전</TableCell>
              <TableCell>세대</TableCell>
              <TableCell>위치</TableCell>
              <TableCell>지연(이벤트)</TableCell>
              <TableCell>작업</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data?.map((model) => (
              <ReadModelRow key={model.name} model={model} />
            ))}
          </TableBody>
        </Table>
      )}
    </PageFrame>
  );
}
