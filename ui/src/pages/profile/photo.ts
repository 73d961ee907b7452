import { accountLimits, messages } from '@interior/contracts';

/** The image types the API takes for a profile photo, recognised (as it does) by content. */
export const acceptedImageTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/** The image type the first bytes say, or null: JPEG, PNG, GIF or WebP only. */
export function sniffImageType(head: Uint8Array): (typeof acceptedImageTypes)[number] | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/**
 * Checks a chosen photo before it is sent, with the API's own sentences: at most 10,000,000 bytes
 * (the API's "10mb maximum") and an image by content. null when it is fine.
 */
export async function checkProfileImage(file: Blob): Promise<string | null> {
  if (file.size > accountLimits.profileImageBytes) return messages.imageTooLarge;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return sniffImageType(head) ? null : messages.imageRequired;
}

/** The photo as a data: URL for the preview (the page's CSP allows data: images, not blob:). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
