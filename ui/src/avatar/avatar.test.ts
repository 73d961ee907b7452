import { createHash } from 'node:crypto';
import { avatarUrl, gravatarUrl, userImageUrl } from './avatarUrl';

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

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
