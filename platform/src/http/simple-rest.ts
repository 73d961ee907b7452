import { messages } from '@interior/contracts';
import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import { badRequest } from '../errors';
import { parseClientJson } from './client-json';

/**
 * The ra-data-simple-rest wire contract (docs/architecture.md "Queries") as one reusable piece:
 * `sort=["field","ASC"]`, `range=[start,end]` (inclusive, at most MAX_PAGE rows),
 * `filter={...}` with `q` for free text, `_gte/_lte/_gt/_lt` ranges, arrays for IN, and getMany by
 * `filter={"id":[...]}` or `ids`. Every field that may be sorted or filtered is allow-listed per
 * resource; anything else is a 400, never SQL.
 */
export const MAX_PAGE = 1000;

/**
 * How a filter value is read and compared. `integer` is a PostgreSQL `integer` (int4) column and
 * `bigint` an `int8` one: a value outside the column's range is a 400, never a query that fails.
 * `arrayContains`: an array column holding the value.
 */
export type FilterKind = 'text' | 'integer' | 'bigint' | 'timestamp' | 'boolean' | 'arrayContains';

export interface ListDefinition {
  /** Resource name, as in the URL and Content-Range. */
  resource: string;
  /** Table or view the records are read from; its column names are the record's field names. */
  table: string;
  sortable: readonly string[];
  defaultSort: readonly [field: string, order: 'ASC' | 'DESC'];
  /** Filterable fields (besides `id` and `q`) and their kinds. */
  filters: Readonly<Record<string, FilterKind>>;
  /** Columns `q` searches, case-insensitively, anywhere in the text. */
  search: readonly string[];
  /**
   * The table's search index is in this many parts, one per remainder of its integer `id`
   * (searchPartExpression): `q` then asks each part apart, so the planner reads each part's index.
   */
  searchParts?: number;
  /**
   * A search counts its matches exactly up to this many, or to the page's end when that is
   * further (SEARCH_COUNT_CAP when absent); past it the total says "at least" (ListResult.atLeast).
   */
  searchCountCap?: number;
  /** Columns of the answer; all of the table's when absent. */
  columns?: readonly string[];
  /** Element kind of `arrayContains` filters' values. */
  arrayElement?: Readonly<Record<string, 'text' | 'integer' | 'bigint'>>;
  /** Kind of the `id` column (`filter={"id":[...]}` and `ids`): `integer` unless it is a bigserial. */
  idKind?: 'integer' | 'bigint';
  /**
   * Sortable columns that may be null. Their missing values sort as the smallest (first going up,
   * last going down). Only these: a NULLS clause on other columns would keep PostgreSQL from
   * reading their default-ordered indexes.
   */
  nullable?: readonly string[];
  /**
   * Sortable text columns ordered by code point (COLLATE "C"), the same on every server whatever
   * its locale: Hangul in 가나다 order, capital Latin letters before small ones. Their sort indexes
   * are built so (projections/src/resource): such an index builds in two thirds of the time of one
   * in the server's locale, which compares every pair of keys through the C library.
   */
  codePointSorts?: readonly string[];
  /**
   * Reference filters that match a whole subtree: the field's value names a category, and every
   * record filed under it or under any of its descendants matches (the tree's table keeps `path`).
   */
  subtrees?: Readonly<Record<string, string>>;
}

type Operator = '=' | 'in' | '>=' | '<=' | '>' | '<' | 'is null' | 'contains' | 'overlaps';
interface Condition {
  column: string;
  operator: Operator;
  value?: unknown;
}

