import {
  catalogueUsageMessages,
  createInputSchema,
  messages,
  positiveId,
  type ResourceDeclaration,
  resourceNamed,
  resources,
  resourceTable,
  streamName,
  updateInputSchema,
} from '@interior/contracts';
import {
  badRequest,
  catalogueUsageOf,
  conflict,
  etagOf,
  notFound,
  type Position,
  parseIfMatch,
  parseInput,
  principalOf,
  readModels,
  readRecord,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { type CommandMeta, handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { resolveFileFields } from '../files/files';
import { acceptUploads, readUploadPayload } from '../files/upload-payload';
import { nextId } from '../ids';
import { type RecordDeciderOptions, type RecordFields, recordDecider } from './record-decider';
import { releaseUnique, reserveUnique } from './unique';
import { recordBodyOf, uploadLimitsOf } from './upload-fields';

/**
 * What a resource adds to the generic writes (docs/adding-a-resource.md). Each hook runs after
 * validation and authorization and before the command is decided; it throws an HttpError (400
 * with `errors`, 409) to refuse.
 */
export interface ResourceCommandHooks {
  decider?: RecordDeciderOptions;
  /** Rules across records for a new record's fields. */
  beforeCreate?(context: HookContext, fields: RecordFields): Promise<void>;
  /** Rules across records for a change: the record before and as it would be after. */
  beforeUpdate?(context: HookContext, id: number, before: RecordFields, after: RecordFields): Promise<void>;
  beforeDelete?(context: HookContext, id: number, before: RecordFields): Promise<void>;
}

export interface HookContext {
  deps: CommandServiceDeps;
  /** Absent when the write comes from the platform itself (shipped values, the sample catalogue). */
  request?: FastifyRequest;
  meta: CommandMeta;
}

/**
 * Creates a record as `POST /api/{name}` does after authorization: validated fields, references,
 * the resource's rules, unique values, the event; waits for the read model. Used by the route and
 * by the platform's own writes (shipped system values, the sample catalogue).
 */
export async function createRecord(
  deps: CommandServiceDeps,
  resource: ResourceDeclaration,
  hooks: ResourceCommandHooks,
  fields: RecordFields,
  meta: CommandMeta,
  context: { request?: FastifyRequest; reply?: FastifyReply } = {},
): Promise<number> {
  return (await create(deps, resource, hooks, fields, meta, context)).id;
}

/** createRecord, and the position its read models were waited for (null: not waited). */
async function create(
  deps: CommandServiceDeps,
  resource: ResourceDeclaration,
  hooks: ResourceCommandHooks,
  fields: RecordFields,
  meta: CommandMeta,
  context: { request?: FastifyRequest; reply?: FastifyReply },
): Promise<{ id: number; position: Position | null }> {
  await checkReferences(deps.knex, resource, fields);
  await resolveFileFields(deps.knex, resource, fields, meta.actorId, null);
  await hooks.beforeCreate?.({ deps, request: context.request, meta }, fields);
  const id = await nextId(deps.knex, resource.objectType);
  await reserveUnique(deps, resource, id, fields, null, meta);
  const handled = await handleCommand(deps.store, {
    stream: streamName(resource.objectType, id),
    decider: recordDecider(resource, hooks.decider),
    command: { type: 'Create', id, fields },
    meta,
    // A fresh id from the sequence: its stream cannot exist yet.
    newStream: true,
  });
  const position = await awaitProjections(deps, context.reply ?? null, handled);
  return { id, position };
}

/**
 * Takes back a record this process just created (an all-or-nothing batch that failed half-way):
 * its delete event, and its unique values freed. Nothing can reference it yet.
 */
export async function undoCreate(
  deps: CommandServiceDeps,
  resource: ResourceDeclaration,
  hooks: ResourceCommandHooks,
  id: number,
  fields: RecordFields,
  meta: CommandMeta,
): Promise<void> {
  const handled = await handleCommand(deps.store, {
    stream: streamName(resource.objectType, id),
    decider: recordDecider(resource, hooks.decider),
    command: { type: 'Delete' },
    meta,
  });
  await awaitProjections(deps, null, handled);
  await releaseUnique(deps, resource, id, fields, null, meta);
}

/** The read model holding a referenced resource's records. */
function referencedTable(name: string): string {
  if (name === 'user') return readModels.users;
  const target = resourceNamed(name);
  if (!target) throw new Error(`reference to an undeclared resource: ${name}`);
  return resourceTable(target);
}

/** Every reference field's value names a live record: else 400 naming the field. */
async function checkReferences(knex: Knex, resource: ResourceDeclaration, fields: RecordFields) {
  const errors: Record<string, string> = {};
  for (const [name, spec] of Object.entries(resource.fields)) {
    if (spec.kind !== 'reference' || !Object.hasOwn(fields, name)) continue;
    const id = fields[name];
    if (id === null || id === undefined) continue;
    const found = await knex(referencedTable(spec.resource)).where({ id }).first(knex.raw('1 as found'));
    if (!found) errors[name] = messages.referenceMissing(spec.label);
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** How many live records of every declared resource point at this one (a delete refuses them). */
async function countReferrers(knex: Knex, resource: ResourceDeclaration, id: number): Promise<number> {
  let count = 0;
  for (const other of resources) {
    for (const [name, spec] of Object.entries(other.fields)) {
      if (spec.kind !== 'reference' || spec.resource !== resource.name) continue;
      const [row] = await knex(resourceTable(other)).where(name, id).count({ n: '*' });
      count += Number(row?.n ?? 0);
    }
  }
  return count;
}

/**
 * The writes of a declared resource: `POST /api/{name}`, `PUT /api/{name}/{id}` (the fields the
 * body carries; If-Match), `DELETE /api/{name}/{id}` (If-Match). Writing needs Write on the type
 * to create and on the record otherwise (the Admin role holds every permission); a record the
 * caller may not read is a 404. Every answer waits for the read model (read your writes) and
 * carries the record with its ETag.
 */
export function registerResourceCommands(
  app: FastifyInstance,
  deps: CommandServiceDeps,
  resource: ResourceDeclaration,
  hooks: ResourceCommandHooks = {},
): void {
  const path = `/api/${resource.name}`;
  const table = resourceTable(resource);
  const Params = z.object({ id: positiveId(resource.invalidId) });
  const decider = recordDecider(resource, hooks.decider);
  const createSchema = createInputSchema(resource);
  const updateSchema = updateInputSchema(resource);
  const record = (id: number) => readRecord<RecordFields & { version: number }>(deps.knex, table, id);
  const idOf = (request: FastifyRequest) => parseInput(Params, request.params).id;
  const mayWrite = (request: FastifyRequest, id?: number) =>
    deps.permissions.require(
      principalOf(request),
      id === undefined ? { type: resource.objectType } : { type: resource.objectType, id },
      'Write',
      resource.notFound,
    );
  /** The record as of `position` (the command's, waited for), or read from the view. */
  const answer = async (
    reply: FastifyReply,
    id: number,
    fallback: RecordFields,
    position: Position | null,
  ) => {
    const current = await deps.waiter.recordAfter<RecordFields & { version: number }>(table, id, position);
    if (current) reply.header('etag', etagOf(current.version));
    return current ?? { id, ...fallback };
  };

  // A resource with a file field also takes the form upload payload (files beside the fields) on
  // its create and update, besides JSON naming files uploaded first.
  const limits = uploadLimitsOf(resource);
  const bodyOf = async (request: FastifyRequest) =>
    limits
      ? recordBodyOf(deps, resource, await readUploadPayload(request, limits), principalOf(request).userId)
      : request.body;
  const writes = (scope: FastifyInstance, bodyLimit?: number) => {
    const options = bodyLimit ? { bodyLimit } : {};
    scope.post(path, options, async (request, reply) => {
      await mayWrite(request);
      const fields = parseInput(createSchema, await bodyOf(request));
      const { id, position } = await create(deps, resource, hooks, fields, metaOf(request), {
        request,
        reply,
      });
      const created = await answer(reply, id, fields, position);
      return reply.status(201).send(created);
    });

    scope.put(`${path}/:id`, options, async (request, reply) => {
      const id = idOf(request);
      await mayWrite(request, id);
      const changes = parseInput(updateSchema, await bodyOf(request));
      return update(request, reply, id, changes);
    });
  };
  if (limits) {
    app.register(async (scoped) => writes(scoped, await acceptUploads(scoped, limits)));
  } else {
    writes(app);
  }

  /** The live record's fields, loaded only when a hook or a unique value needs them before deciding. */
  const hasFiles = Object.values(resource.fields).some((spec) => spec.kind === 'file');
  const needsBefore = Boolean(resource.unique?.length) || hasFiles;
  const loadBefore = async (id: number) => {
    const loaded = await loadState(deps.store, streamName(resource.objectType, id), decider);
    if (loaded.state.status !== 'active') throw notFound(resource.notFound);
    return loaded.state.fields;
  };

  const update = async (request: FastifyRequest, reply: FastifyReply, id: number, changes: RecordFields) => {
    await checkReferences(deps.knex, resource, changes);
    const meta = metaOf(request);
    const ifMatch = parseIfMatch(request.headers['if-match']);
    const before = needsBefore || hooks.beforeUpdate ? await loadBefore(id) : null;
    if (hasFiles) await resolveFileFields(deps.knex, resource, changes, meta.actorId, before);
    if (before) {
      const after = { ...before, ...changes };
      await hooks.beforeUpdate?.({ deps, request, meta }, id, before, after);
      await reserveUnique(deps, resource, id, after, before, meta);
    }
    const handled = await handleCommand(deps.store, {
      stream: streamName(resource.objectType, id),
      decider,
      command: { type: 'Update', changes },
      meta,
      ifMatch,
    });
    const position = await awaitProjections(deps, reply, handled);
    const after = handled.state.status === 'active' ? handled.state.fields : changes;
    if (before && handled.events.length) await releaseUnique(deps, resource, id, before, after, meta);
    return reply.send(await answer(reply, id, after, position));
  };

  app.delete(`${path}/:id`, async (request, reply) => {
    const id = idOf(request);
    await mayWrite(request, id);
    const meta = metaOf(request);
    const before = needsBefore || hooks.beforeDelete ? await loadBefore(id) : null;
    // The resource's own refusal first: it names what it refuses more precisely than a count.
    if (before) await hooks.beforeDelete?.({ deps, request, meta }, id, before);
    // A record a design or an open estimation uses stays (단종 is the way to retire it). A save
    // adding it that races with this check is not lost: that design shows it as 확인 필요.
    const usage = await catalogueUsageOf(deps.knex, resource.objectType, id);
    if (usage.designs + usage.estimations > 0) throw conflict(catalogueUsageMessages.inUse(usage));
    const referrers = await countReferrers(deps.knex, resource, id);
    if (referrers > 0) throw conflict(messages.recordInUse(referrers));
    const shown = await record(id);
    const handled = await handleCommand(deps.store, {
      stream: streamName(resource.objectType, id),
      decider,
      command: { type: 'Delete' },
      meta,
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    if (before) await releaseUnique(deps, resource, id, before, null, meta);
    return shown ?? { id };
  });
}
