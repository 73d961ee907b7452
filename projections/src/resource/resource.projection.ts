import {
  emptyValue,
  type FieldSpec,
  isJsonField,
  type ResourceDeclaration,
  resourceEventTypes,
  resourceTable,
  sortsByCodePoint,
} from '@interior/contracts';
import { SEARCH_INDEX_PARTS, type StoredEvent, searchPartExpression } from '@interior/platform';
import type { Knex } from 'knex';
import type { LogCreations } from '../log-creations';
import { defineProjection, occurredAt, type Projection, type ProjectionContext } from '../projection';
import { applyRowBatch, type PendingBatch, planRowBatch, type RowFold, type Rows } from '../row-batch';
import { hasTrigramSearch } from '../search';
import { sqlIdentifier, sqlText } from '../sql';

/**
 * The read model of a declared resource (docs/adding-a-resource.md): one row per live record with
 * its fields and the common ones (`registered`, `registeredBy`, `updated`, `updatedBy`, `version`).
 * A deleted record leaves the table. Batches are applied set-based (row-batch.ts): the rows a batch
 * touches are read once, the events folded in memory, the table written once. What a resource
 * derives from other events (a count of members) is its `extra` folds, on the same rows.
 */
export type ResourceRow = { id: number } & Record<string, unknown>;

/** The batch's rows as an extra fold changes them. */
export type RowEditor = Pick<Rows<ResourceRow>, 'get' | 'update' | 'delete'>;

export interface ExtraFold {
  /** The ids of the rows the event changes. */
  ids(event: StoredEvent): readonly number[];
  fold(rows: RowEditor, event: StoredEvent): void;
}

/**
 * Other events applied set-based by SQL of their own, a run of consecutive ones at a time (a
 * brand's count of products, catalogue/referrer-count.ts): a catalogue import then costs a few
 * statements per batch, not several per product. The result must be that of applying the events
 * one at a time, which `apply` does (a run of one).
 */
export interface ExtraRun {
  applyRun(
    trx: Knex.Transaction,
    events: readonly StoredEvent[],
    table: string,
    /** Physical names of the projection's own further tables (`tables` below). */
    tables: Readonly<Record<string, string>>,
  ): Promise<void>;
}

/** A handler of another event writing the table itself (one event at a time). */
export type ExtraHandler = (
  trx: Knex.Transaction,
  event: StoredEvent,
  table: string,
  context: ProjectionContext,
  /** Physical names of the projection's own further tables (`tables` below). */
  tables: Readonly<Record<string, string>>,
) => Promise<void>;

/**
 * A read model is applied a batch at a time: its own events and `ExtraFold`s folded on rows in
 * memory, `ExtraRun`s by their own set-based SQL, each run of consecutive events of one kind in
 * turn. What needs SQL per event is applied one event at a time within the batch: handlers that
 * write the table themselves, and the record's own events when there is an `afterChange` (a
 * category's path and its siblings' order). Those and the runs change rows but never add or remove
 * one: the row count that row-batch.ts keeps moves with the record's own events only.
 */
export interface ResourceProjectionOptions {
  /** Bump when the table or the handling changes: the runner rebuilds the read model. */
  version: number;
  /** Other events, by type, changing only this resource's rows: folds, runs, or handlers writing SQL. */
  extra?: Readonly<Record<string, ExtraFold | ExtraRun | ExtraHandler>>;
  /** Further tables the derived columns need (what a category's items are filed under), by logical name. */
  tables?: Readonly<Record<string, (table: Knex.CreateTableBuilder) => void>>;
  /**
   * Runs after the record's own created, updated or deleted event is applied, with the row as it
   * was and as it is (undefined when absent): derived columns of this or related rows.
   */
  afterChange?(
    trx: Knex.Transaction,
    change: {
      event: StoredEvent;
      table: string;
      tables: Readonly<Record<string, string>>;
      before: Record<string, unknown> | undefined;
      after: Record<string, unknown> | undefined;
    },
  ): Promise<void>;
}

