import {
  defaultPermission,
  type FieldSpec,
  inputFields,
  listShape,
  messages,
  type ResourceDeclaration,
  resourceEventTypes,
  resourceNamed,
} from '@interior/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import type { TestPlatform } from './platform';
import { recordLog } from './record-history';
import { sampleBytes, uploadFile } from './sample-files';

/**
 * The generic tests every declared resource passes by being declared (docs/adding-a-resource.md),
 * as the event store's adapters pass one contract suite: the simple-rest contract through
 * react-admin's own client, validation with the Korean messages, a partial PUT, 412 on a stale
 * version, 404 without a grant, list totals and sorting, history, and delete.
 */
export interface ResourceContractContext {
  platform(): TestPlatform;
  /** An Admin's access token. */
  admin(): string;
  /** A signed-in user with no grant and the Guest role only. */
  stranger(): string;
}

let counter = 0;

/** A valid value of a field, unique per call where it matters; referenced records are created. */
async function sampleValue(
  context: ResourceContractContext,
  spec: FieldSpec,
  owner?: ResourceDeclaration,
  field?: string,
): Promise<unknown> {
  counter++;
  // Resources whose readers see only some records (published notices for their roles) are sampled
  // open to everyone: no publishing window, no audience, so the readers' checks below see them.
  if (owner?.readRoutes?.length && !('required' in spec && spec.required)) {
    if (spec.kind === 'timestamp') return null;
    if (spec.kind === 'enumSet') return [];
  }
  switch (spec.kind) {
    case 'text':
      // A shaped text (an UPPER_SNAKE key) gets a value of its shape.
      if (spec.pattern) return `SAMPLE_${counter}`.slice(0, spec.max);
      return `예시 ${counter} ${spec.label}`.slice(0, spec.max);
    case 'url':
      return `https://example.com/${counter}`;
    case 'integer':
      return Math.min(spec.max ?? 1000, Math.max(spec.min ?? 0, 10));
    case 'money':
      return 12_000;
    case 'decimal':
      return spec.min;
    case 'boolean':
      return true;
    case 'enum':
      return spec.values[0];
    case 'enumSet':
      return [spec.values[0]];
    case 'timestamp':
      return new Date(Date.UTC(2026, 0, 1, 9, 0, 0)).toISOString();
    case 'json':
      return spec.example;
    case 'file': {
      if (!owner || !field) return spec.multiple ? [] : null;
      const sample = sampleBytes[spec.accept];
      const uploaded = await uploadFile(
        context.platform(),
        context.admin(),
        { resource: owner.name, field },
        { bytes: sample.bytes(), filename: sample.filename, type: sample.type },
      );
      if (uploaded.status !== 201) throw new Error(`uploading a sample ${field}: ${uploaded.status}`);
      return spec.multiple ? [{ id: uploaded.body.id }] : { id: uploaded.body.id };
    }
    case 'reference': {
      // A reference to the same resource (a category's parent) starts a root when it may.
      if (owner && spec.resource === owner.name && !spec.required) return null;
      const target = resourceNamed(spec.resource);
      if (!target) return spec.required ? 1 : null;
      const created = await createSample(context, target);
      return created.id;
    }
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}

export async function sampleInput(context: ResourceContractContext, resource: ResourceDeclaration) {
  const input: Record<string, unknown> = {};
  for (const [name, spec] of inputFields(resource)) {
    // The read model renumbers these: what is read back is not what was given.
    if (spec.renumbered) continue;
    input[name] = await sampleValue(context, spec, resource, name);
  }
  return input;
}

export async function createSample(context: ResourceContractContext, resource: ResourceDeclaration) {
  const body = await sampleInput(context, resource);
  const created = await context
    .platform()
    .api.request('POST', `/api/${resource.name}`, { token: context.admin(), body });
  if (created.status !== 201) {
    throw new Error(`creating a sample ${resource.name}: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return created.body as { id: number; version: number } & Record<string, unknown>;
}

/** A field a partial update can change to another valid value, with that value. */
async function changeOf(context: ResourceContractContext, resource: ResourceDeclaration) {
  for (const [name, spec] of inputFields(resource)) {
    if (spec.kind === 'text' || spec.kind === 'url' || spec.kind === 'money') {
      return { field: name, value: await sampleValue(context, spec) };
    }
  }
  return null;
}

export function describeResourceContract(resource: ResourceDeclaration, context: ResourceContractContext) {
  const path = `/api/${resource.name}`;
  const api = () => context.platform().api;
  const events = resourceEventTypes(resource);

  describe(`resource ${resource.name} (${resource.objectType})`, () => {
    it('creates through react-admin’s own client and answers the record, with its ETag, at once', async () => {
      const client = simpleRestProvider(`${context.platform().url}/api`, async (url, options = {}) => {
        const headers = new Headers(options.headers);
        headers.set('authorization', `Bearer ${context.admin()}`);
        if (options.body) headers.set('content-type', 'application/json');
        const response = await fetch(url, { ...options, headers });
        const body = await response.text();
        if (!response.ok) throw new Error(`${response.status} ${body}`);
        return {
          status: response.status,
          headers: response.headers,
          body,
          json: body ? JSON.parse(body) : {},
        };
      });
      const input = await sampleInput(context, resource);
      const { data: created } = await client.create(resource.name, { data: input });
      expect(created).toMatchObject({ ...input, version: 0, updated: null, updatedBy: null });
      const { data: read } = await client.getOne(resource.name, { id: created.id });
      expect(read).toEqual(created);
      const { data: many } = await client.getMany(resource.name, { ids: [created.id] });
      expect(many).toEqual([created]);

      // updateMany sends only the changed fields: only they change.
      const change = await changeOf(context, resource);
      if (change) {
        await client.updateMany(resource.name, { ids: [created.id], data: { [change.field]: change.value } });
        const { data: after } = await client.getOne(resource.name, { id: created.id });
        expect(after).toEqual({
          ...created,
          [change.field]: change.value,
          version: 1,
          updated: expect.any(String),
          updatedBy: expect.any(Number),
        });
      }
    });

    it('refuses bad input with the Korean messages and writes nothing', async () => {
      const input = await sampleInput(context, resource);
      const before = await api().list(resource.name, context.admin(), { range: [0, 0] });
      const required = inputFields(resource).find(([, spec]) => 'required' in spec && spec.required);
      if (required) {
        const { [required[0]]: _left, ...missing } = input;
        const refused = await api().request('POST', path, { token: context.admin(), body: missing });
        expect(refused.status).toBe(400);
        expect(refused.body.errors[required[0]]).toBe(messages.required);
      }
      const text = inputFields(resource).find(([, spec]) => spec.kind === 'text');
      if (text && text[1].kind === 'text') {
        const tooLong = await api().request('POST', path, {
          token: context.admin(),
          body: { ...input, [text[0]]: '가'.repeat(text[1].max + 1) },
        });
        expect(tooLong.status).toBe(400);
        expect(tooLong.body.errors[text[0]]).toBe(messages.maxLength(text[1].max));
      }
      const notObject = await api().request('POST', path, { token: context.admin(), body: [1, 2] });
      expect(notObject.status).toBe(400);
      const after = await api().list(resource.name, context.admin(), { range: [0, 0] });
      expect(after.headers.get('content-range')).toBe(before.headers.get('content-range'));
    });

    it('refuses a stale If-Match with 412 and keeps the newer change', async () => {
      const created = await createSample(context, resource);
      const change = await changeOf(context, resource);
      if (!change) return;
      const first = await api().request('PUT', `${path}/${created.id}`, {
        token: context.admin(),
        headers: { 'if-match': '"0"' },
        body: { [change.field]: change.value },
      });
      expect(first.status).toBe(200);
      expect(first.headers.get('etag')).toBe('"1"');
      const stale = await api().request('PUT', `${path}/${created.id}`, {
        token: context.admin(),
        headers: { 'if-match': '"0"' },
        body: { [change.field]: created[change.field] },
      });
      expect(stale.status).toBe(412);
      expect(stale.body.message).toBe(messages.staleVersion);
      const read = await api().request('GET', `${path}/${created.id}`, { token: context.admin() });
      expect(read.body[change.field]).toEqual(change.value);
      // The change's answer is the record as a read gives it (the same fields, types and values).
      expect(read.body).toEqual(first.body);
    });

    it('shows a record only to those who may read it, and lets only writers write', async () => {
      const created = await createSample(context, resource);
      const readsByDefault = defaultPermission(['Guest'], resource.objectType) !== null;
      const one = await api().request('GET', `${path}/${created.id}`, { token: context.stranger() });
      const list = await api().list(resource.name, context.stranger(), { range: [0, 9] });
      const write = await api().request('PUT', `${path}/${created.id}`, {
        token: context.stranger(),
        body: {},
      });
      const history = await api().request('GET', `/api/history/${resource.objectType}/${created.id}/log`, {
        token: context.stranger(),
      });
      if (readsByDefault) {
        expect(one.status).toBe(200);
        expect(write.status).toBe(403);
      } else {
        expect(one.status).toBe(404);
        expect(one.body.message).toBe(resource.notFound);
        expect(list.headers.get('content-range')).toMatch(/\/0$/);
        expect(write.status).toBe(404);
        expect(history.status).toBe(404);
      }
      const create = await api().request('POST', path, {
        token: context.stranger(),
        body: await sampleInput(context, resource),
      });
      expect(create.status).toBe(403);
      const missing = await api().request('GET', `${path}/2147483647`, { token: context.admin() });
      expect(missing.status).toBe(404);
    });

    it('pages, counts and sorts by every sortable field', async () => {
      await createSample(context, resource);
      await createSample(context, resource);
      const page = await api().list(resource.name, context.admin(), { range: [0, 0] });
      expect(page.status).toBe(200);
      expect(page.body).toHaveLength(1);
      const total = Number(page.headers.get('content-range')?.split('/').pop());
      expect(total).toBeGreaterThanOrEqual(2);
      for (const field of listShape(resource).sortable) {
        for (const order of ['ASC', 'DESC']) {
          const sorted = await api().list(resource.name, context.admin(), {
            sort: [field, order],
            range: [0, 4],
          });
          expect(sorted.status).toBe(200);
        }
      }
      const unknown = await api().list(resource.name, context.admin(), { sort: ['__proto__', 'ASC'] });
      expect(unknown.status).toBe(400);
    });

    it('keeps the history of every change, and of a deleted record', async () => {
      const created = await createSample(context, resource);
      const change = await changeOf(context, resource);
      if (change) {
        await api().request('PUT', `${path}/${created.id}`, {
          token: context.admin(),
          body: { [change.field]: change.value },
        });
      }
      const version = change ? 1 : 0;
      const stale = await api().request('DELETE', `${path}/${created.id}`, {
        token: context.admin(),
        headers: { 'if-match': `"${version + 5}"` },
      });
      expect(stale.status).toBe(412);
      const deleted = await api().request('DELETE', `${path}/${created.id}`, {
        token: context.admin(),
        headers: { 'if-match': `"${version}"` },
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body.id).toBe(created.id);
      expect((await api().request('GET', `${path}/${created.id}`, { token: context.admin() })).status).toBe(
        404,
      );
      const history = await recordLog(api(), context.admin(), `${resource.objectType}/${created.id}`);
      expect(history.status).toBe(200);
      expect(history.rows.map((e) => e.type)).toEqual(
        change ? [events.created, events.updated, events.deleted] : [events.created, events.deleted],
      );
      const again = await api().request('DELETE', `${path}/${created.id}`, { token: context.admin() });
      expect(again.status).toBe(404);
    });
  });
}
