import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { type AuditFilterValues, type ExportFormat, type ExportProgress, exportLog } from './api';

/** Hands a file to the browser's downloads. */
function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const formatLabels: Record<ExportFormat, string> = { csv: 'CSV', jsonl: 'JSON Lines' };

/**
 * The filtered log as CSV or JSON Lines. The server streams it page by page; the bar shows the
 * rows and bytes received so far (the log is never counted, so there is no total to show against),
 * and the export can be stopped.
 */
export function ExportButtons({ filter }: { filter: AuditFilterValues }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async (format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(format);
    setError(null);
    setProgress({ bytes: 0, rows: 0, done: false });
    try {
      const blob = await exportLog(format, filter, setProgress, controller.signal);
      download(blob, `audit.${format}`);
    } catch (failure) {
      if (!controller.signal.aborted) setError((failure as Error).message);
      setProgress(null);
    } finally {
      setRunning(null);
    }
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1}>
        {(['csv', 'jsonl'] as const).map((format) => (
          <Button key={format} variant="outlined" disabled={running !== null} onClick={() => start(format)}>
            {formatLabels[format]}로 내보내기
          </Button>
        ))}
        {running && <Button onClick={() => abort.current?.abort()}>내보내기 중지</Button>}
      </Stack>
      {progress && (
        <Box>
          <LinearProgress
            aria-label="내보내기 진행"
            variant={progress.done ? 'determinate' : 'indeterminate'}
            value={100}
          />
          <Typography variant="caption" role="status">
            {progress.done ? '내보내기 완료' : '내보내는 중'}: {progress.rows.toLocaleString('ko-KR')}건,{' '}
            {(progress.bytes / 1024).toLocaleString('ko-KR', { maximumFractionDigits: 1 })} KB
          </Typography>
        </Box>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
