import { type FieldSpec, koreaTimeText, listShape, type ResourceDeclaration } from '@interior/contracts';
import type { ReactElement, ReactNode } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DataTable,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
} from 'react-admin';
import { List } from '../../export/List';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { listStateProps } from '../../kit/ListStates';
import { useSmallScreen } from '../../kit/useSmallScreen';
import { ObjectListActions } from '../../permissions/ObjectListActions';
import { FieldValue, representationOf } from './fieldViews';

/**
 * A filter input for a filterable field, or null when a list filters it by other means.
 * `alwaysOn`: shown from the start rather than behind react-admin's 필터 추가.
 */
export function filterInput(name: string, spec: FieldSpec, alwaysOn = false): ReactNode {
  switch (spec.kind) {
    case 'enum':
      return (
        <SelectInput
          key={name}
          alwaysOn={alwaysOn}
          source={name}
          choices={spec.values.map((id) => ({ id, name: spec.labels[id] ?? id }))}
          emptyText="전체"
        />
      );
    case 'reference':
      return (
        <ReferenceInput key={name} alwaysOn={alwaysOn} source={name} reference={spec.resource}>
          <AutocompleteInput optionText={representationOf(spec.resource)} />
        </ReferenceInput>
      );
    case 'boolean':
      return <BooleanInput key={name} alwaysOn={alwaysOn} source={name} />;
    case 'enumSet':
      return (
        <SelectInput
          key={name}
          alwaysOn={alwaysOn}
          source={name}
          choices={spec.values.map((id) => ({ id, name: spec.labels[id] ?? id }))}
          emptyText="전체"
        />
      );
    case 'money':
      // A price range, as buyers search: `_gte` / `_lte` (simple-rest ranges).
      return [
        <NumberInput
          key={`${name}_gte`}
          alwaysOn={alwaysOn}
          source={`${name}_gte`}
          label={`${spec.label} 이상`}
          min={0}
        />,
        <NumberInput
          key={`${name}_lte`}
          alwaysOn={alwaysOn}
          source={`${name}_lte`}
          label={`${spec.label} 이하`}
          min={0}
        />,
      ];
    default:
      return null;
  }
}

/**
 * The list of a declared resource: the declared columns, sortable where the API sorts, the
 * free-text search and the filters people use; on a phone, a simple list of names. No bulk
 * actions: a bulk delete cannot carry each record's version (If-Match).
 */
export function ResourceList({
  resource,
  children,
  empty,
  actions,
}: {
  resource: ResourceDeclaration;
  children?: ReactNode;
  /** The resource's own toolbar buttons beside create and export. */
  actions?: ReactNode;
  /** What an empty list shows instead of react-admin's default. */
  empty?: ReactElement;
}) {
  const small = useSmallScreen();
  const shape = listShape(resource);
  const filters = [
    ...(shape.search.length
      ? [<SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />]
      : []),
    ...shape.filters.flatMap(([name, spec]) => filterInput(name, spec) ?? []),
  ];
  const columns = Object.entries(resource.fields).filter(([, spec]) => spec.list);
  const [sortField, sortOrder] = resource.defaultSort;
  return (
    <List
      {...listStateProps}
      sort={{ field: sortField, order: sortOrder }}
      filters={filters as ReactElement[]}
      {...(empty ? { empty } : {})}
      actions={
        <ObjectListActions
          objectType={resource.objectType}
          resource={resource.name}
          typeName={resource.label}
          extra={actions}
        />
      }
    >
      {small ? (
        <SimpleList
          primaryText={(record) => String(record[resource.representation] ?? '')}
          tertiaryText={(record) => koreaTimeText(record.registered, 'date', '')}
          linkType="show"
        />
      ) : (
        (children ?? (
          <DataTable rowClick="show" bulkActionButtons={false}>
            {columns.map(([name, spec]) => (
              <DataTable.Col key={name} source={name} disableSort={!spec.sortable}>
                <FieldValue source={name} spec={spec} compact />
              </DataTable.Col>
            ))}
            <DataTable.Col source="registered">
              <KoreaDateField source="registered" showTime />
            </DataTable.Col>
          </DataTable>
        ))
      )}
    </List>
  );
}
