import { messages } from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../feedback/LoadingOverlay';
import { withLoading } from '../feedback/loading';
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
import { PublicLayout } from './PublicLayout';
import { SnsButtons } from './sns/SnsButtons';
import { TextField } from './TextField';

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

/** The rules of a sign-in, with zod: fetched at the first submit, the page paints without them. */
const loginRules = () =>
  Promise.all([import('@interior/contracts/user'), import('@interior/contracts/validation')]);

/** /login: e-mail and password, with "이메일 저장" remembering the e-mail in this browser. */
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
    <PublicLayout maxWidth="xs">
      <LoadingOverlay visible={session.status === 'pending'} />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            로그인
          </Typography>
          <Box component="form" id="login-form" noValidate onSubmit={submit} aria-label="로그인">
            <Stack spacing={2}>
              {failure && (
                <Alert severity="error" role="alert" data-testid="login-error">
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
                fullWidth
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
                fullWidth
                autoFocus={Boolean(email)}
                inputRef={passwordInput}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    id="login-remember-email"
                    name="rememberEmail"
                    checked={remember}
                    onChange={(event) => setRemember(event.target.checked)}
                  />
                }
                label="이메일 저장"
              />
              <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
                로그인
              </Button>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Link component={RouterLink} to="/find-password" variant="body2">
                  비밀번호 찾기
                </Link>
                <Link component={RouterLink} to="/signup-options" variant="body2">
                  회원가입
                </Link>
              </Stack>
            </Stack>
          </Box>
          <SnsButtons nextPage={nextPage} />
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
