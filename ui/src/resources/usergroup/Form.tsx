import { messages, userGroupLimits } from '@interior/contracts';
import { maxLength, required, SimpleForm, TextInput } from 'react-admin';

/**
 * SPEC §5, with the server's own sentences: a form refused here reads exactly as one the API
 * refuses (the API answers 400 with `errors` per field, which react-admin puts on the same fields).
 */
const validateName = [
  required(messages.required),
  maxLength(userGroupLimits.name, messages.maxLength(userGroupLimits.name)),
];
const validateDescription = [
  required(messages.required),
  maxLength(userGroupLimits.description, messages.maxLength(userGroupLimits.description)),
];

/** The fields a user group's creation and edit share: name and description. */
export function UserGroupForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={validateName} fullWidth />
      <TextInput source="description" validate={validateDescription} multiline minRows={3} fullWidth />
    </SimpleForm>
  );
}
