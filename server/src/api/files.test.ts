import { fileUrl, messages } from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { recordedEvents } from '../testing/record-history';
import { glbBytes, PDF_BYTES, PNG_BYTES, uploadFile } from '../testing/sample-files';

let platform: TestPlatform;
let admin: string;
let secondAdmin: string;
let designer: string;
let personal: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  const user = async (email: string, roles: string[]) => {
    await platform.createUser({ email, password: 'files-password-1', roles: roles as never });
    return (await platform.api.login(email, 'files-password-1')).token;
  };
  secondAdmin = await user('admin2@files.example', ['Admin']);
  designer = await user('designer@files.example', ['Designer']);
  personal = await user('personal@files.example', ['PersonalFree']);
});
afterAll(async () => {
  await platform?.stop();
});

const api = () => platform.api;
const upload = (
  token: string,
  resource: string,
  field: string,
  bytes: Buffer,
  filename: string,
  type?: string,
) => uploadFile(platform, token, { resource, field }, { bytes, filename, type });
const count = async (table: string) =>
  Number((await platform.server.runtime.db.knex(table).count({ n: '*' }))[0]!.n);

describe('files of records', () => {
  it('accepts a .glb model and serves it back byte for byte, cached for good, under its own name', async () => {
    const bytes = glbBytes();
    const uploaded = await upload(admin, 'model', 'file', bytes, '거실 소파.glb', 'model/gltf-binary');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      originalName: '거실 소파.glb',
      contentType: 'model/gltf-binary',
      size: bytes.length,
    });
    expect(uploaded.body.name).toMatch(/^[0-9a-f-]{36}\.glb$/);

    const created = await api().request('POST', '/api/model', {
      token: admin,
      body: { name: '소파 모델', file: { id: uploaded.body.id } },
    });
    expect(created.status).toBe(201);
    expect(created.body.file).toEqual(uploaded.body);

    const served = await fetch(`${platform.url}${fileUrl(uploaded.body)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('model/gltf-binary');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('거실 소파.glb')}`,
    );
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('judges a file by its bytes: a renamed text file or an image is no model, and nothing is stored', async () => {
    const before = await count('files');
    const text = await upload(
      admin,
      'model',
      'file',
      Buffer.from('그냥 텍스트입니다'),
      'model.glb',
      'model/gltf-binary',
    );
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(messages.fileType('3D 모델', 'GLB'));
    const image = await upload(admin, 'model', 'file', PNG_BYTES, 'model.glb');
    expect(image.status).toBe(400);
    const pdfAsLogo = await upload(admin, 'brand', 'logo', PDF_BYTES, 'logo.png', 'image/png');
    expect(pdfAsLogo.status).toBe(400);
    expect(pdfAsLogo.body.message).toBe(messages.fileType('이미지', 'JPG, PNG, WEBP, GIF'));
    expect(await count('files')).toBe(before);
  });

  it('refuses what is too large with 413, and uploads for a field that is no file field', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(admin, 'brand', 'logo', big, 'big.png', 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(messages.fileTooLarge('이미지', '10MB'));
    for (const [resource, field] of [
      ['brand', 'name'],
      ['brand', 'nope'],
      ['nothing', 'logo'],
      ['brand', 'constructor'],
    ]) {
      const refused = await upload(admin, resource!, field!, PNG_BYTES, 'a.png');
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(messages.fileNotAccepted);
    }
  });

  it('lets only writers of the resource upload, and anyone only with a session', async () => {
    expect((await upload(designer, 'brand', 'logo', PNG_BYTES, 'a.png')).status).toBe(403);
    expect((await upload(personal, 'system/popupbanner', 'image', PNG_BYTES, 'a.png')).status).toBe(403);
    const form = new FormData();
    form.append('file', new Blob([PNG_BYTES]), 'a.png');
    const anonymous = await fetch(`${platform.url}/api/file?resource=brand&field=logo`, {
      method: 'POST',
      body: form,
    });
    expect(anonymous.status).toBe(401);
  });

  it('takes into a record only a file its writer uploaded, and keeps files a record already has', async () => {
    const mine = await upload(admin, 'brand', 'logo', PNG_BYTES, '로고.png', 'image/png');
    const theirs = await upload(secondAdmin, 'brand', 'logo', PNG_BYTES, '남의 로고.png', 'image/png');
    const forBanner = await upload(admin, 'system/popupbanner', 'image', PNG_BYTES, 'b.png');
    const pdf = await upload(admin, 'system/notice', 'attachments', PDF_BYTES, '안내문.pdf');
    expect([mine.status, theirs.status, forBanner.status, pdf.status]).toEqual([201, 201, 201, 201]);

    const stolen = await api().request('POST', '/api/brand', {
      token: admin,
      body: { name: '남의 파일 브랜드', logo: { id: theirs.body.id } },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors).toEqual({ logo: messages.fileMissing('로고') });
    const missing = await api().request('POST', '/api/brand', {
      token: admin,
      body: { name: '없는 파일 브랜드', logo: { id: 999_999 } },
    });
    expect(missing.status).toBe(400);
    // A document where an image belongs is refused though it was uploaded by the same writer.
    const wrongKind = await api().request('POST', '/api/brand', {
      token: admin,
      body: { name: '문서 로고 브랜드', logo: { id: pdf.body.id } },
    });
    expect(wrongKind.status).toBe(400);

    const brand = await api().request('POST', '/api/brand', {
      token: admin,
      body: { name: '파일 브랜드', logo: { id: mine.body.id } },
    });
    expect(brand.status).toBe(201);
    // Another Admin saves the whole record back (react-admin does): the logo stays as it was.
    const saved = await api().request('PUT', `/api/brand/${brand.body.id}`, {
      token: secondAdmin,
      body: { ...brand.body, description: '설명을 더했습니다' },
      headers: { 'if-match': `"${brand.body.version}"` },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.logo).toEqual(mine.body);
    // Only what changed is recorded: the logo's unchanged value is no change.
    const events = await recordedEvents(platform, 'Brand', brand.body.id);
    expect(events.find((e) => e.type === 'BrandUpdated')?.data).toEqual({ description: '설명을 더했습니다' });

    const notice = await api().request('POST', '/api/system/notice', {
      token: admin,
      body: {
        title: '첨부 공지',
        body: '본문',
        category: 'General',
        attachments: [{ id: pdf.body.id }, { id: pdf.body.id }],
      },
    });
    expect(notice.status).toBe(201);
    expect(notice.body.attachments).toEqual([pdf.body]);
    const tooMany = await api().request('POST', '/api/system/notice', {
      token: admin,
      body: {
        title: '첨부 많은 공지',
        body: '본문',
        category: 'General',
        attachments: Array.from({ length: 6 }, () => ({ id: pdf.body.id })),
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.attachments).toBe(messages.tooManyFiles(5));
  });

  it('serves no profile photo and no unknown name at /api/file', async () => {
    expect((await fetch(`${platform.url}/api/file/not-a-name.png`)).status).toBe(404);
    const unknown = await fetch(`${platform.url}/api/file/00000000-0000-4000-8000-000000000000.png`);
    expect(unknown.status).toBe(404);
    const photo = await platform.server.runtime.db.knex('files').where({ purpose: 'profile' }).first('name');
    if (photo) expect((await fetch(`${platform.url}/api/file/${photo.name}`)).status).toBe(404);
  });
});

describe('pop-up banners', () => {
  const day = 86_400_000;
  const banner = async (title: string, fields: Record<string, unknown>) => {
    const image = await upload(admin, 'system/popupbanner', 'image', PNG_BYTES, `${title}.png`, 'image/png');
    const created = await api().request('POST', '/api/system/popupbanner', {
      token: admin,
      body: { title, image: { id: image.body.id }, position: 'Center', active: true, ...fields },
    });
    expect(created.status).toBe(201);
    return created.body as { id: number };
  };
  const titles = async (token: string, route = 'popupbanner') =>
    ((await api().list(route, token, { range: [0, 99] })).body as { title: string }[])
      .map((b) => b.title)
      .sort();

  it('reach each reader: active, within their window, for their roles; the Admin keeps them all', async () => {
    const now = Date.now();
    await banner('모두에게', {});
    await banner('디자이너에게', { audience: ['Designer'] });
    await banner('꺼진 배너', { active: false });
    await banner('지난 배너', {
      from: new Date(now - 3 * day).toISOString(),
      to: new Date(now - day).toISOString(),
    });
    await banner('예약 배너', { from: new Date(now + day).toISOString() });

    expect(await titles(personal)).toEqual(['모두에게']);
    expect(await titles(designer)).toEqual(['디자이너에게', '모두에게']);
    expect(await titles(personal, 'system/popupbanner')).toEqual(['모두에게']);
    expect(await titles(admin, 'system/popupbanner')).toEqual(
      ['꺼진 배너', '디자이너에게', '모두에게', '예약 배너', '지난 배너'].sort(),
    );
    const created = await api().request('POST', '/api/system/popupbanner', {
      token: designer,
      body: { title: '몰래 배너', position: 'Center' },
    });
    expect(created.status).toBe(403);
  });

  it('needs an image', async () => {
    const created = await api().request('POST', '/api/system/popupbanner', {
      token: admin,
      body: { title: '이미지 없는 배너', position: 'Center', active: true },
    });
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual({ image: messages.required });
  });
});

describe('upload rate limit', () => {
  let limited: TestPlatform;
  afterAll(async () => {
    await limited?.stop();
  });
  it('answers 429 after the uploads a writer may make in an hour', async () => {
    limited = await startTestPlatform({ rateLimits: { uploadPerUser: { points: 2, duration: 3600 } } });
    const token = (await limited.api.login(ADMIN.email, ADMIN.password)).token;
    const send = () =>
      uploadFile(
        limited,
        token,
        { resource: 'brand', field: 'logo' },
        { bytes: PNG_BYTES, filename: 'a.png' },
      );
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const third = await send();
    expect(third.status).toBe(429);
  });
});
