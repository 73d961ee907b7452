import { accountLimits, messages } from '@interior/contracts';
import { profileFormData } from './api';
import { checkProfileImage, sniffImageType } from './photo';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

describe('profile photo checks', () => {
  it('recognises JPEG, PNG, GIF and WebP by content', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(webp)).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("refuses with the API's sentences: too large, or not an image", async () => {
    expect(await checkProfileImage(new Blob([png]))).toBeNull();
    expect(await checkProfileImage(new Blob(['not an image'], { type: 'image/png' }))).toBe(
      messages.imageRequired,
    );
    const tooLarge = new Blob([png, new Uint8Array(accountLimits.profileImageBytes)]);
    expect(await checkProfileImage(tooLarge)).toBe('10mb maximum');
    const atLimit = new Blob([png, new Uint8Array(accountLimits.profileImageBytes - png.length)]);
    expect(await checkProfileImage(atLimit)).toBeNull();
  });
});

describe('profileFormData', () => {
  it('sends the multipart upload payload: attachment0, filesSize, attachmentChanged', () => {
    const file = new File([png], '사진.png', { type: 'image/png' });
    const form = profileFormData({
      name: '홍길동',
      mobile: '01012345678',
      photo: { kind: 'replace', file, preview: '' },
    });
    expect(form.get('name')).toBe('홍길동');
    expect(form.get('mobile')).toBe('01012345678');
    expect(form.get('attachmentChanged')).toBe('true');
    expect(JSON.parse(String(form.get('filesSize')))).toEqual({ '사진.png': png.length });
    expect((form.get('attachment0') as File).name).toBe('사진.png');
  });

  it('removes the photo with attachmentChanged and no file; keeps it otherwise', () => {
    const removed = profileFormData({ name: '홍길동', photo: { kind: 'remove' } });
    expect([removed.get('attachmentChanged'), removed.get('attachment0'), removed.get('mobile')]).toEqual([
      'true',
      null,
      null,
    ]);
    expect(profileFormData({ name: '홍길동', photo: { kind: 'keep' } }).get('attachmentChanged')).toBe(
      'false',
    );
  });

  it('sends the SMS code with a new mobile number, and never without one', () => {
    const changed = profileFormData({
      name: '홍길동',
      mobile: '01012345679',
      code: '123456',
      photo: { kind: 'keep' },
    });
    expect([changed.get('mobile'), changed.get('code')]).toEqual(['01012345679', '123456']);
    const noNumber = profileFormData({ name: '홍길동', code: '123456', photo: { kind: 'keep' } });
    expect(noNumber.get('code')).toBeNull();
  });
});
