import {
  createInputSchema,
  inputFields,
  type ResourceDeclaration,
  updateInputSchema,
} from '@interior/contracts';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Create, DeleteButton, Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { RequireAccess } from '../../kit/RequireAccess';
import { schemaValidator } from '../../kit/validation';
import { DeleteUsage } from './DeleteUsage';
import { FieldInput } from './fieldViews';

/**
 * The form of a declared resource: an input per field the request may set, validated by the
 * API's own schema (contracts), so the form refuses exactly what the server would, in the same
 * Korean sentences.
 */
/** Inputs a resource gives its structured (json) fields, by field name. */
export type FieldEditors = Readonly<Record<string, ReactNode>>;

export function ResourceForm({
  resource,
  mode,
  editors = {},
}: {
  resource: ResourceDeclaration;
  mode: 'create' | 'edit';
  editors?: FieldEditors;
}) {
  const validate = useMemo(
    () =>
      schemaValidator(
        mode === 'create' ? createInputSchema(resource) : updateInputSchema(resource),
        (values) => values,
      ),
    [resource, mode],
  );
  return (
    <SimpleForm
      validate={validate}
      warnWhenUnsavedChanges
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          {/* The confirmation says who uses a catalogue record before the server refuses. */}
          {mode === 'edit' && <DeleteButton mutationMode="pessimistic" confirmContent={<DeleteUsage />} />}
        </Toolbar>
      }
    >
      {inputFields(resource).map(([name, spec]) =>
        Object.hasOwn(editors, name) ? (
          <Fragment key={name}>{editors[name]}</Fragment>
        ) : (
          <FieldInput key={name} source={name} spec={spec} />
        ),
      )}
    </SimpleForm>
  );
}

/** After creating, the new record's page: its data as saved and the first entry of its history. */
export function ResourceCreate({
  resource,
  editors,
}: {
  resource: ResourceDeclaration;
  editors?: FieldEditors;
}) {
  return (
    <Create redirect="show">
      <ResourceForm resource={resource} mode="create" editors={editors} />
    </Create>
  );
}

/**
 * Pessimistic: the page waits for the server, so a 412 (someone saved first) or a refused value
 * is shown on this form instead of after an optimistic update that never happened. The page opens
 * for those who may change some record; once the record is loaded, one the user may only read is
 * refused with the warning, as a route would be.
 */
export function ResourceEdit({
  resource,
  editors,
}: {
  resource: ResourceDeclaration;
  editors?: FieldEditors;
}) {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <RequireAccess action="edit" silent={false}>
        <ResourceForm resource={resource} mode="edit" editors={editors} />
      </RequireAccess>
    </Edit>
  );
}