function addColumn(t: Knex.CreateTableBuilder, name: string, spec: FieldSpec): void {
  const required = 'required' in spec && spec.required === true;
  const column = (() => {
    switch (spec.kind) {
      case 'text':
      case 'enum':
      case 'url':
        return t.text(name);
      case 'integer':
        return spec.derived ? t.integer(name).notNullable().defaultTo(0) : t.integer(name);
      case 'money':
      case 'reference':
        return t.integer(name);
      case 'decimal':
        return t.double(name);
      case 'boolean':
        return t.boolean(name).notNullable().defaultTo(false);
      case 'enumSet':
        return t.specificType(name, 'text[]').notNullable().defaultTo('{}');
      case 'timestamp':
        return t.timestamp(name, { useTz: true });
      case 'json':
        return t.jsonb(name);
      case 'file':
        return spec.multiple ? t.jsonb(name).notNullable().defaultTo('[]') : t.jsonb(name);
      default: {
        const unreachable: never = spec;
        return unreachable;
      }
    }
  })();
  if (required && !spec.derived) column.notNullable();
  // A reference's index serves the lookups of derived columns while the table fills; the sort
  // indexes only serve lists, so they are built once the table is full (sortIndexes).
  if (spec.kind === 'reference') t.index(spec.sortable ? [name, 'id'] : [name]);
}

/**
 * The indexes the lists sort by: with the id (the tie-break of every sort), a deep page's first
 * row is an index-only scan. Created by `indexes`, so a rebuild fills the table first and
 * builds each of them at once (the runner indexes a building generation when it has caught up).
 */
function sortIndexes(resource: ResourceDeclaration): { name: string; columns: string[] }[] {
  const indexes = [
    { name: 'registered_id', columns: [sqlIdentifier('registered'), sqlIdentifier('id')] },
    { name: 'updated_id', columns: [sqlIdentifier('updated'), sqlIdentifier('id')] },
  ];
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (!spec.sortable || spec.kind === 'reference') continue;
    // Text in the order lists sort it (ListDefinition.codePointSorts).
    const column = sortsByCodePoint(spec) ? `${sqlIdentifier(name)} collate "C"` : sqlIdentifier(name);
    indexes.push({ name: `${name}_id`, columns: [column, sqlIdentifier('id')] });
  }
  return indexes;
}

/**
 * A field's value as its column takes it: structured values as JSON text (pg would send arrays as
 * SQL arrays), also for rows read back from the table and written again.
 */
function toColumns(resource: ResourceDeclaration, fields: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const spec = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
    if (!spec || spec.derived) continue;
    row[name] = isJsonField(spec) && value !== null && value !== undefined ? JSON.stringify(value) : value;
  }
  return row;
}

/** Default values of derived columns for a new row (the table's defaults). */
function derivedDefaults(resource: ResourceDeclaration): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (!spec.derived) continue;
    if (spec.kind === 'integer') row[name] = 0;
    else if (spec.kind === 'boolean') row[name] = false;
    else if (spec.kind === 'enumSet') row[name] = [];
    else row[name] = null;
  }
  return row;
}

/** A value of `row` (absentValues, derivedDefaults) as a SQL literal of the field's column. */
function columnLiteral(spec: FieldSpec, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `array[${value.map((v) => sqlText(String(v))).join(', ')}]::text[]`;
  return isJsonField(spec) ? `${sqlText(String(value))}::jsonb` : sqlText(String(value));
}

/**
 * A field of a row its creation event makes, as SQL over the log row's `data` (LogCreations): what
 * the fold's toColumns gives, as json_populate_recordset reads it, and `absent` when the event
 * does not carry the field.
 */
function createdColumnSql(name: string, spec: FieldSpec, absent: string): string {
  const key = sqlText(name);
  const text = `(data ->> ${key})`;
  const present = (() => {
    switch (spec.kind) {
      case 'text':
      case 'enum':
      case 'url':
        return text;
      case 'integer':
      case 'money':
      case 'reference':
        return `${text}::integer`;
      case 'decimal':
        return `${text}::double precision`;
      case 'boolean':
        return `${text}::boolean`;
      case 'timestamp':
        return `${text}::timestamptz`;
      case 'enumSet':
        return `case when jsonb_typeof(data -> ${key}) = 'array'
          then array(select jsonb_array_elements_text(data -> ${key})) end`;
      case 'json':
      case 'file':
        // A JSON null is a SQL null to json_populate_recordset too.
        return `nullif(data -> ${key}, 'null'::jsonb)`;
      default: {
        const unreachable: never = spec;
        return unreachable;
      }
    }
  })();
  // Absent, a field reads as null: the same when the absent value is null.
  return absent === 'null'
    ? present
    : `case when jsonb_exists(data, ${key}) then ${present} else ${absent} end`;
}

