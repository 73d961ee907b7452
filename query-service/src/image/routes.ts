import { positiveId, STORED_FILE_NAME } from '@interior/contracts';
import { notFound, readModels } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';

const Params = z.object({ id: positiveId(), name: z.string().regex(/^[0-9a-f-]{36}\.(jpg|png|gif|webp)$/) });

/**
 * `GET api/image/user/{id}/{name}`: a user's current profile photo. Public because an
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

const FileParams = z.object({ name: z.string().regex(STORED_FILE_NAME) });

/**
 * `GET /api/file/{name}`: a file of a catalogue record (logo, texture, model, attachment). Public
 * for the same reason as profile photos: the name is random and given only to those who can read
 * the record. The bytes at a name never change, so they are cached for a year. Images show inline;
 * anything else downloads under the name it was uploaded with.
 */
export function registerFileQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/file/:name', { config: { public: true } }, async (request, reply) => {
    const parsed = FileParams.safeParse(request.params);
    if (!parsed.success) throw notFound();
    const file = await deps
      .knex('files')
      .where({ name: parsed.data.name, purpose: 'record' })
      .first('data', 'contentType', 'sha256', 'originalName');
    if (!file) throw notFound();
    const inline = file.contentType.startsWith('image/');
    const filename = (file.originalName as string | null) ?? parsed.data.name;
    return reply
      .type(file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${file.sha256}"`)
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${asciiFallback(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      )
      .send(file.data);
  });
}

/** RFC 6266: the plain `filename` for old clients, without quotes, backslashes or non-ASCII. */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');