export interface ListRequest {
  sort: { field: string; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  conditions: Condition[];
  q?: string;
}

const RANGE_SUFFIXES = { _gte: '>=', _lte: '<=', _gt: '>', _lt: '<' } as const;

/**
 * An allow-listed filter's kind, by own property only: a client's key such as `constructor` or
 * `toString` must not find what every object inherits (it did, and knex rendered the function).
 */
function filterKind(def: ListDefinition, field: string): FilterKind | undefined {
  return Object.hasOwn(def.filters, field) ? def.filters[field] : undefined;
}

function firstValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Parses a JSON parameter as every client JSON is (client-json.ts): bounded in length and depth,
 * and its strings (escapes like `\u0000` included) text PostgreSQL can store.
 */
export function parseJsonParam(value: unknown, message: string): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 10_000) throw badRequest(message);
  return parseClientJson(value, { message });
}

/** The range of each integer column type: PostgreSQL refuses a value beyond it with an error. */
const INTEGER_RANGES = {
  integer: [-2_147_483_648, 2_147_483_647],
  // int8 holds more than a JS number does exactly: the safe integers are the range here.
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;

function readInteger(value: unknown, kind: 'integer' | 'bigint' = 'integer'): number {
  const n = typeof value === 'string' && /^-?\d{1,16}$/.test(value.trim()) ? Number(value) : value;
  const [min, max] = INTEGER_RANGES[kind];
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
    throw badRequest(messages.invalidFilter);
  }
  return n;
}

/**
 * An ISO 8601 date (`2024-05-01`) or date-time (`2024-05-01T09:30:00.000Z`, `+09:00`) in the years
 * 0001 to 9999: a JS Date reaches the year 275760, PostgreSQL and sane data do not.
 */
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function readTimestamp(value: unknown): string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) throw badRequest(messages.invalidFilter);
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest(messages.invalidFilter);
  const year = new Date(time).getUTCFullYear();
  if (year < 1 || year > 9999) throw badRequest(messages.invalidFilter);
  return new Date(time).toISOString();
}

function readScalar(kind: FilterKind, value: unknown): unknown {
  switch (kind) {
    case 'integer':
    case 'bigint':
      return readInteger(value, kind);
    case 'timestamp':
      return readTimestamp(value);
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw badRequest(messages.invalidFilter);
    case 'text':
    case 'arrayContains':
      if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > 1000) {
        throw badRequest(messages.invalidFilter);
      }
      return String(value);
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

function parseIds(value: unknown, kind: 'integer' | 'bigint' = 'integer'): number[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_PAGE) throw badRequest(messages.rangeTooLarge(MAX_PAGE));
  return list.map((id) => readInteger(id, kind));
}

/**
 * `range=[start,end]`: whole numbers from 0, inclusive, at most `max` rows; undefined when the
 * parameter is absent.
 */
export function parseRangeParam(value: unknown, max: number): { start: number; end: number } | undefined {
  const range = parseJsonParam(value, messages.invalidRange);
  if (range === undefined) return undefined;
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    range[0] > range[1]
  ) {
    throw badRequest(messages.invalidRange);
  }
  const [start, end] = range as [number, number];
  if (end - start + 1 > max) throw badRequest(messages.rangeTooLarge(max));
  return { start, end };
}

