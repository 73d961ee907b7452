import { designerPath } from '@interior/contracts';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router';
import { designApi } from '../../designs/api';

/** 이 평면도로 시작: a new design of mine with the template's document, opened in the editor. */
export function StartFromPlan() {
  const record = useRecordContext<{ id: number; name: string }>();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const start = async () => {
    setBusy(true);
    try {
      const design = await designApi.create({ name: record.name.slice(0, 100), planId: record.id });
      navigate(`${designerPath}/${design.id}`);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Button variant="contained" disabled={busy} onClick={start} sx={{ mt: 1 }}>
      이 평면도로 시작
    </Button>
  );
}
