import {
  type EstimationRecord,
  formatWon,
  KIND_LABELS,
  LINE_KINDS,
  type LineKind,
  lineAmount,
  stepApplies,
  TRADE_ORDER,
  totalsOf,
} from '@interior/contracts';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { formatDate } from '../designs/api';
import { ApiError } from '../session';
import { type DraftLineInput, estimationApi, type VersionedDraft } from './api';
import { DraftLineSources } from './DraftLineSources';
import { EstimateLinesTable, type SheetLine, TotalsBlock } from './EstimateSheet';

/** A line being edited: what the inputs hold as typed, and the line as it prices now. */
interface EditLine extends SheetLine {
  id?: string;
  quantityText: string;
  unitPriceText: string;
}

const MAX_QUANTITY = 1_000_000_000;
const MAX_PRICE = 2_147_483_647;

/** The typed quantity as a number, or null when it is not one the server takes. */
function parseQuantity(text: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) return null;
  const value = Number(text);
  return value <= MAX_QUANTITY ? value : null;
}
/** The typed unit price in whole won (commas allowed), or null. */
function parseWon(text: string): number | null {
  const plain = text.replace(/,/g, '').trim();
  if (!/^\d+$/.test(plain)) return null;
  const value = Number(plain);
  return value <= MAX_PRICE ? value : null;
}

function editLines(draft: VersionedDraft): EditLine[] {
  return draft.lines.map((line) => ({
    ...line,
    key: line.id,
    quantityText: String(line.quantity),
    unitPriceText: String(line.unitPrice),
  }));
}

function priced(line: EditLine): EditLine {
  const quantity = parseQuantity(line.quantityText) ?? line.quantity;
  const unitPrice = parseWon(line.unitPriceText) ?? line.unitPrice;
  return { ...line, quantity, unitPrice, amount: lineAmount(quantity, unitPrice) };
}

const emptyFree = {
  trade: '',
  kind: 'Material' as LineKind,
  name: '',
  spec: '',
  unit: '식',
  quantity: '1',
  unitPrice: '',
};