/** Reads `sort`, `range`, `filter` and `ids` from a query string against the definition. */
export function parseListRequest(query: Record<string, unknown>, def: ListDefinition): ListRequest {
  const conditions: Condition[] = [];
  let q: string | undefined;

  const sortValue = parseJsonParam(firstValue(query.sort), messages.invalidSort);
  let sort = { field: def.defaultSort[0], order: def.defaultSort[1] } as ListRequest['sort'];
  if (sortValue !== undefined) {
    if (!Array.isArray(sortValue) || typeof sortValue[0] !== 'string' || typeof sortValue[1] !== 'string') {
      throw badRequest(messages.invalidSort);
    }
    const [field, order] = sortValue as [string, string];
    if (!def.sortable.includes(field)) throw badRequest(messages.unknownSortField(field));
    const upper = order.toUpperCase();
    if (upper !== 'ASC' && upper !== 'DESC') throw badRequest(messages.invalidSort);
    sort = { field, order: upper };
  }

  const range = parseRangeParam(firstValue(query.range), MAX_PAGE) ?? { start: 0, end: MAX_PAGE - 1 };

  const filterValue = parseJsonParam(firstValue(query.filter), messages.invalidFilter) ?? {};
  if (typeof filterValue !== 'object' || filterValue === null || Array.isArray(filterValue)) {
    throw badRequest(messages.invalidFilter);
  }
  for (const [key, value] of Object.entries(filterValue)) {
    if (value === undefined) continue;
    if (key === 'q') {
      if (typeof value !== 'string' || value.length > 200) throw badRequest(messages.invalidFilter);
      if (def.search.length === 0) throw badRequest(messages.unknownFilterField('q'));
      if (value.trim()) q = value.trim();
      continue;
    }
    if (key === 'id' || key === 'ids') {
      conditions.push({ column: 'id', operator: 'in', value: parseIds(value, def.idKind) });
      continue;
    }
    const suffix = (Object.keys(RANGE_SUFFIXES) as (keyof typeof RANGE_SUFFIXES)[]).find((s) =>
      key.endsWith(s),
    );
    if (suffix) {
      const field = key.slice(0, -suffix.length);
      const kind = filterKind(def, field);
      if (kind !== 'integer' && kind !== 'bigint' && kind !== 'timestamp') {
        throw badRequest(messages.unknownFilterField(key));
      }
      conditions.push({ column: field, operator: RANGE_SUFFIXES[suffix], value: readScalar(kind, value) });
      continue;
    }
    const kind = filterKind(def, key);
    if (!kind) throw badRequest(messages.unknownFilterField(key));
    if (value === null) {
      conditions.push({ column: key, operator: 'is null' });
    } else if (kind === 'arrayContains') {
      const element =
        (def.arrayElement && Object.hasOwn(def.arrayElement, key) && def.arrayElement[key]) || 'text';
      const values = (Array.isArray(value) ? value : [value]).map((v) => readScalar(element, v));
      if (values.length > MAX_PAGE) throw badRequest(messages.invalidFilter);
      conditions.push({
        column: key,
        operator: values.length === 1 ? 'contains' : 'overlaps',
        value: values,
      });
    } else if (Array.isArray(value)) {
      if (value.length > MAX_PAGE) throw badRequest(messages.invalidFilter);
      conditions.push({ column: key, operator: 'in', value: value.map((v) => readScalar(kind, v)) });
    } else {
      conditions.push({ column: key, operator: '=', value: readScalar(kind, value) });
    }
  }

  const ids = query.ids;
  if (ids !== undefined) {
    const parsed =
      typeof ids === 'string' && ids.trim().startsWith('[')
        ? parseJsonParam(ids, messages.invalidFilter)
        : ids;
    conditions.push({ column: 'id', operator: 'in', value: parseIds(parsed, def.idKind) });
  }

  return { sort, range, conditions, ...(q ? { q } : {}) };
}

/**
 * The text `q` searches, as one expression over the definition's `search` columns (lower-cased,
 * joined by a line break). A projection indexes exactly this expression with a trigram GIN index
 * (`using gin (<expression> gin_trgm_ops)`), so one index scan finds the candidates of a search
 * over several columns; the per-column ILIKE stays in the query, so what matches is unchanged.
 */
export function searchExpression(columns: readonly string[]): string {
  const quoted = columns.map((c) => `coalesce("${c.replace(/"/g, '""')}", '')`);
  return `lower(${quoted.join(` || E'\\n' || `)})`;
}

/**
 * How many parts a declared resource's search index is built in: a trigram GIN index is built by
 * one core of PostgreSQL, so a rebuild builds the parts side by side instead (one per core here;
 * at a million rows, 3 s instead of 6). A search reads both parts' indexes (searchParts).
 */
export const SEARCH_INDEX_PARTS = 2;

/**
 * Part `part` of `parts` of the search text (searchExpression): the text of the rows whose `id`
 * leaves that remainder, null for the others. Each part has its own trigram index, and a search
 * asks `part like p or …`, one condition per part, so each part's index serves its own. Not
 * partial indexes (a WHERE on the remainder): the planner would check a candidate row against
 * `text like p and id % n = k` part after part, computing its text up to once per part, where a
 * part that is not the row's is null at the cost of one remainder (a 10% search over a million
 * rows: 80 ms instead of 100–118).
 */
