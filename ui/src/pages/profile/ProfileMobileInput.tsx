import { useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { type MobileErrors, MobileVerification, phoneDigits } from '../account/MobileVerification';

/** Whether the number in the form differs from the one the account holds (blank keeps it). */
export const mobileChanged = (value: unknown, saved: string | null) => {
  const digits = phoneDigits(typeof value === 'string' ? value : '');
  return digits !== '' && digits !== (saved ?? '');
};

/**
 * A field error's text: react-admin keeps a form-level validation error as `{ message, args }` and a
 * save's refusal as a string.
 */
function errorText(message: unknown): string | undefined {
  if (typeof message === 'string') return message || undefined;
  if (message && typeof message === 'object' && 'message' in message) return errorText(message.message);
  return undefined;
}

/** What MobileVerification said about the fields since the last save attempt (null: no error). */
interface LocalErrors {
  submits: number;
  errors: { mobile?: string | null; code?: string | null };
}

/**
 * The profile's mobile number as form inputs (`mobile`, `code`): the sign-up's MobileVerification,
 * asking for the SMS code only once the number differs from the verified one. The form sends the
 * code with the new number, and the API uses it up with the change.
 *
 * Errors: the form's own (validation, the API's answer to a save) unless MobileVerification said
 * otherwise since the last save (a code sent, checked or refused).
 */
export function ProfileMobileInput({ saved }: { saved: string | null }) {
  const mobile = useInput<string>({ source: 'mobile' });
  const code = useInput<string>({ source: 'code', defaultValue: '' });
  const translate = useTranslate();
  const formError = (message: unknown) => {
    const text = errorText(message);
    return text ? translate(text, { _: text }) : undefined;
  };
  const submits = mobile.formState.submitCount;
  const [local, setLocal] = useState<LocalErrors>({ submits, errors: {} });
  const override = local.submits === submits ? local.errors : {};
  const shown = (field: 'mobile' | 'code', formError: string | undefined) =>
    field in override ? (override[field] ?? undefined) : formError;
  const errors: MobileErrors = {
    mobile: shown('mobile', formError(mobile.fieldState.error?.message)),
    code: shown('code', formError(code.fieldState.error?.message)),
  };

  return (
    <MobileVerification
      idPrefix="profile"
      mobile={mobile.field.value ?? ''}
      code={code.field.value ?? ''}
      onMobileChange={(value) => mobile.field.onChange(value)}
      onCodeChange={(value) => code.field.onChange(value)}
      errors={errors}
      onErrors={(next) =>
        setLocal({ submits, errors: { mobile: next.mobile ?? null, code: next.code ?? null } })
      }
      codeRequired={mobileChanged(mobile.field.value, saved)}
      required={false}
      hint="숫자만 9~20자리 (예: 01012345678). 번호를 바꾸면 새 번호로 받은 인증번호가 필요합니다."
    />
  );
}
