import { csvDocument, inputFields, type ResourceDeclaration } from '@interior/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useNotify, useRefresh } from 'react-admin';
import { saveCsv } from '../../export/csv';
import { apiJson } from '../../session';

interface ImportRow {
  line: number;
  fields: Record<string, unknown>;
  errors: Record<string, string>;
}
interface ImportAnswer {
  rows: ImportRow[];
  valid: boolean;
  created: number[];
}

/** Fields a CSV cannot carry (files, structured data): left out of the template. */
const importable = (resource: ResourceDeclaration) =>
  inputFields(resource).filter(([, spec]) => spec.kind !== 'file' && spec.kind !== 'json');

/** The template: the Korean labels as the header row, by the platform's one CSV writer. */
function downloadTemplate(resource: ResourceDeclaration) {
  saveCsv(
    csvDocument(
      importable(resource).map(([, spec]) => spec.label),
      [],
    ),
    `${resource.label}-양식`,
  );
}

/**
 * "CSV 가져오기" on the product and material lists (docs/catalogue.md "CSV import"): pick a file,
 * see every row with its Korean errors before anything is written, then create them all at once
 * (or none). Shown to those who may create records of the type.
 */
export function CsvImportButton({ resource }: { resource: ResourceDeclaration }) {
  const { canAccess } = useCanAccess({ resource: resource.name, action: 'create' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  const labels = Object.fromEntries(inputFields(resource).map(([name, spec]) => [name, spec.label]));
  const send = (text: string, commit: boolean) =>
    apiJson<ImportAnswer>(`/api/${resource.name}/import`, { method: 'POST', json: { csv: text, commit } });
  const close = () => {
    setOpen(false);
    setCsv(null);
    setPreview(null);
    setError(null);
  };
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setPreview(null);
    try {
      const text = await file.text();
      setCsv({ name: file.name, text });
      setPreview(await send(text, false));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const commit = async () => {
    if (!csv) return;
    setBusy(true);
    try {
      const done = await send(csv.text, true);
      notify(`${done.created.length.toLocaleString('ko-KR')}개를 가져왔습니다.`, { type: 'success' });
      close();
      refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const invalid = preview?.rows.filter((row) => Object.keys(row.errors).length > 0) ?? [];
  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        CSV 가져오기
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md">
        <DialogTitle>{resource.label} CSV 가져오기</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              첫 줄은 열 이름(예:{' '}
              {importable(resource)
                .slice(0, 4)
                .map(([, spec]) => spec.label)
                .join(', ')}
              )입니다. 브랜드·BOM은 이름이나 코드로, 카테고리는 “가구 &gt; 소파”처럼 경로로 적습니다. 모든
              행에 오류가 없을 때만 한꺼번에 가져옵니다.
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" component="label" disabled={busy}>
                CSV 파일 선택
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="CSV 파일"
                  onChange={(e) => pick(e.target.files?.[0])}
                />
              </Button>
              <Button onClick={() => downloadTemplate(resource)}>양식 내려받기</Button>
            </Stack>
            {busy && <LinearProgress />}
            {error && <Alert severity="error">{error}</Alert>}
            {csv && preview && (
              <Alert severity={invalid.length ? 'warning' : 'success'} data-testid="import-summary">
                {csv.name}: {preview.rows.length.toLocaleString('ko-KR')}행
                {invalid.length
                  ? ` 중 ${invalid.length.toLocaleString('ko-KR')}행에 오류가 있습니다. 고친 뒤 다시 선택해 주세요.`
                  : ', 모두 가져올 수 있습니다.'}
              </Alert>
            )}
            {preview && (
              <Box
                sx={{ overflowX: 'auto', maxHeight: 360 }}
                tabIndex={0}
                role="region"
                aria-label="가져올 행"
              >
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      <TableCell>행</TableCell>
                      <TableCell>이름</TableCell>
                      <TableCell>코드</TableCell>
                      <TableCell>확인 결과</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.rows.map((row) => {
                      const problems = Object.entries(row.errors);
                      return (
                        <TableRow
                          key={row.line}
                          data-testid="import-row"
                          sx={problems.length ? { bgcolor: 'action.hover' } : {}}
                        >
                          <TableCell>{row.line}</TableCell>
                          <TableCell>{String(row.fields.name ?? '')}</TableCell>
                          <TableCell>{String(row.fields.code ?? '')}</TableCell>
                          <TableCell>
                            {problems.length === 0 ? (
                              <Typography variant="body2" color="success.main">
                                가져올 수 있음
                              </Typography>
                            ) : (
                              problems.map(([field, message]) => (
                                <Typography key={field} variant="body2" color="error">
                                  {labels[field] ? `${labels[field]}: ` : ''}
                                  {message}
                                </Typography>
                              ))
                            )}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>닫기</Button>
          <Button variant="contained" disabled={busy || !preview || invalid.length > 0} onClick={commit}>
            {preview && invalid.length === 0
              ? `${preview.rows.length.toLocaleString('ko-KR')}개 가져오기`
              : '가져오기'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