export function searchPartExpression(columns: readonly string[], parts: number, part: number): string {
  if (!Number.isInteger(parts) || !Number.isInteger(part) || part < 0 || part >= parts)
    throw new Error(`no part ${part} of ${parts}`);
  return `(case when "id" % ${parts} = ${part} then ${searchExpression(columns)} end)`;
}

/** `%`, `_` and `\` match themselves in the free-text search. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applyConditions(builder: Knex.QueryBuilder, def: ListDefinition, request: ListRequest): void {
  for (const c of request.conditions) {
    const tree = def.subtrees?.[c.column];
    if (tree && (c.operator === '=' || c.operator === 'in')) {
      const roots = (c.operator === '=' ? [c.value] : (c.value as unknown[])).map((v) => JSON.stringify([v]));
      if (roots.length === 0) {
        builder.whereRaw('false');
        continue;
      }
      builder.whereRaw(
        `?? in (select id from ?? where ${roots.map(() => 'path @> ?::jsonb').join(' or ')})`,
        [c.column, tree, ...roots],
      );
      continue;
    }
    switch (c.operator) {
      case 'in':
        builder.whereIn(c.column, c.value as readonly (string | number | boolean)[]);
        break;
      case 'is null':
        builder.whereNull(c.column);
        break;
      case 'contains':
        builder.whereRaw('?? @> ?', [c.column, c.value as Knex.Value]);
        break;
      case 'overlaps':
        builder.whereRaw('?? && ?', [c.column, c.value as Knex.Value]);
        break;
      default:
        builder.where(c.column, c.operator, c.value as string | number | boolean);
    }
  }
}

/** The free-text condition of `q` (the trigram index's expression, see searchExpression). */
function applySearch(builder: Knex.QueryBuilder, def: ListDefinition, q: string): void {
  // ILIKE lower-cases both sides in a multi-byte database, so a match of a column is a match of
  // the lower-cased joined text, which the index finds. The converse holds for a `q` without a
  // line break (the joint): its characters match only themselves (likePattern), so a match of
  // the joined text lies within one column. Only such a `q` is then answered by the joined text
  // alone, which saves lower-casing every candidate's columns twice more (most of a search's time).
  const parts = def.searchParts ?? 1;
  if (parts > 1) {
    const each = Array.from(
      { length: parts },
      (_, part) => `${searchPartExpression(def.search, parts, part)} like lower(?)`,
    );
    builder.whereRaw(`(${each.join(' or ')})`, Array(parts).fill(likePattern(q)));
  } else builder.whereRaw(`${searchExpression(def.search)} like lower(?)`, [likePattern(q)]);
  if (q.includes('\n')) {
    builder.where((inner) => {
      for (const column of def.search) inner.orWhereRaw('?? ilike ?', [column, likePattern(q)]);
    });
  }
}

export interface ListResult<T> {
  records: T[];
  total: number;
  start: number;
  /**
   * `total` is a lower bound: at least that many rows match (a search matching more than its
   * definition counts, searchCountCap). Content-Range then says `<total>+`.
   */
  atLeast?: boolean;
}

/**
 * Runs a list request. `scope` narrows the rows the caller may see (authorization); the total
 * counts only those rows. `scopeTotal`, when given, is that count as a projection keeps it (one
 * owner's designs): a request that adds no filter of its own reads it with the page instead of
 * counting the rows.
 */
