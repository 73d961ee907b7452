/**
 * The projections alone (distributed stack): keeps every read model up to date from the global
 * log (woken by the other services' appends, polling besides), tells the other services each batch
 * it commits (their answers wait for it), runs the reactors (mail), answers GET /api/health with
 * each projection's state and serves /api/readmodel (the front door sends it here). Run with
 * `node --import tsx projections/src/main.ts`.
 */
import { runService } from '@interior/platform';
import { allProjections, ProjectionRunner, startReactors } from './index';
import { registerReadModelRoutes } from './readmodel/routes';

await runService('projections', async (runtime, app) => {
  const runner = new ProjectionRunner({
    knex: runtime.db.knex,
    store: runtime.store,
    vault: runtime.vault,
    projections: allProjections,
    logger: app.log,
    // Each batch tells the other services' waiters (read your writes) at once.
    checkpoints: runtime.checkpoints,
  });
  await runner.start();
  registerReadModelRoutes(app, { knex: runtime.db.knex, store: runtime.store, vault: runtime.vault });
  const reactors = await startReactors(runtime, app.log);
  return {
    health: {
      projections: () => {
        const failing = runner.health().filter((h) => h.error);
        if (failing.length) throw new Error(failing.map((f) => `${f.name}: ${f.error}`).join('; '));
        return runner
          .health()
          .map(({ name, generation, status, checkpoint }) => ({ name, generation, status, checkpoint }));
      },
    },
    close: async () => {
      await reactors.stop();
      await runner.stop();
    },
  };
});
