import { ProfileUpdateSchema, type User, type UserDetail } from '@interior/contracts';
import { Typography } from '@mui/material';
import { Labeled, SaveButton, SimpleForm, TextInput, Toolbar, useNotify } from 'react-admin';
import { inlineToolbarSx, sectionFormSx } from '../../kit/formStyle';
import { schemaValidator } from '../../kit/validation';
import { phoneDigits } from '../account/MobileVerification';
import { formErrorsOf, type PhotoChange, saveProfile } from './api';
import { keepPhoto, PhotoInput } from './PhotoInput';
import { mobileChanged, ProfileMobileInput } from './ProfileMobileInput';

interface ProfileValues {
  name: string | null;
  mobile: string | null;
  code: string | null;
  photo: PhotoChange;
}

/** The page's sentence for a changed number saved without its code. */
export const mobileCodeNeeded = '번호를 바꾸려면 새 번호로 인증번호를 받아 입력해 주세요.';

// The API's schema and sentences: name required, at most 50; mobile digits only, 9 to 20; a
// changed number needs the six-digit code sent to it.
const profileValidator = (saved: string | null) =>
  schemaValidator(
    ProfileUpdateSchema,
    (values) => ({
      name: values.name ?? undefined,
      mobile: typeof values.mobile === 'string' && values.mobile ? phoneDigits(values.mobile) : undefined,
      code: values.code || undefined,
    }),
    (values): Record<string, string> =>
      mobileChanged(values.mobile, saved) && !values.code ? { code: mobileCodeNeeded } : {},
  );

function ProfileToolbar() {
  return (
    <Toolbar sx={inlineToolbarSx}>
      <SaveButton label="저장" />
    </Toolbar>
  );
}

/**
 * Photo, name and mobile, saved together as one PUT /api/user/current (the multipart upload payload). A
 * new mobile number goes with the SMS code sent to it.
 */
export function ProfileForm({ user, onSaved }: { user: User; onSaved: (detail: UserDetail) => void }) {
  const notify = useNotify();

  const submit = async (values: Record<string, unknown>) => {
    const { name, mobile, code, photo } = values as unknown as ProfileValues;
    const digits = mobile ? phoneDigits(mobile) : '';
    try {
      const detail = await saveProfile({
        name: (name ?? '').trim(),
        ...(digits ? { mobile: digits } : {}),
        ...(digits && mobileChanged(digits, user.mobile) && code ? { code } : {}),
        photo: photo ?? keepPhoto,
      });
      onSaved(detail);
      notify('저장되었습니다.', { type: 'success' });
      return undefined;
    } catch (error) {
      const { fields, message } = formErrorsOf(error, { attachment0: 'photo' });
      notify(message, { type: 'error' });
      return fields ?? undefined;
    }
  };

  return (
    <SimpleForm
      warnWhenUnsavedChanges
      // A new form after each save: its values are what the server answered, and it is not dirty.
      key={user.version}
      record={{ id: user.id, name: user.name, mobile: user.mobile ?? '', code: '', photo: keepPhoto }}
      onSubmit={submit}
      validate={profileValidator(user.mobile)}
      toolbar={<ProfileToolbar />}
      sx={sectionFormSx}
    >
      <PhotoInput user={user} />
      <Labeled label="이메일">
        <Typography>{user.email}</Typography>
      </Labeled>
      <TextInput source="name" label="이름" isRequired autoComplete="name" fullWidth />
      <ProfileMobileInput saved={user.mobile} />
    </SimpleForm>
  );
}
