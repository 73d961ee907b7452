import {
  type Agreement,
  agreementDefinitions,
  type LoginResponse,
  landingAfterSignIn,
  messages,
  type SnsSignupInfo,
  type SnsSignupPending,
  snsTypeLabels,
} from '@interior/contracts';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  LinearProgress,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { withLoading } from '../../feedback/loading';
import { adoptTokenPair, apiBase, apiJson, loginPath } from '../../session';
import { AccountCard } from '../account/AccountCard';
import { agreementList } from '../account/agreementChoices';
import { type FormFailure, formFailure } from '../account/formFailure';
import { mailSentPathFor } from '../account/paths';

type Choices = Partial<Record<Agreement['code'], boolean>>;

/**
 * /signup-sns?ticket=…: the short sign-up after a first social sign-in. Name and e-mail come
 * prefilled from the provider (and can be changed), the consents (three required, marketing optional) are ticked here. An
 * address the provider vouched for signs in at once; any other one gets the verification mail.
 */
export function SnsSignupPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const ticket = searchParams.get('ticket') ?? '';
  const [info, setInfo] = useState<SnsSignupInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState<Choices>({});
  const [failure, setFailure] = useState<FormFailure>({ message: null, fields: {} });
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let live = true;
    apiJson<SnsSignupInfo>(`${apiBase}/signup/sns/${encodeURIComponent(ticket)}`, { session: 'none' })
      .then((answer) => {
        if (!live) return;
        setInfo(answer);
        setName(answer.name ?? '');
        setEmail(answer.email ?? '');
      })
      .catch((error) => {
        if (live) setLoadError(formFailure(error, []).message ?? messages.snsSignupExpired);
      });
    return () => {
      live = false;
    };
  }, [ticket]);

  const allAgreed = agreementDefinitions.every((d) => choices[d.value]);
  const requiredAgreed = agreementDefinitions.every((d) => !d.required || choices[d.value]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!requiredAgreed) {
      setFailure({ message: messages.requiredAgreementsMissing, fields: {} });
      return;
    }
    setSubmitting(true);
    setFailure({ message: null, fields: {} });
    try {
      const answer = await withLoading(
        apiJson<LoginResponse | SnsSignupPending>(`${apiBase}/signup/sns`, {
          method: 'POST',
          session: 'none',
          json: {
            ticket,
            agreements: agreementList(choices),
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(email.trim() ? { email: email.trim() } : {}),
          },
        }),
      );
      if ('emailVerificationRequired' in answer) {
        navigate(mailSentPathFor('verify'), { replace: true, state: { email: answer.email } });
        return;
      }
      await withLoading(adoptTokenPair({ accessToken: answer.token, refreshToken: answer.refreshToken }));
      navigate(landingAfterSignIn, { replace: true });
    } catch (error) {
      setFailure(formFailure(error, ['name', 'email']));
      setSubmitting(false);
    }
  };

  if (loadError) {
    return (
      <AccountCard title="간편 가입">
        <Alert severity="error" role="alert">
          {loadError}
        </Alert>
        <Button component={RouterLink} to={loginPath} variant="contained" replace>
          로그인 화면으로
        </Button>
      </AccountCard>
    );
  }
  if (!info) {
    return (
      <AccountCard title="간편 가입">
        <LinearProgress aria-label="가입 정보를 불러오는 중" />
      </AccountCard>
    );
  }

  const provider = snsTypeLabels[info.type];
  return (
    <AccountCard
      title={`${provider} 계정으로 가입`}
      intro={`${provider} 계정을 처음 사용하셨습니다. 아래 정보를 확인하고 약관에 동의하면 가입이 끝납니다.`}
      maxWidth="sm"
    >
      <Box component="form" id="sns-signup-form" noValidate onSubmit={submit} aria-label="간편 가입">
        <Stack spacing={2}>
          {failure.message && (
            <Alert severity="error" role="alert" data-testid="sns-signup-error">
              {failure.message}
              {failure.message === messages.snsEmailInUse ? (
                <>
                  {' '}
                  <Link component={RouterLink} to={loginPath}>
                    로그인하기
                  </Link>
                </>
              ) : null}
            </Alert>
          )}
          <TextField
            id="sns-signup-name"
            name="name"
            label="이름"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(failure.fields.name)}
            helperText={failure.fields.name}
            autoComplete="name"
            required
            fullWidth
          />
          <TextField
            id="sns-signup-email"
            name="email"
            type="email"
            label="이메일"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(failure.fields.email)}
            helperText={
              failure.fields.email ??
              (info.emailVerified && email.trim().toLowerCase() === info.email?.toLowerCase()
                ? `${provider}에서 확인된 주소입니다.`
                : '가입 후 이 주소로 인증 메일을 보냅니다.')
            }
            autoComplete="email"
            required
            fullWidth
          />
          <Divider />
          <FormControlLabel
            control={
              <Checkbox
                id="sns-agreement-all"
                checked={allAgreed}
                onChange={(event) =>
                  setChoices(
                    Object.fromEntries(
                      agreementDefinitions.map((d) => [d.value, event.target.checked]),
                    ) as Choices,
                  )
                }
              />
            }
            label={<Typography sx={{ fontWeight: 700 }}>전체 동의</Typography>}
          />
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {agreementDefinitions.map((definition) => (
              <li key={definition.value}>
                <FormControlLabel
                  control={
                    <Checkbox
                      id={`sns-agreement-${definition.value}`}
                      name={definition.value}
                      checked={Boolean(choices[definition.value])}
                      onChange={(event) =>
                        setChoices((current) => ({ ...current, [definition.value]: event.target.checked }))
                      }
                    />
                  }
                  label={definition.required ? `${definition.label} (필수)` : definition.label}
                />
                <Typography variant="body2" color="text.secondary" sx={{ pl: 4 }}>
                  {definition.description}
                </Typography>
              </li>
            ))}
          </Stack>
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            가입하기
          </Button>
        </Stack>
      </Box>
    </AccountCard>
  );
}
