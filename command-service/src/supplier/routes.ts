import {
  currentSupplier,
  fileAccepts,
  megabytes,
  messages,
  SUPPLIER_STREAM,
  type Supplier,
  type SupplierEvent,
  SupplierInputSchema,
} from '@interior/contracts';
import { badRequest, parseInput, requireRole } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { type Decider, handleCommand, loadState } from '../decider';
import type { CommandServiceDeps } from '../deps';
import { metaOf } from '../deps';
import { storeFile } from '../files/files';
import { acceptUploads, checkedContent, readUploadPayload, type UploadedFile } from '../files/upload-payload';

type SupplierCommand = { type: 'SetSupplier'; supplier: Supplier };

/** One value, replaced whole; the same value again records nothing. */
export const supplierDecider: Decider<SupplierCommand, SupplierEvent, Supplier | null> = {
  initialState: () => null,
  evolve: (_state, event) => currentSupplier([event]),
  decide(command, state) {
    if (state && JSON.stringify(state) === JSON.stringify(command.supplier)) return [];
    return [{ type: 'SupplierChanged', data: command.supplier }];
  },
};

/** The types the 견적서 can draw (pdfkit reads PNG and JPEG), checked on the bytes. */
const SEAL_TYPES = ['image/png', 'image/jpeg'];
const sealType = messages.fileType('직인 이미지', 'PNG, JPG');

async function storeSeal(deps: CommandServiceDeps, file: UploadedFile, ownerId: number) {
  const content = await checkedContent(file, 'image', 'seal');
  if (!SEAL_TYPES.includes(content.contentType)) throw badRequest(sealType, { seal: sealType });
  await deps.rateLimits.consume('uploadPerUser', `user:${ownerId}`);
  return storeFile(deps.knex, content, ownerId, 'record');
}

const sealLimits = {
  fileBytes: fileAccepts.image.maxBytes,
  files: 1,
  tooLarge: messages.fileTooLarge(fileAccepts.image.label, megabytes(fileAccepts.image.maxBytes)),
};

/**
 * `PUT /api/system/supplier` (Admin): the 공급자 of the 견적서. JSON, or the form upload payload
 * whose `attachment0` is the seal image (`attachmentChanged` "true" with no file removes it). In
 * JSON, `seal` left out keeps the seal, null removes it; a new one comes as a file.
 */
export function registerSupplierCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  app.register(async (scoped) => {
    const bodyLimit = await acceptUploads(scoped, sealLimits);
    scoped.put('/api/system/supplier', { bodyLimit }, async (request) => {
      const principal = requireRole(request, 'Admin');
      const payload = await readUploadPayload(request, sealLimits);
      const input = parseInput(SupplierInputSchema, payload.fields);
      const { state } = await loadState(deps.store, SUPPLIER_STREAM, supplierDecider);
      let seal = state?.seal ?? null;
      if (payload.multipart) {
        const file = payload.attachments.get('attachment0');
        if (payload.attachments.size > (file ? 1 : 0)) throw badRequest(messages.invalidUpload);
        if (payload.attachmentChanged) {
          seal = file ? await storeSeal(deps, file, principal.userId) : null;
        }
      } else if (input.seal === null) {
        seal = null;
      } else if (input.seal && input.seal.id !== seal?.id) {
        throw badRequest(messages.fileMissing('직인'), { seal: messages.fileMissing('직인') });
      }
      const { seal: _, ...fields } = input;
      const supplier: Supplier = { ...fields, seal };
      const handled = await handleCommand(deps.store, {
        stream: SUPPLIER_STREAM,
        decider: supplierDecider,
        command: { type: 'SetSupplier', supplier },
        meta: metaOf(request),
      });
      return handled.state;
    });
  });
}
