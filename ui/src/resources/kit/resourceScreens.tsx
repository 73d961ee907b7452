import type { ResourceDeclaration } from '@interior/contracts';
import { Box } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Labeled, ReferenceField, TextField } from 'react-admin';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { FieldValue } from './fieldViews';
import { ObjectShow } from './ObjectShow';
import { type FieldEditors, ResourceCreate, ResourceEdit } from './ResourceForm';
import { ResourceList } from './ResourceList';

const UserReference = ({ source }: { source: 'registeredBy' | 'updatedBy' }) => (
  <ReferenceField source={source} reference="user" link={false} emptyText="-">
    <TextField source="name" />
  </ReferenceField>
);

/** The 정보 tab of a declared resource: every field, then who registered and changed it, and when. */
export function ResourceDetails({
  resource,
  views = {},
}: {
  resource: ResourceDeclaration;
  views?: Readonly<Record<string, ReactElement>>;
}) {
  // A tab lays out its direct children in a column; this one child lays out its own: one column
  // on a phone, two from a tablet up, wide values (a 3D view, a recipe) across both.
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 4,
        rowGap: 2,
        '& > .wide': { gridColumn: '1 / -1' },
      }}
    >
      {Object.entries(resource.fields)
        .filter(([name, spec]) => spec.kind !== 'json' || Object.hasOwn(views, name))
        .map(([name, spec]) => (
          <Labeled
            key={name}
            source={name}
            className={
              Object.hasOwn(views, name) || spec.kind === 'json' || spec.kind === 'file' ? 'wide' : undefined
            }
          >
            {views[name] ?? <FieldValue source={name} spec={spec} />}
          </Labeled>
        ))}
      <Labeled source="registered">
        <KoreaDateField source="registered" showTime />
      </Labeled>
      <Labeled source="registeredBy">
        <UserReference source="registeredBy" />
      </Labeled>
      <Labeled source="updated">
        <KoreaDateField source="updated" showTime emptyText="-" />
      </Labeled>
      <Labeled source="updatedBy">
        <UserReference source="updatedBy" />
      </Labeled>
    </Box>
  );
}

export interface ResourceScreenOverrides {
  /** Tabs of the record page between 정보 and 권한. */
  tabs?: ReactNode;
  /** Inputs of structured (json) fields: a Set's components, a recipe's lines. */
  editors?: FieldEditors;
  /** What an empty list shows (the sample catalogue's button). */
  empty?: ReactElement;
  /** What the 정보 tab shows of structured fields, by field name. */
  views?: Readonly<Record<string, ReactElement>>;
  /** The list's own toolbar buttons (a CSV import). */
  listActions?: ReactNode;
}

/**
 * The screens of a declared resource ({ list, create, edit, show }): the generic ones, with what a
 * resource overrides. Its icon, label and record representation are in admin/dashboardResources,
 * which registers it before these load.
 */
export function resourceScreens(resource: ResourceDeclaration, overrides: ResourceScreenOverrides = {}) {
  return {
    list: () => <ResourceList resource={resource} empty={overrides.empty} actions={overrides.listActions} />,
    create: () => <ResourceCreate resource={resource} editors={overrides.editors} />,
    edit: () => <ResourceEdit resource={resource} editors={overrides.editors} />,
    show: () => (
      <ObjectShow objectType={resource.objectType} resource={resource.name} tabs={overrides.tabs}>
        <ResourceDetails resource={resource} views={overrides.views} />
      </ObjectShow>
    ),
  };
}
