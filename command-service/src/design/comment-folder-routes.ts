import {
  CreateCommentSchema,
  CreateFolderSchema,
  commentReadModel,
  designReadModels,
  EditCommentSchema,
  FOLDER_MAX_DEPTH,
  folderReadModel,
  messages,
  positiveId,
  streamName,
  UpdateFolderSchema,
} from '@interior/contracts';
import {
  badRequest,
  conflict,
  etagOf,
  notFound,
  parseIfMatch,
  parseInput,
  principalOf,
} from '@interior/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { handleCommand, loadState } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { nextId } from '../ids';
import { commentDecider } from './comment';
import { folderDecider } from './folder';

const CommentParams = z.object({ id: positiveId() });
const FolderParams = z.object({ id: positiveId() });

async function answerRow(knex: Knex, reply: FastifyReply, table: string, id: number, missing: string) {
  const row = await knex(table).where({ id }).first();
  if (!row) throw notFound(missing);
  reply.header('etag', etagOf(row.version));
  return row;
}

/** A folder's level (1 at the top) by walking up its parents. */
async function levelOf(knex: Knex, id: number): Promise<number> {
  let level = 0;
  let current: number | null = id;
  while (current !== null && level <= FOLDER_MAX_DEPTH + 1) {
    const row: { parentId: number | null } | undefined = await knex(folderReadModel)
      .where({ id: current })
      .first('parentId');
    if (!row) break;
    level++;
    current = row.parentId;
  }
  return level;
}

/** How many levels a folder's subtree has (1 for a folder without subfolders). */
async function heightOf(knex: Knex, id: number): Promise<number> {
  let height = 1;
  let level = [id];
  while (level.length && height <= FOLDER_MAX_DEPTH + 1) {
    const children: { id: number }[] = await knex(folderReadModel).whereIn('parentId', level).select('id');
    if (!children.length) break;
    height++;
    level = children.map((c) => c.id);
  }
  return height;
}

/**
 * Comments (`/api/comment`, object type Comment: anyone who may read the design writes; the author
 * edits and deletes) and folders (`/api/designfolder`, object type DesignFolder: each owner's own,
 * up to five levels; a folder holding designs or folders is not deleted).
 */