export function resourceProjection(
  resource: ResourceDeclaration,
  options: ResourceProjectionOptions,
): Projection {
  const table = resourceTable(resource);
  const types = resourceEventTypes(resource);
  const extra = options.extra ?? {};
  const extraEntry = (type: string) => (Object.hasOwn(extra, type) ? extra[type] : undefined);
  const extraOf = (type: string) => {
    const entry = extraEntry(type);
    return entry && typeof entry !== 'function' && 'fold' in entry ? entry : undefined;
  };
  const own = new Set<string>([types.created, types.updated, types.deleted]);
  /**
   * How an event is applied: folded into the batch's rows, by an extra's run, or on its own. Runs
   * of consecutive events with the same step are applied together (applyInSteps).
   */
  const stepOf = (type: string): 'rows' | 'single' | ExtraRun => {
    if (own.has(type)) return options.afterChange ? 'single' : 'rows';
    const entry = extraEntry(type);
    if (typeof entry === 'function') return 'single';
    return entry && 'applyRun' in entry ? entry : 'rows';
  };
  /**
   * A batch whose every event is folded into rows can be planned as one statement (a brand's own
   * events, say); one with an event of another step (a product moving a brand's count) is applied
   * in a transaction.
   */
  const steps = [...own, ...Object.keys(extra)].map(stepOf);
  const folds = steps.includes('rows');
  const foldsOnly = steps.every((step) => step === 'rows');
  const search = Object.entries(resource.fields)
    .filter(([, spec]) => spec.search)
    .map(([name]) => name);
  const jsonFields = Object.entries(resource.fields)
    .filter(([, spec]) => isJsonField(spec))
    .map(([name]) => name);
  const idOf = (event: StoredEvent) => Number(event.stream.slice(resource.objectType.length + 1));
  /** Rows read back hold parsed JSON: written again, it goes as JSON text. */
  const asWritten = (row: ResourceRow): ResourceRow => {
    if (jsonFields.length === 0) return row;
    const copy = { ...row };
    for (const name of jsonFields) {
      const value = copy[name];
      if (value !== null && value !== undefined && typeof value !== 'string')
        copy[name] = JSON.stringify(value);
    }
    return copy;
  };
  /**
   * What a field holds when its creation event does not carry it: events written before the field
   * was declared (a list is empty, a flag false), so the read model of old records is as complete
   * as that of new ones.
   */
  const absentValues = Object.fromEntries(
    Object.entries(resource.fields).map(([name, spec]) => {
      const empty = emptyValue(spec) ?? null;
      return [name, isJsonField(spec) && empty !== null ? JSON.stringify(empty) : empty];
    }),
  );
  const rows: RowFold<ResourceRow> = {
    // A record's id is its stream's, so nothing but its creation, at revision 0, makes its row.
    creates: (event) =>
      event.type === types.created && event.revision === 0 ? (event.data as { id: number }).id : undefined,
    ids(event) {
      if (event.type === types.created) return [(event.data as { id: number }).id];
      if (event.type === types.updated || event.type === types.deleted) return [idOf(event)];
      return extraOf(event.type)?.ids(event) ?? [];
    },
    fold(current, event) {
      switch (event.type) {
        case types.created: {
          const { id, ...fields } = event.data as { id: number } & Record<string, unknown>;
          current.insertIfAbsent({
            id,
            ...absentValues,
            ...derivedDefaults(resource),
            ...toColumns(resource, fields),
            registered: occurredAt(event),
            registeredBy: event.metadata.actorId,
            updated: null,
            updatedBy: null,
            version: event.revision,
          });
          return;
        }
        case types.updated:
          current.update(idOf(event), (row) => ({
            ...asWritten(row),
            ...toColumns(resource, event.data as Record<string, unknown>),
            updated: occurredAt(event),
            updatedBy: event.metadata.actorId,
            version: event.revision,
          }));
          return;
        case types.deleted:
          current.delete(idOf(event));
          return;
        default:
          extraOf(event.type)?.fold(
            {
              get: (id) => current.get(id),
              delete: (id) => current.delete(id),
              update: (id, change) => current.update(id, (row) => ({ ...asWritten(row), ...change(row) })),
            },
            event,
          );
      }
    },
  };
  /**
   * The rows of the creation events, made by the server from the log (log-creations.ts): those of
   * the fold's `created` case. Only the event at revision 0 of the record's own stream, so no row
   * of its id can exist before it. Not with `afterChange`, which needs each row written in turn.
   */
  const defaults = derivedDefaults(resource);
  const createsFromLog: LogCreations | undefined = options.afterChange
    ? undefined
    : {
        table,
        creates: `type = ${sqlText(types.created)} and revision = 0
          and stream = ${sqlText(`${resource.objectType}-`)} || (data ->> 'id')`,
        columns: {
          id: `(data ->> 'id')::integer`,
          ...Object.fromEntries(
            Object.entries(resource.fields).map(([name, spec]) => [
              name,
              spec.derived
                ? columnLiteral(spec, defaults[name])
                : createdColumnSql(name, spec, columnLiteral(spec, absentValues[name])),
            ]),
          ),
          // occurredAt(event): a Date keeps milliseconds.
          registered: `date_trunc('milliseconds', (metadata ->> 'occurredAt')::timestamptz)`,
          registeredBy: `(metadata ->> 'actorId')::integer`,
          updated: 'null',
          updatedBy: 'null',
          version: 'revision',
        },
      };
  const write = (trx: Knex.Transaction, physical: string, events: readonly StoredEvent[]) =>
    applyRowBatch(trx, physical, events, rows);
  /** An event that needs SQL of its own: an extra handler, or an own event with afterChange. */
  const applySingle = async (
    trx: Knex.Transaction,
    event: StoredEvent,
    tables: Readonly<Record<string, string>>,
    context: ProjectionContext,
  ) => {
    const physical = tables[table]!;
    const entry = extraEntry(event.type);
    if (typeof entry === 'function') {
      await entry(trx, event, physical, context, tables);
      return;
    }
    const id = event.type === types.created ? (event.data as { id: number }).id : idOf(event);
    const before = options.afterChange ? await trx(physical).where({ id }).first() : undefined;
    await write(trx, physical, [event]);
    if (options.afterChange) {
      const after = await trx(physical).where({ id }).first();
      await options.afterChange(trx, { event, table: physical, tables, before, after });
    }
  };
  /** The events in order, each run of consecutive events with the same step applied at once. */
  const applyInSteps = async (
    trx: Knex.Transaction,
    events: readonly StoredEvent[],
    tables: Readonly<Record<string, string>>,
    context: ProjectionContext,
  ) => {
    const physical = tables[table]!;
    for (let start = 0; start < events.length; ) {
      const step = stepOf(events[start]!.type);
      let end = start + 1;
      while (end < events.length && stepOf(events[end]!.type) === step) end++;
      const run = events.slice(start, end);
      if (step === 'rows') await write(trx, physical, run);
      else if (step === 'single') for (const event of run) await applySingle(trx, event, tables, context);
      else await step.applyRun(trx, run, physical, tables);
      start = end;
    }
  };
  return defineProjection({
    name: table,
    version: options.version,
    handles: [types.created, types.updated, types.deleted, ...Object.keys(extra)],
    tables: {
      ...options.tables,
      [table]: (t: Knex.CreateTableBuilder) => {
        t.integer('id').primary();
        for (const [name, spec] of Object.entries(resource.fields)) addColumn(t, name, spec);
        t.timestamp('registered', { useTz: true }).notNullable();
        t.integer('registeredBy');
        t.timestamp('updated', { useTz: true });
        t.integer('updatedBy');
        t.integer('version').notNullable();
      },
    },
    async indexes(knex, tables) {
      const physical = tables[table]!;
      // The search index first, in parts built side by side (simple-rest SEARCH_INDEX_PARTS): the
      // longest to build, they then run beside all the others. Each indexes the expression `q`
      // asks of its part (searchPartExpression), so one index scan per part serves it.
      const statements =
        search.length > 0 && (await hasTrigramSearch(knex))
          ? Array.from(
              { length: SEARCH_INDEX_PARTS },
              (
                _,
                part,
              ) => `create index if not exists ${sqlIdentifier(`${physical}_search_${part}`)} on ${sqlIdentifier(physical)}
               using gin (${searchPartExpression(search, SEARCH_INDEX_PARTS, part)} gin_trgm_ops)`,
            )
          : [];
      for (const index of sortIndexes(resource)) {
        statements.push(
          `create index if not exists ${sqlIdentifier(`${physical}_${index.name}_index`.toLowerCase())}
           on ${sqlIdentifier(physical)} (${index.columns.join(', ')})`,
        );
      }
      return statements;
    },
    apply: (trx, event, tables, context) => applyInSteps(trx, [event], tables, context),
    applyBatch: applyInSteps,
    ...(createsFromLog ? { createsFromLog } : {}),
    ...(folds
      ? {
          ...(foldsOnly
            ? {}
            : {
                plans: (events: readonly StoredEvent[]) =>
                  events.every((event) => stepOf(event.type) === 'rows'),
              }),
          planBatch: (
            knex: Knex,
            events: readonly StoredEvent[],
            tables: Readonly<Record<string, string>>,
            pending?: PendingBatch,
          ) => planRowBatch(knex, tables[table]!, events, rows, pending),
        }
      : {}),
  });
}
