import { positiveId } from '@interior/contracts';
import { notFound, readModels } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';

const Params = z.object({ id: positiveId(), name: z.string().regex(/^[0-9a-f-]{36}\.(jpg|png|gif|webp)$/) });

/**
 * SPEC §7 `GET api/image/user/{id}/{name}`: a user's current profile photo. Public because an
 * <img> cannot send a token; the name is random and only the current photo is served, so old or
 * erased photos are gone.
 */
export function registerImageQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/image/user/:id/:name', { config: { public: true } }, async (request, reply) => {
    const parsed = Params.safeParse(request.params);
    if (!parsed.success) throw notFound();
    const { id, name } = parsed.data;
    const file = await deps
      .knex('files as f')
      .join(`${readModels.users} as u`, 'u.id', 'f.ownerId')
      .where({ 'f.ownerId': id, 'f.name': name })
      .whereRaw(`(u.image->>'name') = f.name`)
      .first('f.data', 'f.contentType', 'f.sha256');
    if (!file) throw notFound();
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=86400')
      .header('etag', `"${file.sha256}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
}
