import { z } from 'zod';
import type { DomainEvent } from './events';
import { type FileAccept, FileIdSchema } from './files';
import { messages } from './messages';
import type { ObjectType } from './object-types';
import { positiveId } from './validation';

/**
 * A resource is a declaration (docs/adding-a-resource.md): the object type, the route, and its
 * fields with their kinds. From it, generic code in each service derives the input schemas, the
 * events, the decider, the write routes, the read model's table, the simple-rest list and record
 * routes, the authorization, the history and the react-admin screens. What differs between
 * resources (rules across records, derived columns, extra routes) are hooks kept beside the
 * resource in each service.
 */

/** What every field declares, whatever its kind. */
interface FieldCommon {
  /** Korean label: forms, lists, history. */
  label: string;
  /** Sortable in lists (an index is made for it). */
  sortable?: boolean;
  /** Filterable in lists (equality, IN, and `_gte/_lte` ranges for numbers and dates). */
  filter?: boolean;
  /** Searched by the free-text `q` filter (a trigram index serves it). */
  search?: boolean;
  /** A column of the list screen. */
  list?: boolean;
  /** Kept by the read model from other events (a count): never taken from a request. */
  derived?: boolean;
  /** A short Korean help line under the input. */
  help?: string;
  /**
   * An order among siblings that the read model renumbers 1…n (a category's `position`): the value
   * read back may differ from the one given, and an update carrying it is always recorded.
   */
  renumbered?: boolean;
}

export type FieldKind =
  | {
      kind: 'text';
      max: number;
      required?: boolean;
      multiline?: boolean;
      /** A shape the text must have (a key in UPPER_SNAKE), with its Korean message. */
      pattern?: { regex: RegExp; message: string };
    }
  | { kind: 'integer'; min?: number; max?: number; required?: boolean; unit?: string }
  /** Integer won (원), never negative. */
  | { kind: 'money'; required?: boolean }
  /** A number with at most `scale` decimals, kept exact through its shortest decimal text. */
  | { kind: 'decimal'; min: number; max: number; scale: number; required?: boolean; unit?: string }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[]; labels: Readonly<Record<string, string>>; required?: boolean }
  | { kind: 'enumSet'; values: readonly string[]; labels: Readonly<Record<string, string>> }
  /** The id of a record of another resource (by its route name); checked to exist on save. */
  | {
      kind: 'reference';
      resource: string;
      required?: boolean;
      /**
       * The referenced resource is a category tree: filtering by this field matches the category
       * and its whole subtree (its `path` holds the ids from the root).
       */
      subtree?: boolean;
    }
  | { kind: 'url'; required?: boolean }
  | { kind: 'timestamp'; required?: boolean }
  /** Structured data with its own zod schema (lines of a recipe, components of a set). */
  | { kind: 'json'; schema: z.ZodType; required?: boolean; example: unknown }
  /**
   * An uploaded file (contracts/src/files.ts): the record keeps its `StoredFile`; a request names
   * it by id. `multiple` allows up to that many files (a list, empty when none).
   */
  | { kind: 'file'; accept: FileAccept; multiple?: number; required?: boolean };

export type FieldSpec = FieldCommon & FieldKind;

/** A value must be unique among the live records of the resource. */
export interface UniqueRule {
  field: string;
  /** Compare ignoring case (and surrounding space). */
  ignoreCase?: boolean;
  /** Unique only among records with the same values of these fields (siblings under one parent). */
  within?: readonly string[];
  message: string;
}

export interface ResourceDeclaration {
  /** The route name, one for the API and the dashboard: `/api/{name}`, `/dashboard/{name}`. */
  name: string;
  objectType: ObjectType;
  /** Korean name of the kind of record (`사용자 그룹`). */
  label: string;
  /** The 404 message of one record. */
  notFound: string;
  /** The message for a malformed id in a path (defaults to "유효한 ID가 아닙니다."). */
  invalidId?: string;
  fields: Readonly<Record<string, FieldSpec>>;
  /** Field a record is named by in references and titles. */
  representation: string;
  defaultSort: readonly [field: string, order: 'ASC' | 'DESC'];
  /** The read model's view name (defaults to the route name with `/` as `_`). */
  table?: string;
  unique?: readonly UniqueRule[];
  /**
   * Other routes reading the same records (`notice` beside `system/notice`): list and record only;
   * what each shows is the query service's hook for that route.
   */
  readRoutes?: readonly string[];
}