export function registerCommentAndFolderCommands(app: FastifyInstance, deps: CommandServiceDeps) {
  const mayReadDesign = (request: FastifyRequest, designId: number) =>
    deps.permissions.require(
      principalOf(request),
      { type: 'Design', id: designId },
      'Read',
      messages.designNotFound,
    );
  /** A comment the caller may see (its design readable), or 404. */
  const visibleComment = async (request: FastifyRequest) => {
    const { id } = parseInput(CommentParams, request.params);
    const row = await deps.knex(commentReadModel).where({ id }).first('designId');
    if (!row) throw notFound(messages.commentNotFound);
    await deps.permissions
      .require(principalOf(request), { type: 'Design', id: row.designId }, 'Read', messages.commentNotFound)
      .catch((error) => {
        throw error.status === 404 ? notFound(messages.commentNotFound) : error;
      });
    return id;
  };

  app.post('/api/comment', async (request, reply) => {
    const principal = principalOf(request);
    const input = parseInput(CreateCommentSchema, request.body);
    await mayReadDesign(request, input.designId);
    const design = await deps.knex(designReadModels.designs).where({ id: input.designId }).first('status');
    if (!design) throw notFound(messages.designNotFound);
    if (input.parentId) {
      const parent = await deps
        .knex(commentReadModel)
        .where({ id: input.parentId })
        .first('designId', 'parentId');
      if (!parent || parent.designId !== input.designId)
        throw badRequest(messages.commentNotFound, { parentId: messages.commentNotFound });
      if (parent.parentId !== null)
        throw badRequest(messages.commentReplyDepth, { parentId: messages.commentReplyDepth });
    }
    const id = await nextId(deps.knex, 'Comment');
    const handled = await handleCommand(deps.store, {
      stream: streamName('Comment', id),
      decider: commentDecider,
      command: {
        type: 'WriteComment',
        id,
        designId: input.designId,
        parentId: input.parentId ?? null,
        authorId: principal.userId,
        body: input.body,
      },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    const row = await answerRow(deps.knex, reply, commentReadModel, id, messages.commentNotFound);
    return reply.status(201).send({ ...row, authorName: principal.name });
  });

  app.put('/api/comment/:id', async (request, reply) => {
    const id = await visibleComment(request);
    const { body } = parseInput(EditCommentSchema, request.body);
    const handled = await handleCommand(deps.store, {
      stream: streamName('Comment', id),
      decider: commentDecider,
      command: { type: 'EditComment', actorId: principalOf(request).userId, body },
      meta: metaOf(request),
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    return answerRow(deps.knex, reply, commentReadModel, id, messages.commentNotFound);
  });

  app.delete('/api/comment/:id', async (request, reply) => {
    const id = await visibleComment(request);
    const handled = await handleCommand(deps.store, {
      stream: streamName('Comment', id),
      decider: commentDecider,
      command: { type: 'DeleteComment', actorId: principalOf(request).userId },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    return answerRow(deps.knex, reply, commentReadModel, id, messages.commentNotFound);
  });

  /** The caller's own folder, or 404 (another's folder is not shown to exist). */
  const ownFolder = async (request: FastifyRequest, id: number) => {
    const row = await deps
      .knex(folderReadModel)
      .where({ id, ownerId: principalOf(request).userId })
      .first('id');
    if (!row) throw notFound(messages.designFolderNotFound);
  };
  const checkParent = async (request: FastifyRequest, parentId: number | null | undefined, height = 1) => {
    if (parentId === null || parentId === undefined) return;
    const parent = await deps
      .knex(folderReadModel)
      .where({ id: parentId, ownerId: principalOf(request).userId })
      .first('id');
    if (!parent) throw badRequest(messages.designFolderNotFound, { parentId: messages.designFolderNotFound });
    if ((await levelOf(deps.knex, parentId)) + height > FOLDER_MAX_DEPTH)
      throw badRequest(messages.folderTooDeep(FOLDER_MAX_DEPTH), {
        parentId: messages.folderTooDeep(FOLDER_MAX_DEPTH),
      });
  };

  app.post('/api/designfolder', async (request, reply) => {
    const input = parseInput(CreateFolderSchema, request.body);
    await checkParent(request, input.parentId);
    const id = await nextId(deps.knex, 'DesignFolder');
    const handled = await handleCommand(deps.store, {
      stream: streamName('DesignFolder', id),
      decider: folderDecider,
      command: {
        type: 'CreateFolder',
        id,
        ownerId: principalOf(request).userId,
        name: input.name,
        parentId: input.parentId ?? null,
      },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    const row = await answerRow(deps.knex, reply, folderReadModel, id, messages.designFolderNotFound);
    return reply.status(201).send(row);
  });

  app.put('/api/designfolder/:id', async (request, reply) => {
    const { id } = parseInput(FolderParams, request.params);
    await ownFolder(request, id);
    const input = parseInput(UpdateFolderSchema, request.body);
    if (input.parentId !== undefined && input.parentId !== null) {
      // Moving under itself or one of its own subfolders would cut the tree off from the top.
      let current: number | null = input.parentId;
      for (let hops = 0; current !== null && hops <= FOLDER_MAX_DEPTH + 1; hops++) {
        if (current === id) throw badRequest(messages.folderCycle, { parentId: messages.folderCycle });
        const row: { parentId: number | null } | undefined = await deps
          .knex(folderReadModel)
          .where({ id: current })
          .first('parentId');
        current = row?.parentId ?? null;
      }
      await checkParent(request, input.parentId, await heightOf(deps.knex, id));
    }
    const handled = await handleCommand(deps.store, {
      stream: streamName('DesignFolder', id),
      decider: folderDecider,
      command: { type: 'UpdateFolder', name: input.name, parentId: input.parentId },
      meta: metaOf(request),
      ifMatch: parseIfMatch(request.headers['if-match']),
    });
    await awaitProjections(deps, reply, handled);
    return answerRow(deps.knex, reply, folderReadModel, id, messages.designFolderNotFound);
  });

  app.delete('/api/designfolder/:id', async (request, reply) => {
    const { id } = parseInput(FolderParams, request.params);
    await ownFolder(request, id);
    const [designs] = await deps.knex(designReadModels.designs).where({ folderId: id }).count({ n: '*' });
    const [children] = await deps.knex(folderReadModel).where({ parentId: id }).count({ n: '*' });
    if (Number(designs?.n ?? 0) + Number(children?.n ?? 0) > 0) throw conflict(messages.folderNotEmpty);
    const shown = await deps.knex(folderReadModel).where({ id }).first();
    const { state } = await loadState(deps.store, streamName('DesignFolder', id), folderDecider);
    if (state.status !== 'Live') throw notFound(messages.designFolderNotFound);
    const handled = await handleCommand(deps.store, {
      stream: streamName('DesignFolder', id),
      decider: folderDecider,
      command: { type: 'DeleteFolder' },
      meta: metaOf(request),
    });
    await awaitProjections(deps, reply, handled);
    return shown;
  });
}
