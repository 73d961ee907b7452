import type { EventStore, PiiVault, Position } from '@interior/platform';
import type { Knex } from 'knex';
import { allProjections } from '../index';
import type { Projection } from '../projection';

/** What the read-model routes work with: the read models' database, the log and the vault. */
export interface ReadModelDeps {
  knex: Knex;
  store: EventStore;
  vault: PiiVault;
}

/** One generation of a read model as `projection_generations` holds it. */
export interface GenerationState {
  generation: number;
  version: number;
  position: Position | null;
  /** Events of the log after `position` (at most LAG_CAP); null where the log is not in this database. */
  lag: number | null;
  updatedAt: Date;
}

/** One row of `GET /api/readmodel`. */
export interface ReadModelState extends GenerationState {
  id: string;
  name: string;
  /** The version the running code would build (a newer one than the active one is being built). */
  codeVersion: number;
  /** A rebuild under way beside the active generation, or null. */
  building: GenerationState | null;
}

/** Counting the events behind stops here: a lag this large means "rebuilding from far behind". */
export const LAG_CAP = 10_000_000;

export const GENERATIONS = 'projection_generations';

export function projectionNamed(name: string): Projection | undefined {
  return allProjections.find((p) => p.name === name);
}

interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'active' | 'retired';
  checkpoint: Position | null;
  updated_at: Date;
}

/**
 * The events of the log after a position, counted on the log's index by the database that holds
 * both (the PostgreSQL store); null for a store elsewhere, whose log this database cannot count.
 */
export async function eventsAfter(deps: ReadModelDeps, position: Position | null): Promise<number | null> {
  const log = deps.store.logInSql;
  if (!log || log.knex !== deps.knex) return null;
  const { sql, bindings } = log.count(position, LAG_CAP);
  const { rows } = await deps.knex.raw<{ rows: { n: number }[] }>(sql, bindings);
  return rows[0]?.n ?? 0;
}

async function stateOf(deps: ReadModelDeps, row: GenerationRow): Promise<GenerationState> {
  return {
    generation: row.generation,
    version: row.version,
    position: row.checkpoint,
    lag: await eventsAfter(deps, row.checkpoint),
    updatedAt: row.updated_at,
  };
}

/** The live generations of one read model (active and building), as the table holds them now. */
export async function generationsOf(
  knex: Knex | Knex.Transaction,
  name: string,
): Promise<{ active?: GenerationRow; building?: GenerationRow }> {
  const rows: GenerationRow[] = await knex(GENERATIONS).where({ name }).whereNot({ status: 'retired' });
  return {
    active: rows.find((r) => r.status === 'active'),
    building: rows.find((r) => r.status === 'building'),
  };
}

/** Every read model of the platform with its active generation and any rebuild under way. */
export async function readModelStates(deps: ReadModelDeps): Promise<ReadModelState[]> {
  const rows: GenerationRow[] = await deps.knex(GENERATIONS).whereNot({ status: 'retired' });
  const states: ReadModelState[] = [];
  for (const projection of allProjections) {
    const active = rows.find((r) => r.name === projection.name && r.status === 'active');
    const building = rows.find((r) => r.name === projection.name && r.status === 'building');
    // A read model whose runner has not started yet has no generation: nothing to show of it.
    if (!active) continue;
    states.push({
      id: projection.name,
      name: projection.name,
      codeVersion: projection.version,
      ...(await stateOf(deps, active)),
      building: building ? await stateOf(deps, building) : null,
    });
  }
  return states;
}
