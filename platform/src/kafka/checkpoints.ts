import type { Knex } from 'knex';
import type { Position } from '../eventstore/port';
import type { RelayCheckpointStore } from './relay';

/** The relay's checkpoint in PostgreSQL (`relay_checkpoints`, platform migration 006). */
export class PostgresRelayCheckpoints implements RelayCheckpointStore {
  constructor(
    private readonly knex: Knex,
    private readonly name: string,
  ) {}

  async load(): Promise<Position | null> {
    const row = await this.knex('relay_checkpoints').where({ name: this.name }).first('position');
    return row?.position ?? null;
  }

  async save(position: Position): Promise<void> {
    await this.knex('relay_checkpoints')
      .insert({ name: this.name, position, updated_at: this.knex.fn.now() })
      .onConflict('name')
      .merge();
  }
}