export async function queryList<T = Record<string, unknown>>(
  knex: Knex,
  def: ListDefinition,
  query: Record<string, unknown>,
  scope?: (builder: Knex.QueryBuilder) => void,
  scopeTotal?: Knex.Raw,
): Promise<ListResult<T>> {
  const request = parseListRequest(query, def);
  /** The rows listed but for `q`: the request's filters and the scope. */
  const inScope = (builder: Knex.QueryBuilder = knex(def.table)) => {
    applyConditions(builder, def, request);
    if (scope) builder.where(scope);
    return builder;
  };
  const filtered = (builder: Knex.QueryBuilder = knex(def.table)) => {
    inScope(builder);
    if (request.q) applySearch(builder, def, request.q);
    return builder;
  };
  const { field } = request.sort;
  const direction = request.sort.order === 'ASC' ? 'asc' : 'desc';
  const collated = def.codePointSorts?.includes(field) ? ' collate "C"' : '';
  /** The ORDER BY of the list: the sort column (as it is ordered), then the id. */
  const orderOn = (sortColumn: string, idColumn: string): Knex.Raw => {
    const nulls = def.nullable?.includes(field) ? ` nulls ${direction === 'asc' ? 'first' : 'last'}` : '';
    return field === 'id'
      ? knex.raw(`??${collated} ${direction}${nulls}`, [sortColumn])
      : knex.raw(`??${collated} ${direction}${nulls}, ?? asc`, [sortColumn, idColumn]);
  };
  const limit = request.range.end - request.range.start + 1;
  if (request.q) return searchPage<T>(knex, def, request, { inScope, filtered }, orderOn, limit, collated);
  const { start } = request.range;
  const deep = start >= DEEP_PAGE && !def.nullable?.includes(field) && field !== 'id';
  // The kept count of the rows listed, when nothing but the scope narrows them.
  const kept =
    request.conditions.length > 0
      ? null
      : !scope
        ? knex.raw(COUNTED_ROWS_SQL, [def.table])
        : (scopeTotal ?? null);
  const rows = (await (deep
    ? deepPage(knex, def.table, filtered, field, direction, start, collated)
    : filtered().offset(start)
  )
    // Columns spread, never one array: knex takes an array first argument as the whole select
    // list and silently drops the count after it.
    .select(
      ...(def.columns ?? ['*']),
      // The kept row count comes with the page (one round trip).
      ...(kept ? [knex.raw('(?) as ??', [kept, TOTAL])] : []),
    )
    .orderByRaw(orderOn(field, 'id'))
    .limit(limit)) as Record<string, unknown>[];
  const keptTotal = kept && rows.length > 0 ? rows[0]![TOTAL] : null;
  const records = (kept ? rows.map(({ [TOTAL]: _, ...record }) => record) : rows) as T[];
  // An empty first page is a count of nought as of the page's own read: a count read after it
  // could include rows committed in between, and answer rows that the page does not hold.
  const total =
    keptTotal != null
      ? Number(keptTotal)
      : kept && start === 0 && rows.length === 0
        ? 0
        : ((kept ? await keptCount(knex, kept) : null) ?? (await countRows(filtered())));
  return { records, total, start: request.range.start };
}

/** From this offset on, a page is found by its first row's sort key (deepPage). */
const DEEP_PAGE = 1_000;

/**
 * The rows from offset `start` on: the first row's sort key and id are found by walking only
 * those two columns (an index-only scan where the projection indexes `(sort column, id)`), and
 * the page's rows are read from that key on, instead of reading every row before the offset
 * whole. The same rows as `offset start`: the order is the sort column, then id ascending.
 */
function deepPage(
  knex: Knex,
  table: string,
  filtered: (builder?: Knex.QueryBuilder) => Knex.QueryBuilder,
  field: string,
  direction: 'asc' | 'desc',
  start: number,
  /** The sort column's COLLATE clause, if any (ListDefinition.codePointSorts). */
  collated: string,
): Knex.QueryBuilder {
  const first = filtered()
    .select({ firstKey: knex.raw(`??${collated}`, [field]) }, 'id')
    .orderByRaw(`??${collated} ${direction}, ?? asc`, [field, 'id'])
    .offset(start)
    .limit(1);
  const [from, past] = direction === 'asc' ? ['>=', '>'] : ['<=', '<'];
  return filtered(knex.withMaterialized('first_row', first).from(table)).whereRaw(
    `??${collated} ${from} (select "firstKey" from first_row) and (??${collated} ${past} (select "firstKey" from first_row) or ?? >= (select id from first_row))`,
    [field, field, 'id'],
  );
}

