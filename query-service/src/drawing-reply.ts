import { etagOf } from '@interior/platform';
import type { FastifyReply } from 'fastify';

/**
 * Sends a drawing (design, plan or wall-drawing thumbnail) as a document of its own: nothing in it
 * may run or load anything, and a client revalidates it by the record's version.
 */
export function sendDrawing(reply: FastifyReply, svg: string, version: number) {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .header('etag', etagOf(version))
    .send(svg);
}
