import { PasswordSchema, validate } from '@interior/contracts';
import { Alert, Box, Button, Stack } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { withLoading } from '../../feedback/loading';
import { showNotice } from '../../feedback/notices';
import { ApiError, loginPath, resetPassword } from '../../session';
import { AccountCard } from './AccountCard';
import { type FieldErrors, focusFirstError, formFailure, passwordMismatch } from './formFailure';
import { LinkList } from './LinkList';
import { linkPurpose, useLinkToken } from './linkToken';
import { PasswordFields } from './PasswordFields';
import { accountPaths } from './paths';

const order = [
  ['password', 'reset-password'],
  ['passwordConfirmation', 'reset-password-confirmation'],
] as const;

/**
 * /reset-password?token=…: the link of a password-reset mail, and of an invitation (an Admin
 * created the account: the first password is set here). 204 → /login with a notice; a stale or
 * used link (410) or one that is not ours → /expired; the password policy's errors under the field.
 */
export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const [invitation] = useState(() => linkPurpose(token) === 'invitation');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!token) {
    return (
      <AccountCard
        title="비밀번호 재설정"
        intro="비밀번호 재설정 링크가 올바르지 않습니다. 메일로 받은 링크를 다시 열거나, 비밀번호 찾기에서 새 링크를 받아 주세요."
      >
        <LinkList
          links={[
            { to: accountPaths.findPassword, text: '비밀번호 찾기' },
            { to: loginPath, text: '로그인' },
          ]}
        />
      </AccountCard>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = validate(PasswordSchema, password);
    const found: FieldErrors = {};
    if (!checked.ok) found.password = checked.message;
    if (confirmation !== password) found.passwordConfirmation = passwordMismatch;
    if (!checked.ok || found.passwordConfirmation) {
      setErrors(found);
      focusFirstError(found, order);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await withLoading(resetPassword(token, checked.data));
      showNotice(
        invitation
          ? '비밀번호가 설정되었습니다. 새 비밀번호로 로그인해 주세요.'
          : '비밀번호가 변경되었습니다. 새 비밀번호로 로그인해 주세요.',
        'success',
      );
      navigate(loginPath, { replace: true });
    } catch (error) {
      const linkUnusable =
        error instanceof ApiError &&
        (error.status === 410 || (error.status === 400 && Boolean(error.body?.errors?.token)));
      if (linkUnusable) {
        navigate(accountPaths.expired, { replace: true });
        return;
      }
      const result = formFailure(error, ['password']);
      setErrors(result.fields);
      setFailure(result.message);
      focusFirstError(result.fields, order);
      setSubmitting(false);
    }
  };

  return (
    <AccountCard
      title={invitation ? '비밀번호 설정' : '비밀번호 재설정'}
      intro={
        invitation
          ? '계정에서 사용할 비밀번호를 정해 주세요. 비밀번호를 정하면 바로 로그인할 수 있습니다.'
          : '새로 사용할 비밀번호를 입력해 주세요.'
      }
    >
      <Box component="form" id="reset-password-form" noValidate onSubmit={submit} aria-label="비밀번호 설정">
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordFields
            idPrefix="reset"
            label="새 비밀번호"
            password={password}
            confirmation={confirmation}
            onPasswordChange={(value) => {
              setPassword(value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            onConfirmationChange={(value) => {
              setConfirmation(value);
              setErrors((current) => ({ ...current, passwordConfirmation: undefined }));
            }}
            passwordError={errors.password}
            confirmationError={errors.passwordConfirmation}
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            비밀번호 설정
          </Button>
        </Stack>
      </Box>
    </AccountCard>
  );
}
