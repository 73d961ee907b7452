import { Readable } from 'node:stream';
import { messages } from '@interior/contracts';
import { notFound, requireRouteAccess } from '@interior/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Projection } from '../projection';
import { rebuildProgress, startRebuild } from './rebuild';
import { projectionNamed, type ReadModelDeps, readModelStates } from './status';
import { verifyReadModel } from './verify';

/**
 * The read models for the platform's operators (docs/auditing.md "Read models"): their generations
 * and lag, a blue/green rebuild started from the browser with its progress as server-sent events,
 * and a check of a read model against a fold of the log. Admin and Developer only, every route.
 */
export function registerReadModelRoutes(app: FastifyInstance, deps: ReadModelDeps): void {
  const allowed = (request: FastifyRequest) => requireRouteAccess(request, 'audit/readmodels');
  const named = (request: FastifyRequest): Projection => {
    const projection = projectionNamed((request.params as { name: string }).name);
    if (!projection) throw notFound(messages.readModelUnknown);
    return projection;
  };

  app.get('/api/readmodel', async (request, reply) => {
    allowed(request);
    const states = await readModelStates(deps);
    reply.header('content-range', `readmodel 0-${Math.max(0, states.length - 1)}/${states.length}`);
    return states;
  });

  app.post('/api/readmodel/:name/rebuild', async (request, reply) => {
    allowed(request);
    const generation = await startRebuild(deps, named(request));
    return reply.status(202).send({ generation });
  });

  // Compression would hold the events back until enough of them filled a block.
  app.get('/api/readmodel/:name/rebuild', { compress: false }, async (request, reply) => {
    allowed(request);
    const projection = named(request);
    const gone = new AbortController();
    request.raw.on('close', () => gone.abort());
    const events = Readable.from(
      (async function* () {
        for await (const progress of rebuildProgress(deps, projection, gone.signal)) {
          yield `data: ${JSON.stringify(progress)}\n\n`;
        }
      })(),
    );
    return (
      reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        // A proxy in front (the distributed stack's nginx) passes each event on at once.
        .header('x-accel-buffering', 'no')
        .send(events)
    );
  });

  app.post('/api/readmodel/:name/verify', async (request) => {
    allowed(request);
    return verifyReadModel(deps, named(request));
  });
}
