import { messages } from '@interior/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../feedback/LoadingOverlay';
import { withLoading } from '../feedback/loading';
import { Alert } from '../plain/Alert';
import { buttonClass } from '../plain/button';
import { TextField } from '../plain/TextField';
import {
  ApiError,
  isNetworkError,
  nextPageParam,
  readSavedLoginEmail,
  rememberLoginEmail,
  safeNextPage,
  signIn,
  useSession,
} from '../session';
import { ResendVerificationAction } from './account/ResendVerificationAction';
import { PlainLayout } from './PlainLayout';
import { SnsButtons } from './sns/SnsButtons';

type LoginField = 'email' | 'password';
type FieldErrors = Partial<Record<LoginField, string>>;

interface LoginFailure {
  message: string;
  fields: FieldErrors;
}

/**
 * Why the sign-in failed, in the words the user should read: 404 is the one wrong-credentials
 * sentence (never which of the two was wrong); 403 (inactive or pending account), 429 and the
 * rest carry the API's own Korean message; 400 puts the API's messages on the fields.
 */
function loginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError) {
    if (error.status === 404) return { message: messages.wrongCredentials, fields: {} };
    const fields = error.status === 400 ? (error.body?.errors ?? {}) : {};
    return { message: error.message, fields: { email: fields.email, password: fields.password } };
  }
  if (isNetworkError(error)) return { message: error.message, fields: {} };
  return { message: messages.unknownError, fields: {} };
}

/**
 * The rules of a sign-in, with zod: the page paints without them; they are fetched when the visitor
 * starts typing (by the time the form is sent they are there) or, at the latest, at the first submit.
 */
const loginRules = () =>
  Promise.all([import('@interior/contracts/user'), import('@interior/contracts/validation')]);

/**
 * /login: e-mail and password, with "이메일 저장" remembering the e-mail in this browser. Drawn
 * without MUI (plain/): most visits start here, and a visitor who only signs in should not wait
 * for the admin framework, which the dashboard loads after the sign-in.
 */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const nextPage = safeNextPage(searchParams.get(nextPageParam));

  const [email, setEmail] = useState(() => readSavedLoginEmail() ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => readSavedLoginEmail() !== null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  // Already signed in (or signed in by another tab meanwhile): nothing to do here.
  if (session.status === 'signedIn' && !submitting) return <Navigate to={nextPage} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    // The same rules and sentences as the server (contracts), checked before asking it.
    const [{ LoginRequestSchema }, { validate }] = await loginRules();
    const checked = validate(LoginRequestSchema, { email, password });
    if (!checked.ok) {
      setFieldErrors({ email: checked.errors.email, password: checked.errors.password });
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await withLoading(signIn(checked.data.email, password));
      rememberLoginEmail(checked.data.email, remember);
      navigate(nextPage, { replace: true });
    } catch (error) {
      const { message, fields } = loginFailure(error);
      setFailure(message);
      setFieldErrors(fields);
      setSubmitting(false);
      // Wrong credentials: the password is to be typed again, so it is emptied and has the focus.
      if (error instanceof ApiError && error.status === 404) {
        setPassword('');
        passwordInput.current?.focus();
      }
    }
  };

  return (
    <PlainLayout>
      <LoadingOverlay visible={session.status === 'pending'} />
      <div className="plain-card">
        <h1 className="plain-title">로그인</h1>
        <form
          id="login-form"
          noValidate
          onSubmit={submit}
          onInput={() => void loginRules()}
          aria-label="로그인"
          className="plain-stack"
        >
          {failure && (
            <Alert severity="error" testId="login-error">
              {failure}
            </Alert>
          )}
          {failure === messages.emailNotVerified && <ResendVerificationAction email={email} />}
          <TextField
            id="login-email"
            name="email"
            type="email"
            label="이메일"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            required
            autoFocus={!email}
          />
          <TextField
            id="login-password"
            name="password"
            type="password"
            label="비밀번호"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
            required
            autoFocus={Boolean(email)}
            ref={passwordInput}
          />
          <label className="plain-check">
            <input
              type="checkbox"
              id="login-remember-email"
              name="rememberEmail"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            이메일 저장
          </label>
          <button
            type="submit"
            className={buttonClass('contained', { large: true, fullWidth: true })}
            disabled={submitting}
          >
            로그인
          </button>
          <div className="plain-row">
            <Link to="/find-password" className="plain-link">
              비밀번호 찾기
            </Link>
            <Link to="/signup-options" className="plain-link">
              회원가입
            </Link>
          </div>
        </form>
        <SnsButtons nextPage={nextPage} />
      </div>
    </PlainLayout>
  );
}
