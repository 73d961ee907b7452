import { EmailBodySchema, validate } from '@interior/contracts';
import { Alert, Box, Button, Stack } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { withLoading } from '../../feedback/loading';
import { TextField } from '../TextField';
import { formFailure } from './formFailure';

/**
 * One e-mail field and a button, for the requests that mail a link (password recovery,
 * verification resend). The API answers alike whether or not the address is registered, so the
 * only failures are a malformed address, too many requests (429) and the network.
 */
export function EmailRequestForm({
  idPrefix,
  label,
  buttonText,
  initialEmail = '',
  send,
  onSent,
}: {
  idPrefix: string;
  /** The form's accessible name. */
  label: string;
  buttonText: string;
  initialEmail?: string;
  send(email: string): Promise<void>;
  onSent(): void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailId = `${idPrefix}-email`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(EmailBodySchema, { email });
    if (!checked.ok) {
      setFieldError(checked.errors.email ?? checked.message);
      document.getElementById(emailId)?.focus();
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      await withLoading(send(checked.data.email));
      onSent();
    } catch (error) {
      const result = formFailure(error, ['email']);
      setFieldError(result.fields.email);
      setFailure(result.message);
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" id={`${idPrefix}-form`} noValidate onSubmit={submit} aria-label={label}>
      <Stack spacing={2}>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          id={emailId}
          name="email"
          type="email"
          label="이메일"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(undefined);
          }}
          error={Boolean(fieldError)}
          helperText={fieldError}
          required
          fullWidth
          autoFocus
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
          {buttonText}
        </Button>
      </Stack>
    </Box>
  );
}
