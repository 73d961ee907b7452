import { currentSupplier, SUPPLIER_STREAM } from '@interior/contracts';
import { principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { QueryServiceDeps } from '../deps';

/**
 * `GET /api/system/supplier`: the 공급자 printed on the 견적서 from now on, or null while the Admin
 * has not set it. Any signed-in person reads it (it is printed on every quote they may read). Read
 * from its own stream: a handful of events, and what the next quote will copy.
 */
export function registerSupplierQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/system/supplier', async (request, reply) => {
    principalOf(request);
    const supplier = currentSupplier(await deps.store.readStream(SUPPLIER_STREAM));
    return reply.header('cache-control', 'private, no-store').send(supplier);
  });
}
