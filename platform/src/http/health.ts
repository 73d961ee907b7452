import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';

/**
 * `GET /api/health`: 200 once this process can serve (database reachable and its own checks,
 * e.g. projections running), 503 with the failing part otherwise. Public, cheap, uncached.
 */
export function registerHealth(
  app: FastifyInstance,
  knex: Knex,
  checks: Record<string, () => Promise<unknown> | unknown> = {},
): void {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const report: Record<string, unknown> = {};
    let ok = true;
    try {
      await knex.raw('select 1');
      report.database = 'up';
    } catch {
      report.database = 'down';
      ok = false;
    }
    for (const [name, check] of Object.entries(checks)) {
      try {
        report[name] = await check();
      } catch (error) {
        report[name] = error instanceof Error ? error.message : 'down';
        ok = false;
      }
    }
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', ...report });
  });
}
