/**
 * The query-service alone (distributed stack): every read endpoint of /api, answered from the
 * read models. Run with `node --import tsx query-service/src/main.ts`.
 */
import { runService } from '@interior/platform';
import { registerQueryRoutes } from './index';

await runService('query-service', async (runtime, app) => {
  registerQueryRoutes(app, {
    knex: runtime.db.knex,
    store: runtime.store,
    vault: runtime.vault,
    permissions: runtime.permissions,
    estimatePdfs: runtime.estimatePdfs,
  });
  return {};
});
