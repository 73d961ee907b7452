import {
  createInputSchema,
  type FieldSpec,
  inputFields,
  materialResource,
  messages,
  particle,
  productResource,
  type ResourceDeclaration,
  resourceNamed,
  resourceTable,
  subject,
  topic,
  validate,
} from '@interior/contracts';
import { badRequest, HttpError, principalOf } from '@interior/platform';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { type CommandServiceDeps, metaOf } from '../deps';
import { createRecord, type ResourceCommandHooks, undoCreate } from '../resource/routes';

/** At most this many rows and this much text in one import. */
export const IMPORT_LIMITS = { rows: 2_000, bytes: 2 * 1024 * 1024 } as const;

export const importMessages = {
  noRows: 'CSV에 가져올 행이 없습니다. 첫 줄은 열 이름이어야 합니다.',
  tooManyRows: (max: number) => `한 번에 ${max.toLocaleString('ko-KR')}행까지 가져올 수 있습니다.`,
  tooLarge: 'CSV 파일이 너무 큽니다. 2MB 이하로 나누어 가져와 주세요.',
  unreadable: (detail: string) => `CSV를 읽을 수 없습니다: ${detail}`,
  unknownColumn: (name: string) => `알 수 없는 열입니다: ${name}`,
  notImportable: (label: string) =>
    `${topic(label)} CSV로 가져올 수 없습니다. 가져온 뒤 화면에서 넣어 주세요.`,
  notFoundByName: (label: string, value: string) =>
    `${label} '${value}'${particle(value, '을', '를')} 찾을 수 없습니다.`,
  duplicateInFile: (label: string, line: number) => `${subject(label)} ${line}행과 같습니다.`,
  invalidRows: (count: number) => `${count}개 행에 오류가 있어 아무것도 가져오지 않았습니다.`,
  notNumber: '숫자가 아닙니다.',
  notChoice: (choices: string) => `다음 중 하나여야 합니다: ${choices}`,
} as const;

const ImportSchema = z.object({
  csv: z.string({ error: messages.required }).max(IMPORT_LIMITS.bytes, { error: importMessages.tooLarge }),
  commit: z.boolean({ error: messages.invalidValue }).default(false),
});

/** One row as the preview shows it: its line in the file, the record it would make, its errors. */
export interface ImportRow {
  line: number;
  fields: Record<string, unknown>;
  errors: Record<string, string>;
}

export interface ImportAnswer {
  rows: ImportRow[];
  valid: boolean;
  created: number[];
}

/** A reference column names its record by what a person types: code, name or category path. */
async function resolveReference(
  knex: Knex,
  spec: Extract<FieldSpec, { kind: 'reference' }>,
  text: string,
): Promise<number | null> {
  const target = resourceNamed(spec.resource);
  if (!target) return null;
  const table = resourceTable(target);
  if (spec.subtree) {
    // A category path from the root, "가구 > 소파": each name under the one before it.
    let parentId: number | null = null;
    for (const name of text.split('>').map((part) => part.trim())) {
      const found: { id: number } | undefined = await knex(table)
        .where({ parentId })
        .whereRaw('lower(name) = lower(?)', [name])
        .first('id');
      if (!found) return null;
      parentId = found.id;
    }
    return parentId;
  }
  const columns = Object.hasOwn(target.fields, 'code') ? ['code', 'name'] : ['name'];
  for (const column of columns) {
    const found = await knex(table).whereRaw('lower(??) = lower(?)', [column, text]).first('id');
    if (found) return found.id as number;
  }
  return null;
}

/** A cell as the field's value: numbers with thousands separators, choices by value or Korean label. */
function cellValue(spec: FieldSpec, text: string): { value?: unknown; error?: string } {
  if (text === '') return { value: undefined };
  switch (spec.kind) {
    case 'integer':
    case 'money':
    case 'decimal': {
      const plain = text.replace(/,/g, '').replace(/원$/, '').trim();
      return /^-?\d+(\.\d+)?$/.test(plain) ? { value: Number(plain) } : { error: importMessages.notNumber };
    }
    case 'boolean':
      if (['예', 'true', '1', 'Y', 'y'].includes(text)) return { value: true };
      if (['아니오', 'false', '0', 'N', 'n'].includes(text)) return { value: false };
      return { error: importMessages.notChoice('예, 아니오') };
    case 'enum': {
      const byLabel = Object.entries(spec.labels).find(([, label]) => label === text)?.[0];
      const value = spec.values.includes(text) ? text : byLabel;
      return value === undefined
        ? { error: importMessages.notChoice(spec.values.map((v) => spec.labels[v] ?? v).join(', ')) }
        : { value };
    }
    case 'enumSet': {
      // Several choices in one cell: "바닥; 벽" (by value or Korean label).
      const values: string[] = [];
      for (const part of text
        .split(/[;,/|]/)
        .map((p) => p.trim())
        .filter(Boolean)) {
        const value = spec.values.includes(part)
          ? part
          : Object.entries(spec.labels).find(([, label]) => label === part)?.[0];
        if (value === undefined)
          return { error: importMessages.notChoice(spec.values.map((v) => spec.labels[v] ?? v).join(', ')) };
        values.push(value);
      }
      return { value: values };
    }
    default:
      return { value: text };
  }
}

/**
 * Reads a CSV of products or materials (docs/catalogue.md "CSV import") into the records it
 * would create, each row with its Korean errors: the columns by field name or Korean label,
 * references by code, name or category path ("가구 > 소파"), codes unique in the file and in the
 * catalogue, every rule a single create checks. Writes nothing.
 */
