import {
  type FieldSpec,
  fileAccepts,
  inputFields,
  megabytes,
  messages,
  type ResourceDeclaration,
  resources,
  type StoredFile,
} from '@interior/contracts';
import { ADMIN, startTestPlatform, type TestPlatform } from '../testing/platform';
import { type ResourceContractContext, sampleInput } from '../testing/resource-contract';
import { sampleBytes } from '../testing/sample-files';

/**
 * The form upload payload (fields beside files `attachment0`, `attachment1`, …, `filesSize`,
 * `attachmentChanged`) on the create and update of every declared resource that has a file field,
 * with the same checks as the upload-first route: the type by content, the size limit.
 */
let platform: TestPlatform;
let admin: string;
let stranger: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await platform.api.login(ADMIN.email, ADMIN.password)).token;
  await platform.createUser({
    email: 'uploader@test.example',
    password: 'guest-password-1',
    roles: ['Guest'],
  });
  stranger = (await platform.api.login('uploader@test.example', 'guest-password-1')).token;
});
afterAll(async () => {
  await platform?.stop();
});

const context: ResourceContractContext = {
  platform: () => platform,
  admin: () => admin,
  stranger: () => stranger,
};

type FileSpec = Extract<FieldSpec, { kind: 'file' }>;
const fileFields = (resource: ResourceDeclaration) =>
  inputFields(resource).filter((entry): entry is [string, FileSpec & FieldSpec] => entry[1].kind === 'file');
const withFiles = resources.filter((resource) => fileFields(resource).length > 0);

interface Attachment {
  bytes: Buffer;
  filename: string;
}

/** The JSON body as a form: text kinds as they are (empty for none), the other kinds as JSON. */
function formOf(
  body: Record<string, unknown>,
  resource: ResourceDeclaration,
  attachments: Attachment[],
  changed: boolean,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const kind = resource.fields[name]?.kind;
    // A text field left empty is an empty input, as a form sends it.
    const text = kind && ['text', 'url', 'enum', 'timestamp'].includes(kind);
    form.set(name, text ? String(value ?? '') : JSON.stringify(value));
  }
  form.set('attachmentChanged', String(changed));
  form.set(
    'filesSize',
    JSON.stringify(Object.fromEntries(attachments.map((a) => [a.filename, a.bytes.length]))),
  );
  attachments.forEach((a, i) => {
    form.set(`attachment${i}`, new Blob([a.bytes]), a.filename);
  });
  return form;
}

async function send(method: 'POST' | 'PUT', path: string, form: FormData, token = admin) {
  const response = await fetch(`${platform.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    etag: response.headers.get('etag'),
  };
}

const storedOf = (value: unknown): StoredFile[] =>
  (Array.isArray(value) ? value : value ? [value] : []) as StoredFile[];

describe.each(withFiles.map((resource) => [resource.name, resource] as const))(
  'the upload payload on %s',
  (name, resource) => {
    const path = `/api/${name}`;
    const files = fileFields(resource);
    /** Each file field gets its own sample, named by the field, in declaration order. */
    const samples = files.map(([field, spec]) => ({
      field,
      spec,
      bytes: sampleBytes[spec.accept].bytes(),
      filename: `${field}-${sampleBytes[spec.accept].filename}`,
    }));
    const named = (body: Record<string, unknown>) => {
      const out = { ...body };
      samples.forEach(({ field, spec }, i) => {
        out[field] = spec.multiple ? [`attachment${i}`] : `attachment${i}`;
      });
      return out;
    };
    let id: number;

    it('creates a record with its files in the same request', async () => {
      const body = named(await sampleInput(context, resource));
      const created = await send('POST', path, formOf(body, resource, samples, true));
      expect(created.status).toBe(201);
      id = created.body.id;
      for (const { field, filename, spec } of samples) {
        const [stored] = storedOf(created.body[field]);
        expect(stored).toMatchObject({ originalName: filename });
        expect(Object.keys(fileAccepts[spec.accept].types)).toContain(stored!.contentType);
        const served = await fetch(`${platform.url}/api/file/${stored!.name}`);
        expect(served.status).toBe(200);
      }
    });

    it('replaces a file on update, keeping the other fields', async () => {
      const [first] = samples;
      const before = (await platform.api.request('GET', `${path}/${id}`, { token: admin })).body;
      const renamed = { ...first!, filename: `새-${first!.filename}` };
      const value = first!.spec.multiple ? ['attachment0'] : 'attachment0';
      const updated = await send(
        'PUT',
        `${path}/${id}`,
        formOf({ [first!.field]: value }, resource, [renamed], true),
      );
      expect(updated.status).toBe(200);
      expect(storedOf(updated.body[first!.field])[0]).toMatchObject({ originalName: renamed.filename });
      expect(updated.body[resource.representation]).toEqual(before[resource.representation]);
    });

    it('refuses bytes of the wrong kind, and a file over the limit, under the field, changing nothing', async () => {
      // The field with the smallest limit (a model's thumbnail rather than its .glb).
      const [target] = [...samples].sort(
        (a, b) => fileAccepts[a.spec.accept].maxBytes - fileAccepts[b.spec.accept].maxBytes,
      );
      const kind = fileAccepts[target!.spec.accept];
      const value = target!.spec.multiple ? ['attachment0'] : 'attachment0';
      const before = (await platform.api.request('GET', `${path}/${id}`, { token: admin })).body;

      const text = { bytes: Buffer.from('그냥 글자입니다. 이름만 그림입니다.'), filename: 'fake.png' };
      const wrong = await send(
        'PUT',
        `${path}/${id}`,
        formOf({ [target!.field]: value }, resource, [text], true),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[target!.field]).toMatch(/파일만 올릴 수 있습니다\.$/);

      const big = Buffer.concat([target!.bytes, Buffer.alloc(kind.maxBytes + 1 - target!.bytes.length)]);
      const large = await send(
        'PUT',
        `${path}/${id}`,
        formOf({ [target!.field]: value }, resource, [{ bytes: big, filename: target!.filename }], true),
      );
      expect(large.status).toBe(413);
      expect(large.body.message).toBe(messages.fileTooLarge(kind.label, megabytes(kind.maxBytes)));

      const after = (await platform.api.request('GET', `${path}/${id}`, { token: admin })).body;
      expect(after[target!.field]).toEqual(before[target!.field]);
      expect(after.version).toBe(before.version);
    });

    it('ignores files when attachmentChanged is "false", and refuses a file no field names', async () => {
      const before = (await platform.api.request('GET', `${path}/${id}`, { token: admin })).body;
      const kept = await send('PUT', `${path}/${id}`, formOf({}, resource, samples, false));
      expect(kept.status).toBe(200);
      for (const { field } of samples) expect(kept.body[field]).toEqual(before[field]);
      if (samples.length > 1) {
        const unnamed = await send('PUT', `${path}/${id}`, formOf({}, resource, samples, true));
        expect(unnamed.status).toBe(400);
        expect(unnamed.body.message).toBe(messages.invalidUpload);
      } else {
        // With one file field, files no field names are that field's, in order.
        const [only] = samples;
        const again = { ...only!, filename: `다시-${only!.filename}` };
        const unnamed = await send('PUT', `${path}/${id}`, formOf({}, resource, [again], true));
        expect(unnamed.status).toBe(200);
        expect(storedOf(unnamed.body[only!.field])[0]).toMatchObject({ originalName: again.filename });
      }
    });

    it('is refused to a writer without the right, like JSON', async () => {
      const refused = await send('POST', path, formOf({}, resource, [], false), stranger);
      expect([403, 404]).toContain(refused.status);
    });
  },
);
