import {
  type Agreement,
  accountLimits,
  BusinessSignupSchema,
  messages,
  PersonalSignupSchema,
  validate,
} from '@interior/contracts';
import { Alert, Box, Button, Divider, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { withLoading } from '../../feedback/loading';
import { ApiError, loginPath, type SignupKind, signUp } from '../../session';
import { TextField } from '../TextField';
import { AccountCard } from './AccountCard';
import { type AgreementsState, agreementsFrom } from './agreementChoices';
import { type FieldErrors, focusFirstError, formFailure, passwordMismatch } from './formFailure';
import { type MobileErrors, MobileVerification, phoneDigits } from './MobileVerification';
import { PasswordFields } from './PasswordFields';
import { accountKindLabels, agreementPathFor, mailSentPathFor } from './paths';

/** The form's fields, named as the API names them in its field errors. */
const personalFields = ['email', 'password', 'passwordConfirmation', 'name', 'mobile', 'code'] as const;
const businessFields = [
  'business.registrationNumber',
  'business.representative',
  'business.mobile',
  'business.telephone',
  'business.address',
  'business.industry',
  'business.description',
] as const;
type Field = (typeof personalFields)[number] | (typeof businessFields)[number];
type Values = Record<Field, string>;

const emptyValues = Object.fromEntries(
  [...personalFields, ...businessFields].map((field) => [field, '']),
) as Values;

/** The element id of each field, in the order the form shows them (for focus on errors). */
const fieldIds: Record<Field, string> = {
  email: 'signup-email',
  password: 'signup-password',
  passwordConfirmation: 'signup-password-confirmation',
  name: 'signup-name',
  mobile: 'signup-mobile',
  code: 'signup-code',
  'business.registrationNumber': 'signup-business-registration-number',
  'business.representative': 'signup-business-representative',
  'business.mobile': 'signup-business-mobile',
  'business.telephone': 'signup-business-telephone',
  'business.address': 'signup-business-address',
  'business.industry': 'signup-business-industry',
  'business.description': 'signup-business-description',
};

/** Empty optional fields are left out (the API reads a blank one as "given but blank"). */
const given = (value: string) => (value.trim() ? value : undefined);

/** The request body as the API takes it, before validation. */
function signupInput(kind: SignupKind, values: Values, agreements: Agreement[]) {
  const personal = {
    email: values.email,
    password: values.password,
    name: values.name,
    mobile: phoneDigits(values.mobile),
    code: values.code,
    agreements,
  };
  if (kind === 'personal') return personal;
  return {
    ...personal,
    business: {
      registrationNumber: values['business.registrationNumber'],
      representative: values['business.representative'],
      mobile: phoneDigits(values['business.mobile']),
      telephone: given(phoneDigits(values['business.telephone'])),
      address: given(values['business.address']),
      industry: given(values['business.industry']),
      description: values['business.description'],
    },
  };
}

/** A form that passed the checks: the address to name afterwards, and the call that signs up. */
interface ReadySignup {
  email: string;
  send(): Promise<void>;
}

const signupCodeNeeded = '휴대전화로 인증번호를 받아 입력해 주세요.';

/**
 * The checks the API makes, with its sentences (contracts), plus what only a form can check:
 * the confirmation, and the e-mail address used as the password.
 */
function check(
  kind: SignupKind,
  values: Values,
  agreements: Agreement[],
): { errors: FieldErrors; ready: ReadySignup | null } {
  const input = signupInput(kind, values, agreements);
  let errors: FieldErrors = {};
  let ready: ReadySignup | null = null;
  if (kind === 'business') {
    const checked = validate(BusinessSignupSchema, input);
    if (checked.ok) ready = { email: checked.data.email, send: () => signUp('business', checked.data) };
    else errors = { ...checked.errors };
  } else {
    const checked = validate(PersonalSignupSchema, input);
    if (checked.ok) ready = { email: checked.data.email, send: () => signUp('personal', checked.data) };
    else errors = { ...checked.errors };
  }
  // An empty field is missing, not malformed; a code not yet received is asked for, not judged.
  if (!values.email.trim()) errors.email = messages.required;
  if (!values.code) errors.code = signupCodeNeeded;
  if (!errors.password && values.password.trim().toLowerCase() === values.email.trim().toLowerCase()) {
    errors.password = messages.passwordIsEmail;
  }
  if (values.passwordConfirmation !== values.password) errors.passwordConfirmation = passwordMismatch;
  return { errors, ready: Object.keys(errors).length ? null : ready };
}

/**
 * /signup-personal and /signup-business. Reached from /agreement with the agreements in
 * the router state; without them, back to /agreement. On success the verification mail is on its
 * way: /mail-sent?kind=verify names the address (router state, not the URL).
 */
export function SignupPage({ kind }: { kind: SignupKind }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [agreements] = useState(() => agreementsFrom(location.state));
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!agreements) return <Navigate to={agreementPathFor(kind)} replace />;

  const shownFields: readonly Field[] =
    kind === 'business' ? [...personalFields, ...businessFields] : personalFields;
  const order = shownFields.map((field) => [field, fieldIds[field]] as const);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const text = (field: Field) => ({
    id: fieldIds[field],
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    error: Boolean(errors[field]),
    helperText: errors[field],
    fullWidth: true,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const { errors: found, ready } = check(kind, values, agreements);
    if (!ready) {
      const placed: FieldErrors = {};
      const elsewhere: string[] = [];
      for (const [field, message] of Object.entries(found)) {
        if (shownFields.includes(field as Field)) placed[field] = message;
        else if (message) elsewhere.push(message);
      }
      setErrors(placed);
      // A flaw no field shows (the agreements): said above the form.
      setFailure(elsewhere[0] ?? null);
      focusFirstError(placed, order);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await withLoading(ready.send());
      navigate(mailSentPathFor('verify'), { replace: true, state: { email: ready.email } });
    } catch (error) {
      // The API checks the code first and uses it up only with the account it creates: an address
      // in use leaves the code valid, to sign up with another address.
      const emailInUse = error instanceof ApiError && error.status === 409;
      const result = emailInUse
        ? { message: null, fields: { email: error.body?.message || messages.emailInUse } }
        : formFailure(error, shownFields);
      setFailure(result.message);
      setErrors(result.fields);
      focusFirstError(result.fields, order);
      setSubmitting(false);
    }
  };

  const mobileErrors: MobileErrors = { mobile: errors.mobile, code: errors.code };
  const agreementsState: AgreementsState = { agreements };
  const marketing = agreements.find((a) => a.code === 'Marketing')?.agreed;

  return (
    <AccountCard title={`${accountKindLabels[kind]} 가입`} maxWidth="sm">
      <Box
        component="form"
        id="signup-form"
        noValidate
        onSubmit={submit}
        aria-label={`${accountKindLabels[kind]} 가입`}
      >
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error" role="alert" data-testid="signup-error">
              {failure}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            필수 약관에 동의했습니다 (마케팅 정보 수신 {marketing ? '동의' : '미동의'}).{' '}
            <Link component={RouterLink} to={agreementPathFor(kind)} state={agreementsState}>
              약관 동의 변경
            </Link>
          </Typography>
          <Typography variant="h6" component="h2">
            계정 정보
          </Typography>
          <TextField {...text('email')} type="email" label="이메일" autoComplete="email" required autoFocus />
          <PasswordFields
            idPrefix="signup"
            password={values.password}
            confirmation={values.passwordConfirmation}
            onPasswordChange={set('password')}
            onConfirmationChange={set('passwordConfirmation')}
            passwordError={errors.password}
            confirmationError={errors.passwordConfirmation}
          />
          <TextField
            {...text('name')}
            label="이름"
            autoComplete="name"
            required
            slotProps={{ htmlInput: { maxLength: accountLimits.name } }}
          />
          <MobileVerification
            idPrefix="signup"
            mobile={values.mobile}
            code={values.code}
            onMobileChange={set('mobile')}
            onCodeChange={set('code')}
            errors={mobileErrors}
            onErrors={(next) => setErrors((current) => ({ ...current, ...next }))}
          />
          {kind === 'business' && <BusinessFields text={text} values={values} errors={errors} />}
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            가입하기
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            이미 회원이신가요?{' '}
            <Link component={RouterLink} to={loginPath}>
              로그인
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AccountCard>
  );
}

type TextProps = (field: Field) => {
  id: string;
  name: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
  error: boolean;
  helperText: string | undefined;
  fullWidth: boolean;
};

/**
 * The business profile at sign-up: a 10-digit registration number, the representative and a
 * mobile number required; the description at most 1000 characters.
 */
function BusinessFields({ text, values, errors }: { text: TextProps; values: Values; errors: FieldErrors }) {
  const description = values['business.description'];
  return (
    <>
      <Divider />
      <Typography variant="h6" component="h2">
        사업자 정보
      </Typography>
      <TextField
        {...text('business.registrationNumber')}
        label="사업자등록번호"
        placeholder="123-45-67890"
        autoComplete="off"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 12 } }}
      />
      <TextField
        {...text('business.representative')}
        label="대표자명"
        required
        slotProps={{ htmlInput: { maxLength: accountLimits.name } }}
      />
      <TextField
        {...text('business.mobile')}
        type="tel"
        label="사업자 휴대전화"
        placeholder="01012345678"
        autoComplete="tel"
        required
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 25 } }}
      />
      <TextField
        {...text('business.telephone')}
        type="tel"
        label="사업장 전화번호 (선택)"
        placeholder="0212345678"
        autoComplete="tel"
        slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 25 } }}
      />
      <TextField
        {...text('business.address')}
        label="사업장 주소 (선택)"
        autoComplete="street-address"
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        {...text('business.industry')}
        label="업종 (선택)"
        placeholder="예: 실내건축공사업"
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        {...text('business.description')}
        label="사업 소개"
        multiline
        minRows={3}
        required
        helperText={
          errors['business.description'] ?? `${description.length}/${accountLimits.businessDescription}자`
        }
        slotProps={{ htmlInput: { maxLength: accountLimits.businessDescription } }}
      />
    </>
  );
}
