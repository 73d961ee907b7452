import {
  type FieldSpec,
  listShape,
  type ResourceDeclaration,
  resourceNamed,
  resourceTable,
  sortsByCodePoint,
} from '@interior/contracts';
import { type FilterKind, type ListDefinition, SEARCH_INDEX_PARTS } from './simple-rest';

/** How a field's values are filtered in a list (simple-rest.ts); null: not filterable. */
function filterKindOf(spec: FieldSpec): FilterKind | null {
  switch (spec.kind) {
    case 'text':
    case 'enum':
    case 'url':
      return 'text';
    case 'integer':
    case 'reference':
      return 'integer';
    case 'money':
      return 'bigint';
    case 'boolean':
      return 'boolean';
    case 'timestamp':
      return 'timestamp';
    case 'enumSet':
      return 'arrayContains';
    case 'decimal':
    case 'json':
    case 'file':
      return null;
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}

/** The simple-rest list of a declared resource (contracts/src/resource.ts) over its read model. */
export function resourceListDefinition(resource: ResourceDeclaration, name = resource.name): ListDefinition {
  const shape = listShape(resource);
  const filters: Record<string, FilterKind> = {
    registered: 'timestamp',
    registeredBy: 'integer',
    updated: 'timestamp',
    updatedBy: 'integer',
  };
  const subtrees: Record<string, string> = {};
  for (const [field, spec] of shape.filters) {
    const kind = filterKindOf(spec);
    if (!kind) throw new Error(`${resource.name}.${field}: a ${spec.kind} field cannot be a filter`);
    filters[field] = kind;
    if (spec.kind === 'reference' && spec.subtree) {
      const tree = resourceNamed(spec.resource);
      if (tree) subtrees[field] = resourceTable(tree);
    }
  }
  const nullable = [
    'updated',
    ...Object.entries(resource.fields)
      .filter(([, spec]) => spec.sortable && !spec.derived && !('required' in spec && spec.required))
      .map(([field]) => field),
  ];
  return {
    resource: name,
    table: resourceTable(resource),
    sortable: shape.sortable,
    defaultSort: resource.defaultSort,
    filters,
    search: shape.search,
    // Its projection builds the search index in parts (projections/src/resource).
    ...(shape.search.length > 0 ? { searchParts: SEARCH_INDEX_PARTS } : {}),
    nullable,
    codePointSorts: shape.sortable.filter((field) => {
      const spec = Object.hasOwn(resource.fields, field) ? resource.fields[field] : undefined;
      return spec !== undefined && sortsByCodePoint(spec);
    }),
    subtrees,
  };
}
