import { EmailChangeSchema, messages, validate } from '@interior/contracts';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { formFailure } from '../account/formFailure';
import { requestEmailChange } from './api';

type Field = 'email' | 'password';

/**
 * 이메일 변경: the new address and the password; the change happens only once the link mailed to
 * the new address is opened (the old address is then told). Nothing here tells whether the new
 * address belongs to someone else: the answer is the same.
 */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const checked = validate(EmailChangeSchema, { email, password });
    if (!checked.ok) {
      setErrors({ email: checked.errors.email, password: checked.errors.password });
      return;
    }
    if (checked.data.email.trim().toLowerCase() === currentEmail.trim().toLowerCase()) {
      setErrors({ email: messages.sameEmail });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await requestEmailChange(checked.data.email, password);
      setOutcome({ ok: true, message: answer.message });
      setPassword('');
    } catch (error) {
      const failure = formFailure(error, ['email', 'password']);
      setErrors(failure.fields);
      if (failure.message) setOutcome({ ok: false, message: failure.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="이메일 변경">
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          지금 이메일 주소: {currentEmail}. 새 주소로 보낸 확인 메일의 링크를 누르면 주소가 바뀌고, 지금
          주소로 변경 안내 메일이 갑니다.
        </Typography>
        <TextField
          id="email-change-email"
          name="email"
          type="email"
          label="새 이메일 주소"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          required
          fullWidth
        />
        <TextField
          id="email-change-password"
          name="password"
          type="password"
          label="현재 비밀번호"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          required
          fullWidth
        />
        {outcome && (
          <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            이메일 변경 요청
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
