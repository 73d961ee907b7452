import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { DiffView } from './DiffView';

/** Revisions 0 … latest as the pickers offer them. */
const revisionsUpTo = (latest: number) => Array.from({ length: latest + 1 }, (_, revision) => revision);

/** What changed between any two revisions of the record: field by field, lines, drawing elements. */
export function ComparePanel({ type, id, latest }: { type: string; id: number; latest: number }) {
  const [from, setFrom] = useState(Math.max(latest - 1, 0));
  const [to, setTo] = useState(latest);
  const picker = (label: string, value: number, set: (revision: number) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 140 }}
      onChange={(event) => set(Number(event.target.value))}
    >
      {revisionsUpTo(latest).map((revision) => (
        <MenuItem key={revision} value={revision}>
          리비전 {revision}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {picker('이전 리비전', from, setFrom)}
        <Typography aria-hidden>→</Typography>
        {picker('이후 리비전', to, setTo)}
      </Stack>
      <DiffView type={type} id={id} from={from} to={to} />
    </Stack>
  );
}
