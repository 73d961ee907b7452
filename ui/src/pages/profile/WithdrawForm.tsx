import { CloseAccountSchema, validate } from '@interior/contracts';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { withLoading } from '../../feedback/loading';
import { accountClosedState } from '../account/AccountClosedPage';
import { formFailure } from '../account/formFailure';
import { accountPaths } from '../account/paths';
import { withdraw } from './api';

/**
 * 회원 탈퇴: the password and an explicit confirmation, then the account is erased (its personal
 * data becomes unreadable everywhere) and every session ends; the user lands on /account-closed.
 */
export function WithdrawForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(CloseAccountSchema, { password });
    if (!checked.ok) {
      setPasswordError(checked.errors.password);
      return;
    }
    setPasswordError(undefined);
    setBusy(true);
    try {
      await withLoading(withdraw(password));
      // The public page ends the session once it shows (accountClosedState): ended here, the
      // dashboard could still be on screen while that page's code loads, and send the user to
      // the sign-in page instead.
      navigate(accountPaths.accountClosed, { replace: true, state: accountClosedState });
    } catch (error) {
      const result = formFailure(error, ['password']);
      setPasswordError(result.fields.password);
      setFailure(result.message);
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="회원 탈퇴">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          탈퇴하면 계정과 개인정보(이름, 이메일, 휴대전화 번호, 사진, 사업자 정보)가 모두 파기되어 되돌릴 수
          없습니다. 모든 기기에서 로그아웃됩니다.
        </Typography>
        <TextField
          id="withdraw-password"
          name="password"
          type="password"
          label="비밀번호 확인"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(passwordError)}
          helperText={passwordError}
          required
          fullWidth
        />
        <FormControlLabel
          control={
            <Checkbox
              id="withdraw-confirm"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
            />
          }
          label="위 내용을 확인했으며 탈퇴에 동의합니다."
        />
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" color="error" disabled={busy || !confirmed}>
            회원 탈퇴
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
