import { createHash } from 'node:crypto';
import { avatarUrl, gravatarUrl, userImageUrl } from './avatarUrl';
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

describe('avatar URLs', () => {
  it('hashes the trimmed, lower-cased address for the avatar service, size 70 by default', async () => {
    expect(await gravatarUrl('  Admin@Interior.LOCAL ')).toBe(
      `https://www.gravatar.com/avatar/${nodeSha256('admin@interior.local')}?s=70&d=mp`,
    );
    expect(await gravatarUrl('a@b.kr', 120)).toMatch(/\?s=120&d=mp$/);
  });

  it("prefers the user's own photo, and has none for an erased user", async () => {
    expect(await avatarUrl({ id: 7, email: 'a@b.kr', image: { id: 3, name: 'x y.png' } })).toBe(
      '/api/image/user/7/x%20y.png',
    );
    expect(userImageUrl(7, 'p.webp')).toBe('/api/image/user/7/p.webp');
    expect(await avatarUrl({ id: 7, email: null, image: null })).toBeNull();
  });
});
