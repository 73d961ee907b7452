import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  bootstrapAdmin,
  commandDepsOf,
  ensureShippedValues,
  registerCommandRoutes,
  startCommandWorkers,
} from '@interior/command-service';
import { isAppPagePath } from '@interior/contracts';
import {
  AnswerCache,
  type Config,
  createHttpApp,
  openRuntime,
  type Runtime,
  type RuntimeOptions,
  registerAuthentication,
  registerHealth,
} from '@interior/platform';
import {
  aclProjection,
  allProjections,
  ProjectionRunner,
  startReactors,
  userSessionsProjection,
  usersProjection,
} from '@interior/projections';
import { registerReadModelRoutes } from '@interior/projections/readmodel/routes';
import { registerQueryRoutes } from '@interior/query-service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy } from './content-security-policy';
import { registerSecurityHeaders } from './security-headers';

/**
 * The all-in-one process (docs/architecture.md "Running"): command-service, query-service and projections in
 * one process on one port, serving the built UI and /api on the same origin. Projections wake in
 * process after each append, and commands wait for them before answering.
 */
export interface PlatformServer {
  url: string;
  app: FastifyInstance;
  runtime: Runtime;
  runner: ProjectionRunner;
  close(): Promise<void>;
}

export interface StartPlatformOptions {
  /** The built UI (ui/dist); null serves the API only. */
  uiDir: string | null;
  /** Where the generated bootstrap password is printed. */
  announce?: (message: string) => void;
  rateLimits?: RuntimeOptions['rateLimits'];
  rateLimitNamespace?: RuntimeOptions['rateLimitNamespace'];
}

export async function startPlatform(config: Config, options: StartPlatformOptions): Promise<PlatformServer> {
  const runtime = await openRuntime(config, {
    applicationName: 'interior-all-in-one',
    rateLimits: options.rateLimits,
    rateLimitNamespace: options.rateLimitNamespace,
  });
  const app = createHttpApp({
    logLevel: config.logLevel,
    // Behind a reverse proxy (TLS termination) every visitor would share its address: TRUST_PROXY
    // names it. Unset, no proxy is trusted, as the process is then reached directly.
    trustProxy: config.trustProxy ?? 0,
    pageFallback: options.uiDir ? servePage : undefined,
  });
  await app.after();
  const runner = new ProjectionRunner({
    knex: runtime.db.knex,
    store: runtime.store,
    vault: runtime.vault,
    projections: allProjections,
    checkpoints: runtime.checkpoints,
    recentRows: runtime.waiter.recent,
    logger: app.log,
  });
  runtime.waiter.useLocalCheckpoints(() => runner.health());
  runtime.authenticator.useReadModelVersion(() =>
    runner.readModelVersion(usersProjection.name, userSessionsProjection.name),
  );
  let reactors: Awaited<ReturnType<typeof startReactors>> | undefined;
  let workers: Awaited<ReturnType<typeof startCommandWorkers>> | undefined;
  try {
    await runner.start();
    reactors = await startReactors(runtime, app.log);
    const deps = commandDepsOf(runtime);
    await bootstrapAdmin(deps, {
      config,
      announce: options.announce ?? ((message) => process.stdout.write(`${message}\n`)),
      warn: (message) => app.log.warn(message),
    });
    workers = await startCommandWorkers(deps, app.log);
    await ensureShippedValues(deps);

    registerSecurityHeaders(app, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy({
          uiDir: options.uiDir,
          tossPayments: config.payments.provider === 'toss',
        }),
      },
    });
    registerAuthentication(app, runtime.authenticator);
    registerCommandRoutes(app, deps);
    registerQueryRoutes(app, {
      knex: runtime.db.knex,
      store: runtime.store,
      vault: runtime.vault,
      // The grants decide what each caller may read: every remembered answer depends on them.
      answers: new AnswerCache((names) => runner.readModelVersion(...names, aclProjection.name)),
      permissions: runtime.permissions,
      estimatePdfs: runtime.estimatePdfs,
    });
    registerReadModelRoutes(app, { knex: runtime.db.knex, store: runtime.store, vault: runtime.vault });
    registerHealth(app, runtime.db.knex, { projections: () => projectionHealth(runner) });
    if (options.uiDir) {
      if (!fs.existsSync(path.join(options.uiDir, 'index.html'))) {
        throw new Error(
          `the UI is not built: ${options.uiDir}/index.html is missing (npm run build --workspace ui)`,
        );
      }
      await app.register(fastifyStatic, {
        root: options.uiDir,
        wildcard: false,
        index: ['index.html'],
        // The build writes .br and .gz beside each file (ui/vite.config.ts): sent as they are.
        preCompressed: true,
        cacheControl: false,
        setHeaders: cachingHeaders,
      });
    }
    const address = await app.listen({ port: config.port, host: config.host });
    const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    return {
      url,
      app,
      runtime,
      runner,
      async close() {
        await app.close();
        await workers?.stop();
        await reactors?.stop();
        await runner.stop();
        await runtime.close();
      },
    };
  } catch (error) {
    await app.close();
    await workers?.stop();
    await reactors?.stop();
    await runner.stop();
    await runtime.close();
    throw error;
  }
}

/**
 * Files under /assets/ are named by a hash of their content: a browser keeps them for a year and
 * never asks again. Everything else (index.html, the favicon) is checked on every visit, so a new
 * build reaches the browser at once.
 */
function cachingHeaders(response: { setHeader(name: string, value: string): unknown }, file: string) {
  const hashed = file.split(path.sep).includes('assets');
  response.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  response.setHeader('vary', 'Accept-Encoding');
}

/**
 * A path outside /api that is no file is one of the single-page app's routes: the app answers it.
 * A path no page has gets the app as well (it shows its 404 page), with the status 404. A missing
 * file (an asset of an older build) is a plain 404, never the page, which the browser would run as
 * a script.
 */
function servePage(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  }
  return reply
    .status(isAppPagePath(pathname) ? 200 : 404)
    .type('text/html')
    .header('cache-control', 'no-cache')
    .sendFile('index.html');
}

/** Projections are healthy when every loop runs without a failing batch. */
function projectionHealth(runner: ProjectionRunner) {
  const loops = runner.health();
  const failing = loops.filter((l) => l.error);
  if (loops.length === 0) throw new Error('projections not running');
  if (failing.length)
    throw new Error(`projection failing: ${failing.map((f) => `${f.name}: ${f.error}`).join('; ')}`);
  return loops.map((l) => ({ name: l.name, generation: l.generation, status: l.status }));
}
