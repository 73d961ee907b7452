import { z } from 'zod';
import { messages } from './messages';
import { positiveId } from './validation';

/**
 * Files of declared resources (a brand's logo, a material's texture, a model's .glb, a notice's
 * attachments): uploaded first (`POST /api/file?resource=…&field=…`), then named by id in the
 * record. What a field accepts is checked on the bytes (magic numbers), never on the name or the
 * type the browser claims. docs/catalogue.md "Files".
 */
export const fileAccepts = {
  image: {
    label: '이미지',
    types: {
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'image/webp': 'webp',
      'image/gif': 'gif',
    },
    maxBytes: 10 * 1024 * 1024,
    /** what the browser's file picker offers */
    picker: 'image/jpeg,image/png,image/webp,image/gif',
  },
  model: {
    label: '3D 모델',
    types: { 'model/gltf-binary': 'glb' },
    maxBytes: 50 * 1024 * 1024,
    picker: '.glb,model/gltf-binary',
  },
  document: {
    label: '첨부 파일',
    types: {
      'application/pdf': 'pdf',
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'image/webp': 'webp',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
      'application/zip': 'zip',
    },
    maxBytes: 20 * 1024 * 1024,
    picker: '.pdf,.jpg,.jpeg,.png,.webp,.docx,.xlsx,.pptx,.zip',
  },
} as const satisfies Record<
  string,
  { label: string; types: Record<string, string>; maxBytes: number; picker: string }
>;
export type FileAccept = keyof typeof fileAccepts;
export const fileAcceptKinds = Object.keys(fileAccepts) as FileAccept[];

/** Human size, e.g. "50MB". */
export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))}MB`;

/** A stored file as records keep it: what the screens need to show and link it. */
export interface StoredFile {
  id: number;
  /** the stored name: random, with the extension of the detected type */
  name: string;
  /** the name the uploader's file had (shown and offered on download) */
  originalName: string;
  contentType: string;
  size: number;
}

/** Stored names: a v4 UUID and the extension of the detected type. */
export const STORED_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

/**
 * A file field's value in a request: the uploaded file's id (react-admin sends the whole stored
 * value back, so its other keys are allowed and ignored; the service fills them from the upload).
 */
export const FileIdSchema = z
  .object({ id: positiveId(messages.invalidFileId) }, { error: messages.invalidValue })
  .transform(({ id }) => ({ id }));

/** `POST /api/file?resource=brand&field=logo`: where the upload is going decides what it may be. */
export const FileUploadQuerySchema = z.object({
  resource: z.string({ error: messages.required }).max(100, { error: messages.invalidValue }),
  field: z.string({ error: messages.required }).max(100, { error: messages.invalidValue }),
});
