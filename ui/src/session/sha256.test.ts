import { createHash } from 'node:crypto';
import { sha256Hex, sha256HexSync } from './sha256';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256', () => {
  const samples = [
    '',
    'abc',
    'admin@interior.local',
    '홍길동@예시.한국',
    'a'.repeat(55),
    'a'.repeat(56),
    'b'.repeat(64),
    'c'.repeat(1000),
  ];

  it('gives the digest Node gives for bytes', () => {
    for (const text of samples) expect(sha256HexSync(new TextEncoder().encode(text))).toBe(nodeSha256(text));
  });

  it('gives the digest Node gives for a text (its UTF-8 bytes)', async () => {
    for (const text of samples) expect(await sha256Hex(text)).toBe(nodeSha256(text));
  });
});
