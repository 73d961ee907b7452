import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  type FieldSpec,
  FileUploadQuerySchema,
  fileAccepts,
  megabytes,
  messages,
  type ResourceDeclaration,
  resourceNamed,
  type StoredFile,
} from '@interior/contracts';
import { badRequest, HttpError, parseInput, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { CommandServiceDeps } from '../deps';
import { nextId } from '../ids';
import { checkedContent } from './upload-payload';

/**
 * Uploaded files: bytes in the `files` table (not events: a 50 MB model does not belong in the
 * log), named by records through their id. `purpose` keeps a profile photo (personal data, erased
 * with its owner) apart from the files of catalogue records (docs/catalogue.md "Files").
 */
export type FilePurpose = 'profile' | 'record';

/** Stores checked bytes under an unguessable name and answers the file as records keep it. */
export async function storeFile(
  knex: Knex,
  file: { data: Buffer; originalName: string; contentType: string; extension: string },
  ownerId: number,
  purpose: FilePurpose,
): Promise<StoredFile> {
  const id = await nextId(knex, 'File');
  const name = `${randomUUID()}.${file.extension}`;
  const originalName = cleanName(file.originalName, name);
  await knex('files').insert({
    id,
    ownerId,
    name,
    originalName,
    purpose,
    contentType: file.contentType,
    size: file.data.length,
    sha256: createHash('sha256').update(file.data).digest('hex'),
    data: file.data,
  });
  return { id, name, originalName, contentType: file.contentType, size: file.data.length };
}

/** A file name as shown and offered on download: no path, no control characters, bounded. */
function cleanName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .normalize('NFC')
    .slice(0, 200);
  return clean || fallback;
}

/** The file field a route names, if the resource declares it. */
function fileFieldOf(
  resource: ResourceDeclaration | undefined,
  field: string,
): Extract<FieldSpec, { kind: 'file' }> | null {
  if (!resource || !Object.hasOwn(resource.fields, field)) return null;
  const spec = resource.fields[field];
  return spec?.kind === 'file' ? spec : null;
}

/**
 * `POST /api/file?resource=brand&field=logo` (multipart, one part `file`): the upload for a file
 * field. Allowed to whoever may write records of that resource; what the field accepts is checked
 * on the bytes, and its size limit applies. Answers the `StoredFile` (201) that a record then
 * names by id.
 */
export function registerFileCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const largest = Math.max(...Object.values(fileAccepts).map((a) => a.maxBytes));
  app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: { fileSize: largest, files: 1, fields: 0, parts: 1 },
    });
    scoped.post('/api/file', { bodyLimit: largest + 64 * 1024 }, async (request, reply) => {
      const principal = principalOf(request);
      const query = parseInput(FileUploadQuerySchema, request.query);
      const resource = resourceNamed(query.resource);
      const spec = fileFieldOf(resource, query.field);
      if (!resource || !spec) throw badRequest(messages.fileNotAccepted);
      await deps.permissions.require(principal, { type: resource.objectType }, 'Write');
      await deps.rateLimits.consume('uploadPerUser', `user:${principal.userId}`);
      if (!request.isMultipart()) throw badRequest(messages.fileRequired);
      const accept = fileAccepts[spec.accept];
      let upload: { data: Buffer; filename: string } | null = null;
      try {
        const part = await request.file();
        if (part && part.fieldname === 'file')
          upload = { data: await part.toBuffer(), filename: part.filename };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, messages.fileTooLarge(accept.label, megabytes(accept.maxBytes)));
        }
        throw badRequest(messages.invalidUpload);
      }
      if (!upload || upload.data.length === 0) throw badRequest(messages.fileRequired);
      const checked = await checkedContent(
        { data: upload.data, filename: upload.filename },
        spec.accept,
        'file',
      );
      const stored = await storeFile(deps.knex, checked, principal.userId, 'record');
      return reply.status(201).send(stored);
    });
  });
}

/**
 * A record's file fields as they will be stored: each id a request names becomes the stored file
 * it is. A file already on the record stays as it is; a new one must be a record file of the kind
 * the field accepts, uploaded by the writer (an id guessed from someone else's upload is refused
 * like one that does not exist).
 */
export async function resolveFileFields(
  knex: Knex,
  resource: ResourceDeclaration,
  fields: Record<string, unknown>,
  actorId: number | null,
  before: Record<string, unknown> | null,
): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (spec.kind !== 'file' || !Object.hasOwn(fields, name)) continue;
    const value = fields[name];
    if (value === null || value === undefined) continue;
    const wanted = (Array.isArray(value) ? value : [value]) as { id: number }[];
    const kept = new Map(storedFilesOf(before?.[name]).map((f) => [f.id, f]));
    const resolved: StoredFile[] = [];
    for (const { id } of wanted) {
      const file = kept.get(id) ?? (await uploaded(knex, spec, id, actorId));
      if (!file) {
        errors[name] = messages.fileMissing(spec.label);
        break;
      }
      if (!resolved.some((f) => f.id === file.id)) resolved.push(file);
    }
    fields[name] = Array.isArray(value) ? resolved : (resolved[0] ?? null);
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

function storedFilesOf(value: unknown): StoredFile[] {
  if (Array.isArray(value)) return value as StoredFile[];
  return value && typeof value === 'object' ? [value as StoredFile] : [];
}

async function uploaded(
  knex: Knex,
  spec: Extract<FieldSpec, { kind: 'file' }>,
  id: number,
  actorId: number | null,
): Promise<StoredFile | null> {
  const row = await knex('files')
    .where({ id, purpose: 'record' })
    .whereIn('contentType', Object.keys(fileAccepts[spec.accept].types))
    .modify((q) => {
      // The platform's own writes (the sample catalogue) attach files it stored itself.
      if (actorId !== null) q.where({ ownerId: actorId });
    })
    .first('id', 'name', 'originalName', 'contentType', 'size');
  return row ? { ...row, size: Number(row.size) } : null;
}