export async function previewImport(
  deps: CommandServiceDeps,
  resource: ResourceDeclaration,
  hooks: ResourceCommandHooks,
  csv: string,
): Promise<ImportRow[]> {
  let records: Record<string, string>[];
  try {
    records = parse(csv, { bom: true, columns: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw badRequest(importMessages.unreadable(error instanceof Error ? error.message : String(error)));
  }
  if (records.length === 0) throw badRequest(importMessages.noRows);
  if (records.length > IMPORT_LIMITS.rows) throw badRequest(importMessages.tooManyRows(IMPORT_LIMITS.rows));

  const fields = inputFields(resource);
  const byHeader = new Map<string, [string, FieldSpec]>();
  for (const [name, spec] of fields) {
    byHeader.set(name.toLowerCase(), [name, spec]);
    byHeader.set(spec.label.toLowerCase(), [name, spec]);
  }
  const headers = Object.keys(records[0] ?? {});
  const unknown = headers.filter((h) => !byHeader.has(h.toLowerCase()));
  if (unknown.length) throw badRequest(importMessages.unknownColumn(unknown.join(', ')));
  const schema = createInputSchema(resource);
  const uniqueFields = (resource.unique ?? []).map((u) => u.field);
  const seen = new Map<string, number>();

  const rows: ImportRow[] = [];
  for (const [index, record] of records.entries()) {
    // The header is line 1, so the first record is line 2 as a spreadsheet numbers it.
    const line = index + 2;
    const errors: Record<string, string> = {};
    const input: Record<string, unknown> = {};
    for (const header of headers) {
      const [name, spec] = byHeader.get(header.toLowerCase()) as [string, FieldSpec];
      const text = (record[header] ?? '').trim();
      if (text === '') continue;
      if (spec.kind === 'file' || spec.kind === 'json') {
        errors[name] = importMessages.notImportable(spec.label);
        continue;
      }
      if (spec.kind === 'reference') {
        const id = await resolveReference(deps.knex, spec, text);
        if (id === null) errors[name] = importMessages.notFoundByName(spec.label, text);
        else input[name] = id;
        continue;
      }
      const cell = cellValue(spec, text);
      if (cell.error) errors[name] = cell.error;
      else input[name] = cell.value;
    }
    const checked = validate(schema, input);
    let fieldsOut: Record<string, unknown> = input;
    if (!checked.ok) {
      for (const [name, message] of Object.entries(checked.errors)) errors[name] ??= message;
    } else {
      fieldsOut = checked.data;
      for (const field of uniqueFields) {
        const value = fieldsOut[field];
        if (typeof value !== 'string' || value === '') continue;
        const label = resource.fields[field]?.label ?? field;
        const key = `${field}\u0000${value.toLowerCase()}`;
        const earlier = seen.get(key);
        if (earlier !== undefined) errors[field] ??= importMessages.duplicateInFile(label, earlier);
        else seen.set(key, line);
        const taken = await deps
          .knex(resourceTable(resource))
          .whereRaw('lower(??) = lower(?)', [field, value])
          .first('id');
        if (taken)
          errors[field] ??= resource.unique?.find((u) => u.field === field)?.message ?? messages.invalidValue;
      }
      if (Object.keys(errors).length === 0 && hooks.beforeCreate) {
        try {
          await hooks.beforeCreate(
            { deps, meta: { actorId: null, correlationId: 'import-preview', now: new Date() } },
            {
              ...fieldsOut,
            },
          );
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          if (error.errors) Object.assign(errors, error.errors);
          else errors._ = error.message;
        }
      }
    }
    rows.push({ line, fields: fieldsOut, errors });
  }
  return rows;
}

/**
 * `POST /api/{product,material}/import {csv, commit}`: the preview of every row (commit false),
 * or, when every row is valid, all of them created (commit true). All or nothing: nothing is
 * written while any row has an error, and if a create fails half-way (a code taken meanwhile)
 * the records already made are deleted again before the error is answered.
 */
export function registerCatalogueImport(
  app: FastifyInstance,
  deps: CommandServiceDeps,
  hooksOf: (name: string) => ResourceCommandHooks,
): void {
  for (const resource of [productResource, materialResource]) {
    const hooks = hooksOf(resource.name);
    app.post(`/api/${resource.name}/import`, async (request, reply): Promise<ImportAnswer> => {
      await deps.permissions.require(
        principalOf(request),
        { type: resource.objectType },
        'Write',
        resource.notFound,
      );
      const body = ImportSchema.safeParse(request.body);
      if (!body.success) throw badRequest(body.error.issues[0]?.message ?? messages.invalidValue);
      const rows = await previewImport(deps, resource, hooks, body.data.csv);
      const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
      if (!body.data.commit) return { rows, valid: invalid === 0, created: [] };
      if (invalid > 0) throw new HttpError(409, importMessages.invalidRows(invalid));
      const meta = metaOf(request);
      const created: number[] = [];
      try {
        for (const row of rows) created.push(await createRecord(deps, resource, hooks, row.fields, meta));
      } catch (error) {
        for (const [i, id] of created.entries())
          await undoCreate(deps, resource, hooks, id, rows[i]?.fields ?? {}, meta);
        throw error;
      }
      reply.status(201);
      return { rows, valid: true, created };
    });
  }
}
