import { accountLimits, messages, PasswordChangeSchema } from '@interior/contracts';
import LockResetIcon from '@mui/icons-material/LockReset';
import { PasswordInput, SaveButton, SimpleForm, Toolbar, useNotify } from 'react-admin';
import { showNotice } from '../../feedback/notices';
import { inlineToolbarSx, sectionFormSx } from '../../kit/formStyle';
import { schemaValidator } from '../../kit/validation';
import { adoptRenewedSession } from '../../session';
import { changePassword, formErrorsOf } from './api';

export const passwordMismatch = '새 비밀번호가 일치하지 않습니다.';

function PasswordToolbar() {
  return (
    <Toolbar sx={inlineToolbarSx}>
      <SaveButton label="비밀번호 변경" icon={<LockResetIcon />} />
    </Toolbar>
  );
}

/**
 * PUT /api/user/current/password. The API's policy and sentences (12 to 128 characters, not a
 * common password, not the e-mail address); the confirmation is the page's own check. On success
 * every session of the user has ended and the answer is a new token pair, which the session module
 * adopts here (it reloads the user, so the dashboard renders afresh) and hands to the user's other
 * tabs of this browser, so they keep working; sessions on other devices stay ended.
 */
export function PasswordForm({ email }: { email: string }) {
  const notify = useNotify();
  const validatePassword = schemaValidator(
    PasswordChangeSchema,
    (values) => ({
      currentPassword: values.currentPassword ?? undefined,
      newPassword: values.newPassword ?? undefined,
    }),
    (values) => {
      const errors: Record<string, string> = {};
      const next = typeof values.newPassword === 'string' ? values.newPassword : '';
      if (next && next.trim().toLowerCase() === email.trim().toLowerCase()) {
        errors.newPassword = messages.passwordIsEmail;
      }
      if (values.confirmPassword !== values.newPassword) errors.confirmPassword = passwordMismatch;
      return errors;
    },
  );

  const submit = async (values: Record<string, unknown>) => {
    try {
      const answer = await changePassword(String(values.currentPassword), String(values.newPassword));
      // The app's toast, not react-admin's: adopting the pair reloads the session and the dashboard
      // renders afresh, which would drop a react-admin notification not shown yet.
      showNotice('비밀번호가 변경되었습니다. 다른 기기의 로그인은 모두 종료되었습니다.', 'success');
      await adoptRenewedSession(
        { accessToken: answer.token, refreshToken: answer.refreshToken },
        answer.user.user.id,
      );
      return undefined;
    } catch (error) {
      const { fields, message } = formErrorsOf(error);
      // A wrong current password (or another field's error) shows on its field, once; a toast on
      // top of it would say the same thing again over the fields.
      if (!fields) notify(message, { type: 'error' });
      return fields ?? undefined;
    }
  };

  return (
    <SimpleForm
      warnWhenUnsavedChanges
      record={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
      onSubmit={submit}
      validate={validatePassword}
      toolbar={<PasswordToolbar />}
      // The fields say what is wrong; react-admin's "check the form" toast would cover them.
      disableInvalidFormNotification
      sx={sectionFormSx}
    >
      <PasswordInput
        source="currentPassword"
        label="현재 비밀번호"
        autoComplete="current-password"
        isRequired
        fullWidth
      />
      <PasswordInput
        source="newPassword"
        label="새 비밀번호"
        autoComplete="new-password"
        isRequired
        helperText={`${accountLimits.passwordMin}~${accountLimits.passwordMax}자. 흔한 비밀번호와 이메일 주소는 쓸 수 없습니다.`}
        fullWidth
      />
      <PasswordInput
        source="confirmPassword"
        label="새 비밀번호 확인"
        autoComplete="new-password"
        isRequired
        fullWidth
      />
    </SimpleForm>
  );
}
