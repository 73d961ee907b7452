import { createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Secrets the platform generates for itself on first start and keeps in the database, so every
 * process of a deployment shares them and they survive restarts. A secret given in the
 * environment (JWT_SECRET) takes precedence; production refuses to run without it (config.ts).
 */
export type SecretName = 'jwt' | 'lookup-keys' | 'code-hash';

export async function loadOrCreateSecret(knex: Knex, name: SecretName): Promise<Buffer> {
  await knex.raw('insert into platform_secrets (name, value) values (?, ?) on conflict (name) do nothing', [
    name,
    randomBytes(32),
  ]);
  const row = await knex('platform_secrets').where({ name }).first('value');
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value as Buffer;
}

/**
 * Keyed hashes for names that must not reveal personal data (stream names of e-mail reservations,
 * docs/architecture.md "Personal data"): HMAC-SHA-256 under a per-purpose key.
 */
export class LookupKeys {
  constructor(private readonly key: Buffer) {}

  static async load(knex: Knex): Promise<LookupKeys> {
    return new LookupKeys(await loadOrCreateSecret(knex, 'lookup-keys'));
  }

  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(purpose).update('\0').update(value).digest('base64url');
  }
}
