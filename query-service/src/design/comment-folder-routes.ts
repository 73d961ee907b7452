import { commentReadModel, folderReadModel, messages, positiveId } from '@interior/contracts';
import {
  badRequest,
  etagOf,
  type ListDefinition,
  parseInput,
  principalOf,
  queryList,
  readModels,
  sendList,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';
import { readableRow, requireReadable } from '../record-access';

const Params = z.object({ id: positiveId() });

const comments: ListDefinition = {
  resource: 'comment',
  table: commentReadModel,
  sortable: ['id', 'registered'],
  defaultSort: ['registered', 'ASC'],
  filters: { designId: 'integer', parentId: 'integer' },
  search: [],
  nullable: ['parentId'],
};

const folders: ListDefinition = {
  resource: 'designfolder',
  table: folderReadModel,
  sortable: ['id', 'name', 'registered'],
  defaultSort: ['name', 'ASC'],
  filters: { parentId: 'integer' },
  search: ['name'],
  nullable: ['parentId'],
};

/** The authors' names beside their comments (a comment's reader may not read the users list). */
async function withAuthors<T extends { authorId: number }>(knex: Knex, rows: T[]) {
  const ids = [...new Set(rows.map((r) => r.authorId))];
  const names = new Map<number, string | null>(
    ids.length
      ? (await knex(readModels.users).whereIn('id', ids).select('id', 'name')).map((u) => [u.id, u.name])
      : [],
  );
  return rows.map((r) => ({ ...r, authorName: names.get(r.authorId) ?? null }));
}

/** Comments of one design (who may read the design reads them) and the caller's own folders. */
export function registerCommentAndFolderQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/comment', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let designId: unknown;
    try {
      designId = JSON.parse(String(query.filter ?? '{}')).designId;
    } catch {
      designId = undefined;
    }
    if (typeof designId !== 'number' || !Number.isInteger(designId) || designId < 1)
      throw badRequest(messages.commentDesignRequired, { designId: messages.commentDesignRequired });
    await requireReadable(
      deps,
      principalOf(request),
      { type: 'Design', id: designId },
      messages.designNotFound,
    );
    const result = await queryList<{ authorId: number }>(deps.knex, comments, query);
    return sendList(reply, 'comment', { ...result, records: await withAuthors(deps.knex, result.records) });
  });

  app.get('/api/comment/:id', async (request, reply) => {
    const { id } = parseInput(Params, request.params);
    const row = await readableRow<{ authorId: number; version: number }>(
      deps,
      principalOf(request),
      { type: 'Comment', id },
      commentReadModel,
      messages.commentNotFound,
    );
    const [shown] = await withAuthors(deps.knex, [row]);
    return reply.header('etag', etagOf(row.version)).send(shown);
  });

  app.get('/api/designfolder', async (request, reply) => {
    const { userId } = principalOf(request);
    const result = await queryList(deps.knex, folders, request.query as Record<string, unknown>, (b) => {
      b.where({ ownerId: userId });
    });
    return sendList(reply, 'designfolder', result);
  });

  app.get('/api/designfolder/:id', async (request, reply) => {
    const { id } = parseInput(Params, request.params);
    const row = await readableRow<{ version: number }>(
      deps,
      principalOf(request),
      { type: 'DesignFolder', id },
      folderReadModel,
      messages.designFolderNotFound,
    );
    return reply.header('etag', etagOf(row.version)).send(row);
  });
}