export function defineResource<const Fields extends Record<string, FieldSpec>>(
  declaration: ResourceDeclaration & { fields: Fields; representation: keyof Fields & string },
): ResourceDeclaration & { fields: Fields } {
  for (const rule of declaration.unique ?? []) {
    for (const field of [rule.field, ...(rule.within ?? [])]) {
      if (!(field in declaration.fields)) throw new Error(`${declaration.name}: unique ${field}?`);
    }
  }
  return declaration;
}

/** Columns every record has besides its fields (docs/domain.md conventions), and `version` for If-Match. */
export const commonRecordFields = [
  'id',
  'registered',
  'registeredBy',
  'updated',
  'updatedBy',
  'version',
] as const;

export const resourceTable = (resource: ResourceDeclaration) =>
  resource.table ?? resource.name.replace(/\//g, '_');

/** The fields a request may set (everything but the derived ones). */
export function inputFields(resource: ResourceDeclaration): [string, FieldSpec][] {
  return Object.entries(resource.fields).filter(([, spec]) => !spec.derived);
}

/** Money is a PostgreSQL `integer`: up to 2,147,483,647 won for one price, far above any catalogue price. */
const MAX_MONEY = 2_147_483_647;

/** Turns '' and null into null: an optional field the user cleared. */
const emptyToNull = (value: unknown) => (value === '' ? null : value);

/** The schema of one field's value when it is given (required or not is decided by the caller). */
function valueSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case 'text': {
      const text = z
        .string()
        .trim()
        .max(spec.max, { error: messages.maxLength(spec.max) });
      const shaped = spec.pattern ? text.regex(spec.pattern.regex, { error: spec.pattern.message }) : text;
      return spec.required ? shaped.min(1, { error: messages.required }) : shaped;
    }
    case 'integer':
      return z
        .number()
        .int({ error: messages.integer })
        .min(spec.min ?? -2_147_483_648, { error: messages.minNumber(spec.min ?? -2_147_483_648) })
        .max(spec.max ?? 2_147_483_647, { error: messages.maxNumber(spec.max ?? 2_147_483_647) });
    case 'money':
      return z
        .number()
        .int({ error: messages.wholeWon })
        .min(0, { error: messages.minNumber(0) })
        .max(MAX_MONEY, { error: messages.maxNumber(MAX_MONEY) });
    case 'decimal': {
      const factor = 10 ** spec.scale;
      return z
        .number()
        .min(spec.min, { error: messages.minNumber(spec.min) })
        .max(spec.max, { error: messages.maxNumber(spec.max) })
        .refine((n) => Math.abs(Math.round(n * factor) - n * factor) < 1e-6, {
          error: messages.maxDecimals(spec.scale),
        });
    }
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(spec.values as [string, ...string[]], { error: messages.invalidChoice });
    case 'enumSet':
      return z
        .array(z.enum(spec.values as [string, ...string[]], { error: messages.invalidChoice }), {
          error: messages.invalidValue,
        })
        .max(spec.values.length, { error: messages.maxItems(spec.values.length) })
        .transform((values) => spec.values.filter((v) => values.includes(v)));
    case 'reference':
      return positiveId();
    case 'url':
      return z
        .string()
        .trim()
        .max(2000, { error: messages.maxLength(2000) })
        .pipe(z.url({ protocol: /^https?$/, error: messages.invalidUrl }));
    case 'timestamp':
      return z.iso
        .datetime({ offset: true, error: messages.invalidDate })
        .refine((v) => {
          const year = new Date(v).getUTCFullYear();
          return year >= 1 && year <= 9999;
        }, messages.invalidDate)
        .transform((v) => new Date(v).toISOString());
    case 'json':
      return spec.schema;
    case 'file':
      return spec.multiple
        ? z
            .array(FileIdSchema, { error: messages.invalidValue })
            .max(spec.multiple, { error: messages.tooManyFiles(spec.multiple) })
        : FileIdSchema;
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}

