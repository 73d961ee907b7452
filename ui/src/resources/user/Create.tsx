import { messages, UserAdminCreateSchema } from '@interior/contracts';
import {
  CheckboxGroupInput,
  Create,
  PasswordInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
} from 'react-admin';
import { formSx } from '../../kit/formStyle';
import { schemaValidator, withoutEmpty } from '../../kit/validation';
import { roleChoices, selectableStatusChoices } from './choices';

const validateCreate = schemaValidator(UserAdminCreateSchema);

/**
 * POST /api/user: an account made by an Admin. With a password it is ready to use; without one the
 * API mails an invitation to set it and the account waits (가입 대기) until then.
 */
export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  // The Admin is told when the API mailed an invitation (its answer says `invitationSent`).
  const onSuccess = (created: { id: number; invitationSent?: boolean }) => {
    notify(
      created.invitationSent ? `사용자를 만들었습니다. ${messages.invitationSent}` : '사용자를 만들었습니다.',
      {
        type: 'success',
      },
    );
    redirect('show', 'user', created.id);
  };
  return (
    <Create redirect="show" transform={withoutEmpty} mutationOptions={{ onSuccess }}>
      <SimpleForm validate={validateCreate} sx={formSx} warnWhenUnsavedChanges>
        <TextInput source="email" type="email" isRequired autoComplete="off" fullWidth />
        <TextInput source="name" isRequired fullWidth />
        <CheckboxGroupInput source="roles" choices={roleChoices} isRequired row />
        <SelectInput
          source="status"
          choices={selectableStatusChoices}
          emptyText="자동 (비밀번호가 있으면 활성, 없으면 가입 대기)"
          helperText="비워 두면 비밀번호가 있을 때 활성, 없을 때 가입 대기로 만들어집니다."
        />
        <PasswordInput
          source="password"
          autoComplete="new-password"
          helperText="비워 두면 초대 메일이 발송됩니다."
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}
