import type { FastifyInstance } from 'fastify';
import { registerAuthentication } from './auth/authenticate';
import { ConfigError, loadConfig } from './config';
import { createHttpApp } from './http/app';
import { registerHealth } from './http/health';
import { openRuntime, type Runtime } from './runtime';

export interface ServiceParts {
  /** Extra readiness checks for GET /api/health. */
  health?: Record<string, () => Promise<unknown> | unknown>;
  /** Stops what the service started (before the runtime closes). */
  close?: () => Promise<void>;
}

/**
 * Runs one service of the distributed stack as its own process: configuration from the
 * environment, the shared runtime, an HTTP server on PORT with authentication and
 * GET /api/health, and a clean stop on SIGINT/SIGTERM.
 */
export async function runService(
  name: string,
  setup: (runtime: Runtime, app: FastifyInstance) => Promise<ServiceParts>,
): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${name}: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const runtime = await openRuntime(config, { applicationName: name, wakeOtherProcesses: true });
  // A service of the distributed stack is reached only through the gateway (deploy/nginx.conf),
  // which appends the address it saw to X-Forwarded-For: unless TRUST_PROXY says otherwise (a
  // load balancer in front of the gateway), trust exactly that one hop. `true` would take the
  // left-most address, which the client writes itself, and dodge every limit per address.
  const app = createHttpApp({ logLevel: config.logLevel, trustProxy: config.trustProxy ?? 1 });
  await app.after();
  registerAuthentication(app, runtime.authenticator);
  const parts = await setup(runtime, app);
  registerHealth(app, runtime.db.knex, parts.health);
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info({ service: name, address }, `${name} listening`);
  const stop = async () => {
    await app.close();
    await parts.close?.();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
