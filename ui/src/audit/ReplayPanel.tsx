import { Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { DiffView } from './DiffView';
import { StateAt } from './StateAt';
import { useRevisionParam } from './useRevisionParam';

/** Whether a key press belongs to a field being typed in, not to the replay. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The record's events one at a time from its first: each step shows what the event changed and the
 * record after it. ← and → (or the buttons) step back and forth.
 */
export function ReplayPanel({ type, id, latest }: { type: string; id: number; latest: number }) {
  const [step, setStep] = useRevisionParam(latest);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft' && step > 0) setStep(step - 1);
      else if (event.key === 'ArrowRight' && step < latest) setStep(step + 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, latest, setStep]);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" disabled={step === 0} onClick={() => setStep(step - 1)}>
          ← 이전
        </Button>
        <Typography role="status" data-testid="replay-step">
          {step + 1} / {latest + 1}번째 이벤트
        </Typography>
        <Button variant="outlined" disabled={step === latest} onClick={() => setStep(step + 1)}>
          다음 →
        </Button>
        <Typography variant="caption" color="text.secondary">
          키보드 ←/→로도 넘길 수 있습니다.
        </Typography>
      </Stack>
      {step > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            이 이벤트로 바뀐 점
          </Typography>
          <DiffView type={type} id={id} from={step - 1} to={step} />
        </>
      )}
      <Typography variant="subtitle2" component="h3">
        이벤트 후의 모습
      </Typography>
      <StateAt type={type} id={id} revision={step} />
    </Stack>
  );
}
