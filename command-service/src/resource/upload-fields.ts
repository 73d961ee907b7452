import {
  type FieldSpec,
  fileAccepts,
  megabytes,
  messages,
  type ResourceDeclaration,
} from '@interior/contracts';
import { badRequest, parseClientJson } from '@interior/platform';
import type { CommandServiceDeps } from '../deps';
import { storeFile } from '../files/files';
import { checkedContent, type UploadLimits, type UploadPayload } from '../files/upload-payload';

type FileSpec = Extract<FieldSpec, { kind: 'file' }>;

const fileFieldsOf = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields).filter((entry): entry is [string, FileSpec] => entry[1].kind === 'file');

/** What the upload payload of a resource may carry, or null when it has no file field. */
export function uploadLimitsOf(resource: ResourceDeclaration): UploadLimits | null {
  const specs = fileFieldsOf(resource).map(([, spec]) => spec);
  if (specs.length === 0) return null;
  const largest = specs
    .map((spec) => fileAccepts[spec.accept])
    .reduce((a, b) => (b.maxBytes > a.maxBytes ? b : a));
  return {
    fileBytes: largest.maxBytes,
    files: specs.reduce((n, spec) => n + (spec.multiple ?? 1), 0),
    tooLarge: messages.fileTooLarge(largest.label, megabytes(largest.maxBytes)),
  };
}

/** Kinds whose form value is the text itself; every other kind is sent as JSON text. */
const textKinds = new Set<FieldSpec['kind']>(['text', 'url', 'enum', 'timestamp']);

const attachmentName = (value: unknown): value is string =>
  typeof value === 'string' && /^attachment\d+$/.test(value);

/**
 * The upload payload as the body the JSON write takes. Text parts are the record's fields (text as
 * it is, other kinds as JSON). Files go to the file field that names them (`"attachment0"`, or a
 * list mixing names and kept `{id}`s); unnamed, they fill the resource's one file field in order,
 * and `attachmentChanged` with no file clears it. Each file is checked against its field (type by
 * content, size) before any is stored, then stored as an upload of the writer, so the record's
 * usual file rules apply to it as to an upload made first.
 */
export async function recordBodyOf(
  deps: CommandServiceDeps,
  resource: ResourceDeclaration,
  payload: UploadPayload,
  actorId: number,
): Promise<unknown> {
  if (!payload.multipart) return payload.fields;
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(payload.fields)) {
    const spec = Object.hasOwn(resource.fields, name) ? resource.fields[name] : undefined;
    if (!spec || typeof value !== 'string') continue;
    if (textKinds.has(spec.kind)) {
      body[name] = value;
      continue;
    }
    try {
      body[name] = parseClientJson(value, { message: messages.invalidValue });
    } catch {
      // A bare attachment name is the one thing a file field may carry that is not JSON.
      if (spec.kind !== 'file' || !attachmentName(value)) {
        throw badRequest(messages.invalidValue, { [name]: messages.invalidValue });
      }
      body[name] = value;
    }
  }

  const files = fileFieldsOf(resource);
  const named = files.filter(([name]) => {
    const value = body[name];
    return Array.isArray(value) ? value.some(attachmentName) : attachmentName(value);
  });
  if (named.length === 0 && files.length === 1) {
    const [[name, spec]] = files as [[string, FileSpec]];
    const names = [...payload.attachments.keys()].sort(
      (a, b) => Number(a.slice('attachment'.length)) - Number(b.slice('attachment'.length)),
    );
    if (names.length) {
      if (!spec.multiple && names.length > 1) throw badRequest(messages.invalidUpload);
      body[name] = spec.multiple ? names : names[0];
    } else if (payload.attachmentChanged && !Object.hasOwn(body, name)) {
      body[name] = spec.multiple ? [] : null;
    }
  }

  // Every file goes to one field, and every name a field gives is a file sent.
  const wanted = new Map<string, { field: string; spec: FileSpec }>();
  for (const [field, spec] of files) {
    const value = body[field];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!attachmentName(item)) continue;
      if (!payload.attachments.has(item) || wanted.has(item)) {
        throw badRequest(messages.fileMissing(spec.label), { [field]: messages.fileMissing(spec.label) });
      }
      wanted.set(item, { field, spec });
    }
  }
  if (wanted.size !== payload.attachments.size) throw badRequest(messages.invalidUpload);

  const checked = new Map<string, Awaited<ReturnType<typeof checkedContent>>>();
  for (const [name, { field, spec }] of wanted) {
    checked.set(name, await checkedContent(payload.attachments.get(name)!, spec.accept, field));
  }
  const ids = new Map<string, { id: number }>();
  for (const [name, content] of checked) {
    await deps.rateLimits.consume('uploadPerUser', `user:${actorId}`);
    const { id } = await storeFile(deps.knex, content, actorId, 'record');
    ids.set(name, { id });
  }
  for (const [field] of files) {
    const value = body[field];
    const resolve = (item: unknown) => (attachmentName(item) ? ids.get(item) : item);
    if (Array.isArray(value)) body[field] = value.map(resolve);
    else if (attachmentName(value)) body[field] = resolve(value);
  }
  return body;
}