/**
 * Type errors (a number where text belongs) get their sentence from koreanIssueMessage: "필수 입력
 * 항목입니다." when the value is missing, "유효한 값이 아닙니다." otherwise.
 */

/** The value a field takes when a create leaves it out. */
export function emptyValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'boolean':
      return false;
    case 'enumSet':
      return [];
    case 'file':
      return spec.multiple ? [] : null;
    case 'text':
      return spec.required ? undefined : null;
    default:
      return null;
  }
}

function fieldSchema(spec: FieldSpec): z.ZodType {
  const value = valueSchema(spec);
  const required = 'required' in spec && spec.required;
  if (required) {
    return z.preprocess(
      emptyToNull,
      value.nullable().refine((v) => v !== null, messages.required),
    );
  }
  if (spec.kind === 'boolean' || spec.kind === 'enumSet' || (spec.kind === 'file' && spec.multiple))
    return value;
  return z.preprocess(emptyToNull, value.nullable());
}

/**
 * Body of `POST /api/{name}`: every input field; optional ones left out take their empty value.
 * Keys the resource does not know, derived ones and the common fields are ignored (react-admin
 * sends the whole record back).
 */
export function createInputSchema(resource: ResourceDeclaration): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, spec] of inputFields(resource)) {
    const schema = fieldSchema(spec);
    const empty = emptyValue(spec);
    shape[name] = empty === undefined ? schema : z.preprocess((v) => (v === undefined ? empty : v), schema);
  }
  return z.object(shape, { error: messages.invalidValue }) as unknown as z.ZodType<Record<string, unknown>>;
}

/**
 * Body of `PUT /api/{name}/{id}`: the fields it carries change, the others stay (react-admin's
 * `updateMany` sends only the changed fields). Unknown and read-only keys are ignored.
 */
export function updateInputSchema(resource: ResourceDeclaration): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, spec] of inputFields(resource)) shape[name] = fieldSchema(spec).optional();
  return z
    .object(shape, { error: messages.invalidValue })
    .transform((input) =>
      Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
    ) as unknown as z.ZodType<Record<string, unknown>>;
}

/** Event type names of a resource's lifecycle (`UserGroupCreated` …). */
export function resourceEventTypes(resource: Pick<ResourceDeclaration, 'objectType'>) {
  return {
    created: `${resource.objectType}Created`,
    updated: `${resource.objectType}Updated`,
    deleted: `${resource.objectType}Deleted`,
  } as const;
}

/**
 * The lifecycle events of every declared resource: created with the id and every input field,
 * updated with the fields that changed (older events may carry unchanged ones too), deleted.
 */
export type ResourceEvent =
  | DomainEvent<string, { id: number } & Record<string, unknown>>
  | DomainEvent<string, Record<string, unknown>>;

/** What a list of the resource allows: sort fields, filters and the `q` columns. */
export function listShape(resource: ResourceDeclaration) {
  const fields = Object.entries(resource.fields);
  return {
    sortable: ['id', 'registered', 'updated', ...fields.filter(([, s]) => s.sortable).map(([n]) => n)],
    search: fields.filter(([, s]) => s.search).map(([n]) => n),
    filters: fields.filter(([, s]) => s.filter),
  };
}

/** Whether a field's values are stored as JSON (structured data and files). */
export const isJsonField = (spec: FieldSpec) => spec.kind === 'json' || spec.kind === 'file';

/**
 * A text field lists sort by code point (COLLATE "C"): the same order on every server, whatever its
 * locale (platform/src/http/simple-rest.ts ListDefinition.codePointSorts).
 */
export const sortsByCodePoint = (spec: FieldSpec) =>
  spec.kind === 'text' || spec.kind === 'enum' || spec.kind === 'url';

/** Values equal as stored (arrays and structured values by their JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
