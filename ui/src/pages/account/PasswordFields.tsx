import { accountLimits } from '@interior/contracts';
import { Stack, Typography } from '@mui/material';
import { TextField } from '../TextField';

/**
 * The password policy in the user's words (contracts PasswordSchema, after NIST SP 800-63B):
 * length over composition, no character-class rules.
 */
export const passwordHint = `${accountLimits.passwordMin}자 이상 ${accountLimits.passwordMax}자 이하로 입력해 주세요. 문자 종류를 섞는 것보다 길게 만드는 것이 더 안전하며, 띄어쓰기를 넣은 문장도 쓸 수 있습니다. 흔한 비밀번호와 이메일 주소는 쓸 수 없습니다.`;

/**
 * A new password and its confirmation. The policy hint stays under the password field whether or
 * not it has an error, and the field is described by both (aria-describedby).
 */
export function PasswordFields({
  idPrefix,
  label = '비밀번호',
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordError,
  confirmationError,
  autoFocus = false,
}: {
  idPrefix: string;
  label?: string;
  password: string;
  confirmation: string;
  onPasswordChange(value: string): void;
  onConfirmationChange(value: string): void;
  passwordError?: string | undefined;
  confirmationError?: string | undefined;
  autoFocus?: boolean;
}) {
  const passwordId = `${idPrefix}-password`;
  const hintId = `${passwordId}-hint`;
  const describedBy = passwordError ? `${passwordId}-helper-text ${hintId}` : hintId;
  return (
    <Stack spacing={2}>
      <div>
        <TextField
          id={passwordId}
          name="password"
          type="password"
          label={label}
          autoComplete="new-password"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          error={Boolean(passwordError)}
          helperText={passwordError}
          required
          fullWidth
          autoFocus={autoFocus}
          slotProps={{ htmlInput: { 'aria-describedby': describedBy, maxLength: accountLimits.passwordMax } }}
        />
        <Typography
          id={hintId}
          variant="caption"
          component="p"
          color="text.secondary"
          sx={{ mt: 0.5, mx: 1.75 }}
        >
          {passwordHint}
        </Typography>
      </div>
      <TextField
        id={`${idPrefix}-password-confirmation`}
        name="passwordConfirmation"
        type="password"
        label={`${label} 확인`}
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.target.value)}
        error={Boolean(confirmationError)}
        helperText={confirmationError}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: accountLimits.passwordMax } }}
      />
    </Stack>
  );
}
