import { ProfileUpdateSchema, type User, type UserDetail } from '@interior/contracts';
import { Typography } from '@mui/material';
import { Labeled, SaveButton, SimpleForm, TextInput, Toolbar, useNotify } from 'react-admin';
import { sectionFormSx } from '../../admin/formStyle';
import { schemaValidator } from '../../admin/validation';
import { formErrorsOf, type PhotoChange, saveProfile } from './api';
import { keepPhoto, PhotoInput } from './PhotoInput';

interface ProfileValues {
  name: string | null;
  mobile: string | null;
  photo: PhotoChange;
}

// The API's schema and sentences: name required, at most 50; mobile digits only, 9 to 20.
const validateProfile = schemaValidator(ProfileUpdateSchema, (values) => ({
  name: values.name ?? undefined,
  mobile: values.mobile || undefined,
}));

function ProfileToolbar() {
  return (
    <Toolbar>
      <SaveButton label="저장" />
    </Toolbar>
  );
}

/**
 * Photo, name and mobile, saved together as one PUT /api/user/current (SPEC §3 upload payload).
 */
export function ProfileForm({ user, onSaved }: { user: User; onSaved: (detail: UserDetail) => void }) {
  const notify = useNotify();

  const submit = async (values: Record<string, unknown>) => {
    const { name, mobile, photo } = values as unknown as ProfileValues;
    try {
      const detail = await saveProfile({
        name: (name ?? '').trim(),
        ...(mobile ? { mobile: mobile.trim() } : {}),
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
      // A new form after each save: its values are what the server answered, and it is not dirty.
      key={user.version}
      record={{ id: user.id, name: user.name, mobile: user.mobile ?? '', photo: keepPhoto }}
      onSubmit={submit}
      validate={validateProfile}
      toolbar={<ProfileToolbar />}
      sx={sectionFormSx}
    >
      <PhotoInput user={user} />
      <Labeled label="이메일">
        <Typography>{user.email}</Typography>
      </Labeled>
      <TextInput source="name" label="이름" isRequired autoComplete="name" fullWidth />
      <TextInput
        source="mobile"
        label="휴대전화 번호"
        type="tel"
        autoComplete="tel"
        helperText="숫자만 9~20자리 (예: 01012345678)"
        fullWidth
      />
    </SimpleForm>
  );
}
