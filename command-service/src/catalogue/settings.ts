import {
  OverrideInputSchema,
  type PropertyOverrideEvent,
  positiveId,
  type ResourceDeclaration,
  resourceNamed,
  resourceTable,
  type SettingView,
  settingMessages,
  settingViews,
  shippedSettings,
  streamName,
} from '@interior/contracts';
import { HttpError, notFound, parseInput, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CommandMeta, type Decider, handleCommand } from '../decider';
import { awaitProjections, type CommandServiceDeps, metaOf } from '../deps';
import { createRecord, type ResourceCommandHooks } from '../resource/routes';

type OverrideState = Readonly<Record<string, number>>;
type OverrideCommand =
  | { type: 'Set'; kind: SettingView; key: string; value: number }
  | { type: 'Remove'; kind: SettingView; key: string };

const slot = (kind: string, key: string) => `${kind}:${key}`;

/**
 * A user's own values of settings (object type PropertyOverride, one stream per user): setting the
 * value already held, or removing one never set, changes nothing.
 */
export const overrideDecider: Decider<OverrideCommand, PropertyOverrideEvent, OverrideState> = {
  initialState: () => ({}),
  evolve(state, event) {
    const key = slot(event.data.kind, event.data.key);
    if (event.type === 'PropertyOverrideSet') return { ...state, [key]: event.data.value };
    const { [key]: _gone, ...rest } = state;
    return rest;
  },
  decide(command, state) {
    const held = state[slot(command.kind, command.key)];
    if (command.type === 'Set') {
      if (held === command.value) return [];
      return [
        { type: 'PropertyOverrideSet', data: { kind: command.kind, key: command.key, value: command.value } },
      ];
    }
    if (held === undefined) return [];
    return [{ type: 'PropertyOverrideRemoved', data: { kind: command.kind, key: command.key } }];
  },
};

/**
 * `PUT /api/{bomconstant|designproperty}/{id}` `{value}` sets my value of that system key;
 * `DELETE` gives it back to the system value. Every signed-in user keeps their own; the answer is
 * the effective entry as `GET` shows it.
 */
export function registerOverrideCommands(app: FastifyInstance, deps: CommandServiceDeps): void {
  const Params = z.object({ id: positiveId() });
  for (const [view, systemName] of Object.entries(settingViews) as [SettingView, string][]) {
    const system = resourceNamed(systemName) as ResourceDeclaration;
    const table = resourceTable(system);
    const systemRecord = async (id: number) => {
      const row = (await deps.knex(table).where({ id }).first()) as
        | {
            id: number;
            key: string;
            label: string;
            unit: string | null;
            description: string | null;
            value: number;
          }
        | undefined;
      if (!row) throw notFound(settingMessages.notFound);
      return row;
    };
    const change = async (userId: number, command: OverrideCommand, meta: CommandMeta) =>
      handleCommand(deps.store, {
        stream: streamName('PropertyOverride', userId),
        decider: overrideDecider,
        command,
        meta,
      });
    const answer = (row: Awaited<ReturnType<typeof systemRecord>>, value: number | null) => ({
      id: row.id,
      key: row.key,
      label: row.label,
      unit: row.unit,
      description: row.description,
      systemValue: row.value,
      value: value ?? row.value,
      overridden: value !== null,
    });

    app.put(`/api/${view}/:id`, async (request, reply) => {
      const principal = principalOf(request);
      const { id } = parseInput(Params, request.params);
      const { value } = parseInput(OverrideInputSchema, request.body);
      const row = await systemRecord(id);
      const handled = await change(
        principal.userId,
        { type: 'Set', kind: view, key: row.key, value },
        metaOf(request),
      );
      await awaitProjections(deps, reply, handled);
      return answer(row, value);
    });

    app.delete(`/api/${view}/:id`, async (request, reply) => {
      const principal = principalOf(request);
      const { id } = parseInput(Params, request.params);
      const row = await systemRecord(id);
      const handled = await change(
        principal.userId,
        { type: 'Remove', kind: view, key: row.key },
        metaOf(request),
      );
      await awaitProjections(deps, reply, handled);
      return answer(row, null);
    });
  }
}

/**
 * Creates the shipped system values (BOM constants, design properties) that are not there yet,
 * through the same commands as the Admin's screens; a key already taken is left as it is, so
 * every start may run it.
 */
export async function ensureShippedSettings(
  deps: CommandServiceDeps,
  hooksOf: (name: string) => ResourceCommandHooks,
): Promise<number> {
  const meta: CommandMeta = { actorId: null, correlationId: 'shipped-settings', now: new Date() };
  let created = 0;
  for (const [name, settings] of Object.entries(shippedSettings)) {
    const resource = resourceNamed(name) as ResourceDeclaration;
    for (const setting of settings) {
      const table = resourceTable(resource);
      // A service started before its read model exists relies on the unique key alone.
      const exists =
        (await deps.knex.schema.hasTable(table)) &&
        (await deps.knex(table).where({ key: setting.key }).first(deps.knex.raw('1 as found')));
      if (exists) continue;
      try {
        await createRecord(deps, resource, hooksOf(name), { ...setting }, meta);
        created++;
      } catch (error) {
        // Taken meanwhile (another process, or the read model behind): the value is there.
        if (!(error instanceof HttpError && error.status === 409)) throw error;
      }
    }
  }
  return created;
}
