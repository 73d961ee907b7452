import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import knexFactory, { type Knex } from 'knex';
import { markOwnSessions } from './prepared';

/**
 * One connection pool per process, shared by the event store, the projections and the queries.
 *
 * Embedded default (no DATABASE_URL): PGlite (PostgreSQL compiled to WASM) with its data under
 * DATA_DIR, served over the PostgreSQL wire protocol by pglite-socket so the code is the same as
 * against a real server. PGlite runs one statement at a time on one backend session, and
 * pglite-socket queues protocol messages one by one, so the Parse/Bind/Execute of two connections
 * can interleave and bind each other's unnamed statement (seen here: "bind message supplies 8
 * parameters, but prepared statement "" requires 3"). The embedded pool therefore has exactly one
 * connection. Code must never await another query outside its transaction while inside one (it
 * would wait for the pool forever), nor use LISTEN/NOTIFY or session SETs.
 */
export interface Database {
  knex: Knex;
  /** The connection URL, for child processes and logs (no password in the embedded mode). */
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL URL; absent means the embedded PGlite. */
  url?: string | undefined;
  /** Where the embedded PGlite keeps its files; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Connections to a PostgreSQL server; the embedded database always uses one (see above). */
  poolSize?: number;
  applicationName?: string;
}

/** Sockets the embedded server accepts: this process's one connection plus a few for tools (psql). */
const EMBEDDED_MAX_CONNECTIONS = 8;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const poolSize = options.poolSize ?? 10;
  if (options.url) {
    const knex = createKnex(options.url, poolSize, options.applicationName, LZ4_WHERE_OFFERED);
    markOwnSessions(knex);
    await knex.raw('select 1');
    return { knex, url: options.url, embedded: false, close: () => knex.destroy() };
  }
  let pgDataDir: string | undefined;
  if (options.dataDir) {
    pgDataDir = path.join(options.dataDir, 'pglite');
    await fs.mkdir(pgDataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(pgDataDir ? { dataDir: pgDataDir } : {}),
    extensions: { pg_trgm },
  });
  const server = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: 0,
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
  });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres`;
  const knex = createKnex(url, 1, options.applicationName);
  return {
    knex,
    url,
    embedded: true,
    async close() {
      await knex.destroy();
      await server.stop();
      await pglite.close();
    },
  };
}

/**
 * Large values (a design's document in its event, an estimate's sources) are compressed as they are
 * stored: with lz4 where the server offers it, several times cheaper to compress and to read back
 * than PostgreSQL's default (pglz). A session setting, so every table of every process writes so;
 * a value is read back whichever way it was compressed, so old rows and other clients stay as they
 * are. Nothing is set on a server without lz4, nor on the embedded PGlite (one session, pglz only).
 */
const LZ4_WHERE_OFFERED = `select set_config('default_toast_compression', 'lz4', false) from pg_settings
  where name = 'default_toast_compression' and 'lz4' = any(enumvals)`;

interface PoolConnection {
  query(text: string, callback: (error: Error | null) => void): void;
}

/** `onConnect`: a statement each new connection runs first (session settings, on a server only). */
function createKnex(
  url: string,
  poolSize: number,
  applicationName = 'interior-platform',
  onConnect?: string,
): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: applicationName },
    pool: {
      min: 0,
      max: poolSize,
      ...(onConnect
        ? {
            afterCreate: (
              connection: PoolConnection,
              done: (error: Error | null, c: PoolConnection) => void,
            ) => connection.query(onConnect, (error) => done(error, connection)),
          }
        : {}),
    },
    acquireConnectionTimeout: 30_000,
  });
}

/** PostgreSQL error codes this code reacts to. */
export const pgErrorCodes = {
  uniqueViolation: '23505',
  undefinedTable: '42P01',
  duplicateTable: '42P07',
  serializationFailure: '40001',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'constraint' in error
    ? String(error.constraint)
    : undefined;
}