/** The form that adds a line by hand (a 공종 of the 견적서's list or a new one). */
function AddLineForm({ onAdd }: { onAdd: (line: EditLine) => void }) {
  const [free, setFree] = useState(emptyFree);
  const quantity = parseQuantity(free.quantity);
  const unitPrice = parseWon(free.unitPrice);
  const ready =
    free.trade.trim() && free.name.trim() && free.unit.trim() && quantity !== null && unitPrice !== null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        품목 추가
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
        <Autocomplete
          freeSolo
          options={TRADE_ORDER as string[]}
          inputValue={free.trade}
          onInputChange={(_, value) => setFree({ ...free, trade: value })}
          renderInput={(params) => <TextField {...params} size="small" label="공종" />}
          sx={{ minWidth: 140 }}
        />
        <TextField
          select
          size="small"
          label="구분"
          value={free.kind}
          onChange={(e) => setFree({ ...free, kind: e.target.value as LineKind })}
          sx={{ minWidth: 100 }}
        >
          {LINE_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="품명"
          value={free.name}
          onChange={(e) => setFree({ ...free, name: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          size="small"
          label="규격"
          value={free.spec}
          onChange={(e) => setFree({ ...free, spec: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          size="small"
          label="단위"
          value={free.unit}
          onChange={(e) => setFree({ ...free, unit: e.target.value })}
          sx={{ width: 80 }}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
        <TextField
          size="small"
          label="수량"
          value={free.quantity}
          error={free.quantity !== '' && quantity === null}
          onChange={(e) => setFree({ ...free, quantity: e.target.value })}
          sx={{ width: 100 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          size="small"
          label="단가(원)"
          value={free.unitPrice}
          error={free.unitPrice !== '' && unitPrice === null}
          onChange={(e) => setFree({ ...free, unitPrice: e.target.value })}
          sx={{ width: 130 }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button
          variant="outlined"
          disabled={!ready}
          onClick={() => {
            onAdd(
              priced({
                key: `new-${crypto.randomUUID()}`,
                trade: free.trade.trim(),
                kind: free.kind,
                name: free.name.trim(),
                spec: free.spec.trim(),
                unit: free.unit.trim(),
                quantity: quantity ?? 0,
                unitPrice: unitPrice ?? 0,
                amount: 0,
                sources: [],
                quantityText: free.quantity.trim(),
                unitPriceText: free.unitPrice.replace(/,/g, '').trim(),
              }),
            );
            setFree({ ...emptyFree, trade: free.trade, kind: free.kind });
          }}
        >
          추가
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The estimate editor of an assignee (docs/estimations.md): compute the draft from the design in
 * one click, change quantities and unit prices, add and remove lines, and see the 견적서's totals
 * change as they type (the same totalsOf the server applies); save with If-Match, then issue it
 * as the next quote revision.
 */
export function DraftEditor({ estimation, canWork }: { estimation: EstimationRecord; canWork: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const draft = useQuery({
    queryKey: ['estimation-draft', estimation.id],
    queryFn: () => estimationApi.draft(estimation.id),
  });
  const [lines, setLines] = useState<EditLine[] | null>(null);
  const [version, setVersion] = useState(0);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmingIssue, setConfirmingIssue] = useState(false);
  useEffect(() => {
    if (draft.data) {
      setLines(editLines(draft.data));
      setVersion(draft.data.version);
      setStale(false);
    }
  }, [draft.data]);
  const base = draft.data;
  const dirty = useMemo(() => {
    if (!base || !lines) return false;
    if (base.lines.length !== lines.length) return true;
    return lines.some((line, i) => {
      const before = base.lines[i];
      return (
        !before ||
        before.id !== line.id ||
        before.quantity !== line.quantity ||
        before.unitPrice !== line.unitPrice
      );
    });
  }, [base, lines]);
  const invalid = (lines ?? []).some(
    (line) => parseQuantity(line.quantityText) === null || parseWon(line.unitPriceText) === null,
  );
  const totals = useMemo(() => (lines && base ? totalsOf(lines, base.rates) : null), [lines, base]);
  const editable = canWork && stepApplies('draft', estimation.state);

  const settle = async (next: VersionedDraft, message: string) => {
    queryClient.setQueryData(['estimation-draft', estimation.id], next);
    setLines(editLines(next));
    setVersion(next.version);
    notify(message, { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: ['estimation', estimation.id] });
  };
  const attempt = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) setStale(true);
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const inputs = (): DraftLineInput[] =>
    (lines ?? []).map(({ id, trade, kind, name, spec, unit, quantity, unitPrice }) => ({
      ...(id ? { id } : {}),
      trade,
      kind,
      name,
      spec,
      unit,
      quantity,
      unitPrice,
    }));
  const save = () => estimationApi.saveDraft(estimation.id, version, inputs());
  const compute = () =>
    attempt(async () => {
      if (dirty && !window.confirm('저장하지 않은 수정 내용이 사라집니다. 디자인에서 다시 계산할까요?'))
        return;
      await settle(await estimationApi.compute(estimation.id), '디자인에서 견적 초안을 계산했습니다.');
    });
  const saveDraft = () => attempt(async () => settle(await save(), '견적 초안을 저장했습니다.'));
  const issue = () =>
    attempt(async () => {
      if (dirty) await settle(await save(), '견적 초안을 저장했습니다.');
      const quote = await estimationApi.issue(estimation.id);
      notify(`견적서를 발행했습니다. (리비전 ${quote.revision})`, { type: 'success' });
      await queryClient.invalidateQueries();
    });
  const change = (key: string, patch: Partial<EditLine>) =>
    setLines((current) =>
      (current ?? []).map((line) => (line.key === key ? priced({ ...line, ...patch }) : line)),
    );

  if (draft.isPending) return <LinearProgress aria-label="견적 초안을 불러오는 중" />;
  if (draft.error) return <Alert severity="error">{(draft.error as Error).message}</Alert>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {editable && (
          <Button variant={base ? 'outlined' : 'contained'} disabled={busy} onClick={compute}>
            {base ? '디자인에서 다시 계산' : '견적 계산'}
          </Button>
        )}
        {editable && base && (
          <>
            <Button variant="outlined" disabled={busy || !dirty || invalid} onClick={saveDraft}>
              초안 저장
            </Button>
            <Button
              variant="contained"
              disabled={busy || invalid || (lines?.length ?? 0) === 0}
              onClick={() => setConfirmingIssue(true)}
            >
              견적서 발행
            </Button>
          </>
        )}
        {/* Issuing cannot be undone: it is said, with the total the customer will read. */}
        <Confirm
          isOpen={confirmingIssue}
          title="견적서 발행"
          content={`합계 ${formatWon(totals?.total ?? 0)} (부가가치세 포함)으로 ${estimation.quoteRevision + 1}차 견적서를 발행합니다. 발행한 견적서는 고치거나 취소할 수 없고, 고객에게 메일로 알립니다. 발행할까요?`}
          confirm="발행"
          cancel="닫기"
          onConfirm={() => {
            setConfirmingIssue(false);
            issue();
          }}
          onClose={() => setConfirmingIssue(false)}
        />
        {base && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            디자인 리비전 {base.designRevision} 기준 · {formatDate(base.computed)} 계산
            {dirty ? ' · 저장하지 않은 수정이 있습니다' : ''}
          </Typography>
        )}
      </Stack>
      {busy && <LinearProgress />}
      {!editable && canWork && <Alert severity="info">이 상태에서는 견적 초안을 고칠 수 없습니다.</Alert>}
      {stale && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => draft.refetch()}>
              다시 불러오기
            </Button>
          }
        >
          다른 사용자가 먼저 초안을 고쳤습니다. 다시 불러온 뒤 고쳐 주세요.
        </Alert>
      )}
      {!base && (
        <Typography color="text.secondary">
          {editable
            ? '아직 견적 초안이 없습니다. ‘견적 계산’을 누르면 디자인의 자재·제품·BOM으로 초안을 만듭니다.'
            : '아직 견적 초안이 없습니다.'}
        </Typography>
      )}
      {base && base.problems.length > 0 && (
        <Alert severity="warning">
          <Typography variant="subtitle2">가격을 매기지 못한 부분이 있습니다.</Typography>
          {base.problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}
      {base && lines && (
        <EstimateLinesTable
          lines={lines}
          provenance={(line) => (
            <DraftLineSources
              estimationId={estimation.id}
              computed={base.computed}
              lineId={(line as EditLine).id}
              count={line.sourceCount ?? 0}
            />
          )}
          cells={
            editable
              ? (line) => {
                  const edit = line as EditLine;
                  return {
                    quantity: (
                      <TextField
                        size="small"
                        value={edit.quantityText}
                        error={parseQuantity(edit.quantityText) === null}
                        onChange={(e) => change(line.key, { quantityText: e.target.value })}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'decimal',
                            'aria-label': `${line.name} 수량`,
                            style: { textAlign: 'right' },
                          },
                        }}
                        sx={{ width: 100 }}
                      />
                    ),
                    unitPrice: (
                      <TextField
                        size="small"
                        value={edit.unitPriceText}
                        error={parseWon(edit.unitPriceText) === null}
                        onChange={(e) => change(line.key, { unitPriceText: e.target.value })}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'numeric',
                            'aria-label': `${line.name} 단가`,
                            style: { textAlign: 'right' },
                          },
                        }}
                        sx={{ width: 130 }}
                      />
                    ),
                  };
                }
              : undefined
          }
          actions={
            editable
              ? (line) => (
                  <Tooltip title="품목 삭제">
                    <IconButton
                      size="small"
                      aria-label={`${line.name} 삭제`}
                      onClick={() => setLines((current) => (current ?? []).filter((l) => l.key !== line.key))}
                    >
                      ×
                    </IconButton>
                  </Tooltip>
                )
              : undefined
          }
        />
      )}
      {base && lines && editable && <AddLineForm onAdd={(line) => setLines([...(lines ?? []), line])} />}
      {totals && base && (
        <Box>
          <TotalsBlock totals={totals} rates={base.rates} />
        </Box>
      )}
    </Stack>
  );
}