async function countRows(builder: Knex.QueryBuilder): Promise<number> {
  const [counted] = await builder.count({ total: '*' });
  return Number(counted?.total ?? 0);
}

/**
 * A kept count read alone (a page past the last row has none to carry it): the rows of a read
 * model kept by its projection (projections/src/row-batch.ts keeps them in `read_model_counts`, in
 * the same transaction as the rows, for the table behind the view), or a scope's kept total; null
 * when none is kept. Exact, where `count(*)` of a million rows costs tens of milliseconds.
 */
async function keptCount(knex: Knex, kept: Knex.Raw): Promise<number | null> {
  const { rows } = await knex.raw<{ rows: { kept: string | null }[] }>('select (?)::text as kept', [kept]);
  const found = rows[0]?.kept;
  return found != null ? Number(found) : null;
}

/**
 * The kept row count of the table behind the view named by the one binding, or null (the function
 * is the platform's migration 014).
 */
const COUNTED_ROWS_SQL = 'select read_model_rows(?)';

const TOTAL = '__listTotal';
const SORT_KEY = '__listSort';

/**
 * A search's total is counted exactly up to this many matches (ListDefinition.searchCountCap): past
 * them the answer says "more than" instead of counting a tenth of a million rows to say how many
 * more. A screen pages through 40 pages of 25 with their exact count.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * A search's page is first looked for by walking the list's order (its sort index) and keeping the
 * matches, reading at most this many rows per row up to the page's end, and at most
 * MAX_SEARCH_WALK in all: 25 rows of a search matching a tenth of the rows are found among the
 * first 250 or so. Where the matches are fewer, or lie further on in the order, the walk gives up
 * after those rows, and the matches are found by the index and sorted instead (matchesFirstPage).
 */
const SEARCH_WALK_PER_ROW = 40;
const MAX_SEARCH_WALK = 20_000;

/**
 * A page of a free-text search, in one statement when it can be: the walk of a bounded prefix of
 * the list's order, and, only when that found the whole page, the matches counted at most one
 * past the cap (a bitmap of the trigram index, or a short scan, stopping there). As many as the
 * cap or fewer: their exact total; more: the total says "at least" the cap and one. A walk that
 * finds too few (few matches, or matches clustered further on in the order) leaves the count
 * unread, and the page is sorted from all the matches with their exact total (a second statement).
 * Counting first would pay for a count that the sort of all matches then makes again.
 */
async function searchPage<T>(
  knex: Knex,
  def: ListDefinition,
  request: ListRequest,
  rows: {
    /** The rows listed but for `q` (filters and scope). */
    inScope: () => Knex.QueryBuilder;
    /** Those `q` matches. */
    filtered: () => Knex.QueryBuilder;
  },
  orderOn: (sortColumn: string, idColumn: string) => Knex.Raw,
  limit: number,
  /** The sort column's COLLATE clause, if any (ListDefinition.codePointSorts). */
  collated: string,
): Promise<ListResult<T>> {
  const { start, end } = request.range;
  const cap = Math.max(def.searchCountCap ?? SEARCH_COUNT_CAP, end + 1);
  const walk = Math.min(MAX_SEARCH_WALK, SEARCH_WALK_PER_ROW * (end + 1));
  const prefix = rows.inScope().select('*').orderByRaw(orderOn(request.sort.field, 'id')).limit(walk);
  const walked = knex.from(prefix.as('walked'));
  applySearch(walked, def, request.q!);
  walked.select('*').orderByRaw(orderOn(request.sort.field, 'id')).offset(start).limit(limit);
  const capped = knex
    .from(
      rows
        .filtered()
        .select(knex.raw('1'))
        .limit(cap + 1)
        .as('capped'),
    )
    .count('*');
  // A CASE evaluates its THEN only when its WHEN holds, and PostgreSQL runs an uncorrelated
  // subquery the first time its value is asked for: the count runs only after a full walk.
  const found: Record<string, unknown>[] = await knex
    .withMaterialized('page', walked)
    .select(
      ...(def.columns ? def.columns.map((c) => `page.${c}`) : ['page.*']),
      knex.raw('case when (select count(*) from page) = ? then ? end as ??', [limit, capped, TOTAL]),
    )
    .from('page')
    .orderByRaw(orderOn(`page.${request.sort.field}`, 'page.id'));
  if (found.length < limit)
    return matchesFirstPage<T>(knex, def, request, rows.filtered(), orderOn, limit, collated);
  const matches = Number(found[0]![TOTAL]);
  const records = found.map(({ [TOTAL]: _, ...record }) => record as T);
  return matches > cap
    ? { records, total: cap + 1, start, atLeast: true }
    : { records, total: matches, start };
}

