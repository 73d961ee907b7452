import {
  type EffectiveSetting,
  positiveId,
  type ResourceDeclaration,
  resourceNamed,
  resourceTable,
  type SettingView,
  settingMessages,
  settingViews,
} from '@interior/contracts';
import {
  type ListDefinition,
  notFound,
  parseInput,
  principalOf,
  queryList,
  sendList,
} from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { QueryServiceDeps } from '../deps';

type SystemRow = {
  id: number;
  key: string;
  label: string;
  unit: string | null;
  description: string | null;
  value: number;
};

/** My overrides of the given keys. */
async function overridesOf(knex: Knex, userId: number, kind: SettingView, keys: string[]) {
  if (keys.length === 0) return new Map<string, number>();
  const rows = (await knex('property_overrides')
    .where({ userId, kind })
    .whereIn('key', keys)
    .select('key', 'value')) as { key: string; value: number }[];
  return new Map(rows.map((row) => [row.key, row.value]));
}

const effective = (row: SystemRow, mine: number | undefined): EffectiveSetting => ({
  id: row.id,
  key: row.key,
  label: row.label,
  unit: row.unit,
  description: row.description,
  systemValue: row.value,
  value: mine ?? row.value,
  overridden: mine !== undefined,
});

/**
 * `GET /api/bomconstant` and `/api/designproperty` (simple-rest, every signed-in user): each system
 * key with its effective value for me (my override or the system value); `GET …/{id}` one key.
 */
export function registerSettingQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  const Params = z.object({ id: positiveId() });
  for (const [view, systemName] of Object.entries(settingViews) as [SettingView, string][]) {
    const system = resourceNamed(systemName) as ResourceDeclaration;
    const table = resourceTable(system);
    const list: ListDefinition = {
      resource: view,
      table,
      sortable: ['id', 'key', 'label'],
      defaultSort: ['key', 'ASC'],
      filters: { key: 'text' },
      search: ['key', 'label'],
    };
    app.get(`/api/${view}`, async (request, reply) => {
      const principal = principalOf(request);
      const result = await queryList<SystemRow>(deps.knex, list, request.query as Record<string, unknown>);
      const mine = await overridesOf(
        deps.knex,
        principal.userId,
        view,
        result.records.map((r) => r.key),
      );
      return sendList(reply, view, {
        ...result,
        records: result.records.map((row) => effective(row, mine.get(row.key))),
      });
    });
    app.get(`/api/${view}/:id`, async (request) => {
      const principal = principalOf(request);
      const { id } = parseInput(Params, request.params);
      const row = (await deps.knex(table).where({ id }).first()) as SystemRow | undefined;
      if (!row) throw notFound(settingMessages.notFound);
      const mine = await overridesOf(deps.knex, principal.userId, view, [row.key]);
      return effective(row, mine.get(row.key));
    });
  }
}
