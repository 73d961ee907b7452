import { agreementDefinitions, type UserDetail } from '@interior/contracts';
import { FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useNotify } from 'react-admin';
import { setMarketingConsent } from './api';

const marketing = agreementDefinitions.find((a) => a.value === 'Marketing');

/**
 * The optional marketing consent (the one agreement not required): saved as soon as it is switched
 * (PUT /api/user/current/marketing), and shown as the server answered.
 */
export function MarketingSwitch({
  detail,
  onSaved,
}: {
  detail: UserDetail;
  onSaved: (detail: UserDetail) => void;
}) {
  const notify = useNotify();
  const helperId = useId();
  const { mutate, isPending } = useMutation({
    mutationFn: setMarketingConsent,
    onSuccess: (answer) => {
      onSaved(answer);
      notify('저장되었습니다.', { type: 'success' });
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const agreed = detail.agreements.find((a) => a.code === 'Marketing')?.agreed ?? detail.user.marketingAgreed;

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={agreed}
            disabled={isPending}
            onChange={(_, checked) => mutate(checked)}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
        label="마케팅 정보 수신 동의"
      />
      <FormHelperText id={helperId}>{marketing?.description}</FormHelperText>
    </>
  );
}
