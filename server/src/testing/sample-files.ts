import type { FileAccept } from '@interior/contracts';
import type { TestPlatform } from './platform';

/** A 1 × 1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The smallest glTF binary: the 12-byte header ("glTF", version 2, total length) and a JSON chunk
 * with one empty scene, padded to 4 bytes as the format requires.
 */
export function glbBytes(): Buffer {
  const text = JSON.stringify({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [] }] });
  const json = Buffer.from(text.padEnd(Math.ceil(text.length / 4) * 4, ' '));
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length, 8);
  const chunk = Buffer.alloc(8);
  chunk.writeUInt32LE(json.length, 0);
  chunk.write('JSON', 4, 'ascii');
  return Buffer.concat([header, chunk, json]);
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export const sampleBytes: Record<FileAccept, { bytes: () => Buffer; filename: string; type: string }> = {
  image: { bytes: () => PNG_BYTES, filename: '예시 이미지.png', type: 'image/png' },
  model: { bytes: glbBytes, filename: '예시 모델.glb', type: 'model/gltf-binary' },
  document: { bytes: () => PDF_BYTES, filename: '예시 문서.pdf', type: 'application/pdf' },
};

/** Uploads bytes for a resource's file field as the screens do: `POST /api/file` (multipart). */
export async function uploadFile(
  platform: TestPlatform,
  token: string,
  target: { resource: string; field: string },
  file: { bytes: Buffer; filename: string; type?: string },
) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
    file.filename,
  );
  const query = new URLSearchParams(target).toString();
  const response = await fetch(`${platform.url}/api/file?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
