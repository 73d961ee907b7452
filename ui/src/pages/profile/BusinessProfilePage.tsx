import { type BusinessInput, BusinessInputSchema, type BusinessProfile, messages } from '@interior/contracts';
import { Alert, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SaveButton, SimpleForm, TextInput, Title, Toolbar, useNotify } from 'react-admin';
import { freshCurrentUser } from '../../kit/currentUser';
import { inlineToolbarSx, sectionFormSx } from '../../kit/formStyle';
import { schemaValidator, withoutEmpty } from '../../kit/validation';
import { fetchBusinessProfile, formErrorsOf, saveBusinessProfile } from './api';
import { useAdoptCurrentUser } from './useCurrentUserDetail';

const businessQueryKey = ['profile', 'business'] as const;

// The API's schema: the registration number's check digit (isValidRegistrationNumber), lengths,
// phone numbers, with the same sentences.
const validateBusiness = schemaValidator(BusinessInputSchema);

const fields = [
  'registrationNumber',
  'representative',
  'mobile',
  'telephone',
  'address',
  'industry',
  'description',
];

const formRecord = (profile: BusinessProfile | null) =>
  Object.fromEntries(fields.map((f) => [f, profile?.[f as keyof BusinessProfile] ?? '']));

function BusinessToolbar() {
  return (
    <Toolbar sx={inlineToolbarSx}>
      <SaveButton label="저장" />
    </Toolbar>
  );
}

/** /dashboard/business-profile (business roles only): GET and PUT /api/user/current/business. */
export function BusinessProfilePage() {
  // The API keeps business profiles to accounts signed up as businesses (accountType Business);
  // a business role given to another account cannot save one, so the form is not offered.
  const accountType = freshCurrentUser()?.user.accountType;
  return accountType === 'Business' ? (
    <BusinessProfileForm />
  ) : (
    <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 720 }}>
      <Title title="사업자 정보" />
      <Alert severity="info">{messages.notBusinessAccount}</Alert>
    </Stack>
  );
}

function BusinessProfileForm() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const adopt = useAdoptCurrentUser();
  const {
    data: profile,
    error,
    isPending,
    dataUpdatedAt,
  } = useQuery({
    queryKey: businessQueryKey,
    queryFn: fetchBusinessProfile,
  });

  const submit = async (values: Record<string, unknown>) => {
    try {
      const detail = await saveBusinessProfile(withoutEmpty(values) as BusinessInput);
      adopt(detail);
      await queryClient.invalidateQueries({ queryKey: businessQueryKey });
      notify('저장되었습니다.', { type: 'success' });
      return undefined;
    } catch (failure) {
      const { fields: errors, message } = formErrorsOf(failure);
      notify(message, { type: 'error' });
      return errors ?? undefined;
    }
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4, maxWidth: 720 }}>
      <Title title="사업자 정보" />
      {isPending ? <LinearProgress aria-label="사업자 정보를 불러오는 중" /> : null}
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {profile !== undefined ? (
        <Card component="section" aria-label="사업자 정보">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              사업자 정보
            </Typography>
            {profile === null ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                등록된 사업자 정보가 없습니다. 아래 양식을 채워 등록해 주세요.
              </Alert>
            ) : null}
            <SimpleForm
              warnWhenUnsavedChanges
              key={dataUpdatedAt}
              record={formRecord(profile)}
              onSubmit={submit}
              validate={validateBusiness}
              toolbar={<BusinessToolbar />}
              sx={sectionFormSx}
            >
              <TextInput
                source="registrationNumber"
                label="사업자등록번호"
                isRequired
                helperText="숫자 10자리 (예: 1248100998, - 는 있어도 됩니다)"
                fullWidth
              />
              <TextInput source="representative" label="대표자명" isRequired fullWidth />
              <TextInput
                source="mobile"
                label="휴대전화 번호"
                type="tel"
                isRequired
                helperText="숫자만 9~20자리"
                fullWidth
              />
              <TextInput
                source="telephone"
                label="전화번호"
                type="tel"
                helperText="선택 사항, 숫자만"
                fullWidth
              />
              <TextInput source="address" label="주소" helperText="선택 사항" fullWidth />
              <TextInput source="industry" label="업종" helperText="선택 사항" fullWidth />
              <TextInput source="description" label="사업 소개" isRequired multiline minRows={4} fullWidth />
            </SimpleForm>
          </CardContent>
        </Card>
      ) : null}
    </Stack>
  );
}
