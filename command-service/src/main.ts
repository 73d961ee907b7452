/**
 * The command-service alone (distributed stack): every write endpoint of /api. Run with
 * `node --import tsx command-service/src/main.ts`; configuration from the environment.
 */
import { runService } from '@interior/platform';
import {
  bootstrapAdmin,
  commandDepsOf,
  ensureShippedValues,
  registerCommandRoutes,
  startCommandWorkers,
} from './index';

await runService('command-service', async (runtime, app) => {
  const deps = commandDepsOf(runtime);
  registerCommandRoutes(app, deps);
  await bootstrapAdmin(deps, {
    config: runtime.config,
    announce: (message) => process.stdout.write(`${message}\n`),
    warn: (message) => app.log.warn(message),
  });
  await ensureShippedValues(deps);
  const workers = await startCommandWorkers(deps, app.log);
  return { close: () => workers.stop() };
});
