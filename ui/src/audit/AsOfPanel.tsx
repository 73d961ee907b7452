import { Alert, Button, Slider, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { recordState } from './api';
import { StateAt } from './StateAt';
import { useRevisionParam } from './useRevisionParam';

/**
 * The record as it was: a revision picked on the slider (or typed), or the revision in force at a
 * moment (Korea time), shown read-only in the record's own layout.
 */
export function AsOfPanel({ type, id, latest }: { type: string; id: number; latest: number }) {
  const [revision, setRevision] = useRevisionParam(latest);
  const [moment, setMoment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const goToMoment = async () => {
    setError(null);
    try {
      setRevision((await recordState(type, id, { at: moment })).revision);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="asof-revision" variant="body2">
          리비전
        </Typography>
        <Slider
          aria-labelledby="asof-revision"
          sx={{ flexGrow: 1, minWidth: 200 }}
          min={0}
          max={latest}
          step={1}
          marks
          value={revision}
          valueLabelDisplay="auto"
          onChange={(_, value) => setRevision(value as number)}
          disabled={latest === 0}
        />
        <TextField
          size="small"
          type="number"
          label="리비전 번호"
          sx={{ width: 120 }}
          value={revision}
          onChange={(event) => {
            const next = Number(event.target.value);
            if (Number.isInteger(next) && next >= 0 && next <= latest) setRevision(next);
          }}
          slotProps={{ htmlInput: { min: 0, max: latest } }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          type="datetime-local"
          label="시점 (한국 시간)"
          value={moment}
          onChange={(event) => setMoment(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
        <Button variant="outlined" disabled={!moment} onClick={goToMoment}>
          이 시점의 모습
        </Button>
      </Stack>
      {error && <Alert severity="warning">{error}</Alert>}
      <StateAt type={type} id={id} revision={revision} />
    </Stack>
  );
}
