import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';

/**
 * The benchmark's own database: a fresh one on the server named by BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else the local development server), created for this run and dropped at its
 * end, so nothing of the measurements is left behind and no run sees another's rows.
 */
export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function serverUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
}

/** The URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export class ServerUnreachableError extends Error {
  override name = 'ServerUnreachableError';
}

export interface BenchDatabase {
  name: string;
  url: string;
  serverVersion: string;
  /** Drops the database (forcing out any connection left); safe to call more than once. */
  drop(): Promise<void>;
}

export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const admin = knexFactory({
    client: 'pg',
    connection: { connectionString: serverUrl, connectionTimeoutMillis: 5_000 },
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 6_000,
    // The failure is reported once, below, instead of knex's own stack trace.
    log: { warn() {}, error() {}, deprecate() {}, debug() {} },
  });
  let serverVersion: string;
  try {
    serverVersion = await readServerVersion(admin);
  } catch (error) {
    await admin.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServerUnreachableError(
      `cannot connect to PostgreSQL at ${redactedUrl(serverUrl)}: ${reason || 'no answer'}`,
    );
  }
  const name = `bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin.raw(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropping: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    serverVersion,
    drop() {
      dropping ??= admin.raw(`drop database if exists ${name} with (force)`).then(() => admin.destroy());
      return dropping;
    },
  };
}

async function readServerVersion(knex: Knex): Promise<string> {
  const { rows } = await knex.raw<{ rows: { version: string }[] }>(
    `select current_setting('server_version') as version`,
  );
  return rows[0]?.version ?? 'unknown';
}
