import multipart from '@fastify/multipart';
import { type FileAccept, fileAccepts, megabytes, messages } from '@interior/contracts';
import { badRequest, HttpError, parseClientJson } from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type/core';

/**
 * The form upload payload: text parts are fields, files are parts named `attachment0`,
 * `attachment1`, …, `filesSize` is a JSON object of each file's name and size, and
 * `attachmentChanged` ("true"/"false") says whether the files replace what the record had. A JSON
 * body is read alike (it carries no file). The profile photo and every record with a file field
 * take it (docs/catalogue.md "Files").
 */
export interface UploadPayload {
  /** Text parts as sent, or a JSON body as sent (so a wrong type is reported as such). */
  fields: Record<string, unknown>;
  attachmentChanged: boolean;
  /** The files by part name, in part order; empty unless `attachmentChanged` is "true". */
  attachments: Map<string, UploadedFile>;
  multipart: boolean;
}

export interface UploadedFile {
  data: Buffer;
  filename: string;
}

/** What the bytes are, by their magic numbers, if the accepted kind allows it. */
export async function detectAccepted(data: Buffer, accept: FileAccept) {
  const detected = await fileTypeFromBuffer(data);
  const types: Readonly<Record<string, string>> = fileAccepts[accept].types;
  const extension = detected && Object.hasOwn(types, detected.mime) ? types[detected.mime] : undefined;
  return detected && extension ? { contentType: detected.mime, extension } : null;
}

const ATTACHMENT = /^attachment(0|[1-9]\d?)$/;

export interface UploadLimits {
  /** the largest one file may be */
  fileBytes: number;
  files: number;
  /** the 413 message when a file is larger than `fileBytes` */
  tooLarge: string;
}

/**
 * Registers multipart parsing in `app`'s scope with these limits; routes added to that scope read
 * the payload with readUploadPayload. Also returns the body limit the routes need.
 */
export async function acceptUploads(app: FastifyInstance, limits: UploadLimits): Promise<number> {
  await app.register(multipart, {
    limits: {
      fileSize: limits.fileBytes,
      files: limits.files,
      fields: 100,
      fieldSize: 1024 * 1024,
      parts: limits.files + 102,
    },
  });
  return limits.fileBytes * limits.files + 2 * 1024 * 1024;
}

/** Reads the upload payload (or a JSON body) of a request. */
export async function readUploadPayload(
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<UploadPayload> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(messages.invalidUpload);
    // JSON carries no file: `attachmentChanged: true` then clears what the record had.
    return {
      fields: body,
      attachmentChanged: body.attachmentChanged === true || body.attachmentChanged === 'true',
      attachments: new Map(),
      multipart: false,
    };
  }
  // No prototype: a part named `__proto__` or `constructor` is a field like any other.
  const fields: Record<string, string> = Object.create(null);
  const attachments = new Map<string, UploadedFile>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!ATTACHMENT.test(part.fieldname) || attachments.has(part.fieldname)) {
          throw badRequest(messages.invalidUpload);
        }
        attachments.set(part.fieldname, { data: await part.toBuffer(), filename: part.filename });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, limits.tooLarge);
    if (error instanceof HttpError) throw error;
    throw badRequest(messages.invalidUpload);
  }
  if (fields.filesSize !== undefined && attachments.size) {
    // Client JSON like any other (bounded depth, no prototype keys); a file's own name is looked
    // up as an own property, so a file called "constructor" finds nothing inherited.
    const sizes = parseClientJson(fields.filesSize, { message: messages.invalidUpload });
    for (const file of attachments.values()) {
      const declared =
        typeof sizes === 'object' && sizes !== null && Object.hasOwn(sizes, file.filename)
          ? (sizes as Record<string, unknown>)[file.filename]
          : undefined;
      if (declared !== undefined && declared !== file.data.length) throw badRequest(messages.invalidUpload);
    }
  }
  if (fields.attachmentChanged !== undefined && !['true', 'false'].includes(fields.attachmentChanged)) {
    throw badRequest(messages.invalidUpload);
  }
  const attachmentChanged = fields.attachmentChanged === 'true';
  delete fields.attachmentChanged;
  delete fields.filesSize;
  return {
    fields,
    attachmentChanged,
    attachments: attachmentChanged ? attachments : new Map(),
    multipart: true,
  };
}

/**
 * Bytes a field of this kind accepts, as stored: within its size limit and of one of its types by
 * content (magic numbers), never by the name or the type the browser claims. `field` names the
 * input the refusal is shown under.
 */
export async function checkedContent(file: UploadedFile, accept: FileAccept, field: string) {
  const kind = fileAccepts[accept];
  if (file.data.length === 0) throw badRequest(messages.fileRequired, { [field]: messages.fileRequired });
  if (file.data.length > kind.maxBytes) {
    throw new HttpError(413, messages.fileTooLarge(kind.label, megabytes(kind.maxBytes)));
  }
  const detected = await detectAccepted(file.data, accept);
  if (!detected) {
    const extensions = [...new Set(Object.values(kind.types as Record<string, string>))]
      .map((e) => e.toUpperCase())
      .join(', ');
    const message = messages.fileType(kind.label, extensions);
    throw badRequest(message, { [field]: message });
  }
  return { data: file.data, originalName: file.filename, ...detected };
}
