import { type Agreement, agreementDefinitions, messages } from '@interior/contracts';
import { Box, Button, Checkbox, Divider, FormControlLabel, Link, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AccountCard } from './AccountCard';
import { type AgreementsState, agreementList, choicesFrom, paymentProviderTerms } from './agreementChoices';
import { accountKindLabels, accountPaths, isSignupKind, signupPathFor } from './paths';

type Choices = Partial<Record<Agreement['code'], boolean>>;

/**
 * /agreement?type=personal|business: the consents (three required and separate, one
 * optional), one checkbox each with its description, and "전체 동의". "다음" opens the sign-up
 * form with the choices in the router state; Back from there finds them checked again.
 */
export function AgreementPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Choices>(() => choicesFrom(location.state));

  const kind = searchParams.get('type');
  if (!isSignupKind(kind)) return <Navigate to={accountPaths.signupOptions} replace />;

  const allAgreed = agreementDefinitions.every((d) => choices[d.value]);
  const someAgreed = agreementDefinitions.some((d) => choices[d.value]);
  const requiredAgreed = agreementDefinitions.every((d) => !d.required || choices[d.value]);

  const setAll = (agreed: boolean) =>
    setChoices(Object.fromEntries(agreementDefinitions.map((d) => [d.value, agreed])) as Choices);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!requiredAgreed) return;
    const state: AgreementsState = { agreements: agreementList(choices) };
    // This entry keeps the choices too, so that Back shows them checked.
    navigate(`${location.pathname}${location.search}`, { replace: true, state });
    navigate(signupPathFor(kind), { state });
  };

  return (
    <AccountCard
      title="약관 동의"
      intro={`${accountKindLabels[kind]} 가입을 위해 약관에 동의해 주세요.`}
      maxWidth="sm"
    >
      <Box component="form" id="agreement-form" noValidate onSubmit={submit} aria-label="약관 동의">
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Checkbox
                id="agreement-all"
                checked={allAgreed}
                indeterminate={someAgreed && !allAgreed}
                onChange={(event) => setAll(event.target.checked)}
              />
            }
            label={<Typography sx={{ fontWeight: 700 }}>전체 동의</Typography>}
          />
          <Divider />
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {agreementDefinitions.map((definition) => {
              const id = `agreement-${definition.value}`;
              return (
                <li key={definition.value}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        id={id}
                        name={definition.value}
                        checked={Boolean(choices[definition.value])}
                        onChange={(event) =>
                          setChoices((current) => ({ ...current, [definition.value]: event.target.checked }))
                        }
                        slotProps={{ input: { 'aria-describedby': `${id}-description` } }}
                      />
                    }
                    label={definition.required ? `${definition.label} (필수)` : definition.label}
                  />
                  <Typography id={`${id}-description`} variant="body2" color="text.secondary" sx={{ pl: 4 }}>
                    {definition.description}
                  </Typography>
                </li>
              );
            })}
          </Stack>
          <Divider />
          <Box component="section" aria-labelledby="payment-terms-title">
            <Typography id="payment-terms-title" variant="subtitle2" component="h2">
              결제대행 서비스 약관
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              유료 구독의 카드 결제는 아래 결제대행사가 처리하며, 결제할 때 각 회사의 약관이 적용됩니다.
            </Typography>
            <Stack direction="row" spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {paymentProviderTerms.map((terms) => (
                <li key={terms.href}>
                  <Link href={terms.href} target="_blank" rel="noopener noreferrer" variant="body2">
                    {terms.label}
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      (새 창)
                    </Box>
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
          {!requiredAgreed && (
            <Typography id="agreement-missing" variant="body2" color="text.secondary">
              {messages.requiredAgreementsMissing}
            </Typography>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!requiredAgreed}
            aria-describedby={requiredAgreed ? undefined : 'agreement-missing'}
            fullWidth
          >
            다음
          </Button>
          <Link
            component={RouterLink}
            to={accountPaths.signupOptions}
            variant="body2"
            sx={{ alignSelf: 'center' }}
          >
            회원 유형 다시 선택
          </Link>
        </Stack>
      </Box>
    </AccountCard>
  );
}

/**
 * Read by screen readers, not shown. Sizes in pixels as strings: in `sx` a bare 1 means 100%,
 * which made this span as wide as the page and the page scroll sideways.
 */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