/**
 * A page of a search sorted from all its matches: they are found once (by the trigram index, see
 * searchExpression), counted and sorted, and only the page's rows are read whole. Walking the sort
 * column's index and filtering instead, the plan PostgreSQL picks when it assumes matches are
 * spread evenly, reads most of the table when they cluster at the far end of the order.
 */
async function matchesFirstPage<T>(
  knex: Knex,
  def: ListDefinition,
  request: ListRequest,
  matching: Knex.QueryBuilder,
  orderOn: (sortColumn: string, idColumn: string) => Knex.Raw,
  limit: number,
  collated: string,
): Promise<ListResult<T>> {
  const page = knex('matches')
    .select('id', SORT_KEY)
    .orderByRaw(orderOn(SORT_KEY, 'id'))
    .offset(request.range.start)
    .limit(limit);
  const rows: Record<string, unknown>[] = await knex
    .withMaterialized(
      'matches',
      matching.select('id', knex.raw(`??${collated} as ??`, [request.sort.field, SORT_KEY])),
    )
    .select(
      ...(def.columns ? def.columns.map((c) => `t.${c}`) : ['t.*']),
      knex.raw('(select count(*) from matches) as ??', [TOTAL]),
    )
    .from(`${def.table} as t`)
    .join(page.as('page'), 'page.id', 't.id')
    .orderByRaw(orderOn(`page.${SORT_KEY}`, 'page.id'));
  if (rows.length === 0) {
    // Nothing matched, or the range starts past the matches: count them on their own.
    const counted = knex.withMaterialized('matches', matching.clearSelect().select('id'));
    const [row] = await counted.from('matches').count({ total: '*' });
    return { records: [], total: Number(row?.total ?? 0), start: request.range.start };
  }
  const total = Number(rows[0]![TOTAL]);
  const records = rows.map(({ [TOTAL]: _, ...record }) => record as T);
  return { records, total, start: request.range.start };
}

/** A list's answer: its records, and its `Content-Range: <resource> <first>-<last>/<total>` header. */
export function listAnswer<T>(resource: string, result: ListResult<T>) {
  // A total that is not a count is a bug: fail loudly rather than show "NaN개" to the reader.
  if (!Number.isSafeInteger(result.total) || result.total < 0)
    throw new Error(`list ${resource} has no numeric total: ${result.total}`);
  const span =
    result.records.length > 0 ? `${result.start}-${result.start + result.records.length - 1}` : `*`;
  return {
    headers: {
      'content-range': `${resource} ${span}/${result.total}${result.atLeast ? '+' : ''}`,
      'access-control-expose-headers': 'Content-Range',
    },
    body: result.records,
  };
}

/** Sends a list with its `Content-Range` header (listAnswer). */
export function sendList<T>(reply: FastifyReply, resource: string, result: ListResult<T>) {
  const { headers, body } = listAnswer(resource, result);
  return reply.headers(headers).send(body);
}
