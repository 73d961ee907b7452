import { UserAdminUpdateSchema } from '@interior/contracts';
import {
  AutocompleteArrayInput,
  CheckboxGroupInput,
  Edit,
  Labeled,
  ReferenceArrayInput,
  SaveButton,
  SelectInput,
  ShowButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import { formSx } from '../../kit/formStyle';
import { RequireAccess } from '../../kit/RequireAccess';
import { schemaValidator } from '../../kit/validation';
import { roleChoices, selectableStatusChoices } from './choices';

const validateUpdate = schemaValidator(UserAdminUpdateSchema);

function UserEditActions() {
  return (
    <TopToolbar>
      <ShowButton />
    </TopToolbar>
  );
}

/** Saving only: erasing a person is on the user's page, behind its own confirmation. */
function UserEditToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * PUT /api/user/{id} with If-Match (the data provider sends the version shown). Pessimistic: the
 * page waits for the server, so a 412 (someone saved first), a 409 (an Admin locking themselves
 * out) or a refused value is shown here instead of after an optimistic update that never happened.
 * Once the user is loaded, one the caller may not change is refused with the warning, as a route is.
 */
export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" actions={<UserEditActions />}>
      <RequireAccess action="edit" silent={false}>
        <SimpleForm
          validate={validateUpdate}
          toolbar={<UserEditToolbar />}
          sx={formSx}
          warnWhenUnsavedChanges
        >
          <Labeled source="email">
            <TextField source="email" />
          </Labeled>
          <TextInput source="name" isRequired fullWidth />
          <CheckboxGroupInput source="roles" choices={roleChoices} isRequired row />
          <SelectInput source="status" choices={selectableStatusChoices} isRequired />
          <ReferenceArrayInput source="groups" reference="usergroup" sort={{ field: 'name', order: 'ASC' }}>
            <AutocompleteArrayInput optionText="name" fullWidth />
          </ReferenceArrayInput>
          <TextInput source="erpId" helperText="8자 이내, 선택 사항" />
          <TextInput source="bpCode" helperText="6자 이내, 선택 사항" />
        </SimpleForm>
      </RequireAccess>
    </Edit>
  );
}
