import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** What knex's pool hands out for the `pg` client: a node-postgres client. */
interface PgConnection {
  query<R>(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * Pools of a PostgreSQL server (openDatabase), where each connection is a session of its own. Not
 * the embedded PGlite's: its connections share one backend session (database.ts), where a second
 * connection would prepare the same name again and fail.
 */
const ownSessions = new WeakSet<Knex>();

export function markOwnSessions(knex: Knex): void {
  ownSessions.add(knex);
}

/**
 * Runs `text` (`$1`… parameters) as the named prepared statement `name` on a connection of the
 * pool: node-postgres parses it once per connection and then only binds and executes it, which
 * saves PostgreSQL parsing and planning it at every call (on a short statement, most of its time).
 * Elsewhere (the embedded PGlite, a transaction, a pool openDatabase did not make) it runs as an
 * ordinary statement.
 */
export async function queryNamed<R>(
  db: Knex | Knex.Transaction,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<R[]> {
  if (!ownSessions.has(db as Knex)) return queryNumbered<R>(db, text, values);
  const knex = db as Knex;
  const connection = (await knex.client.acquireConnection()) as PgConnection;
  try {
    return (await connection.query<R>({ name, text, values: [...values] })).rows;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** Runs `text` (`$1`… parameters) as an ordinary statement, through knex. */
export async function queryNumbered<R>(
  db: Knex | Knex.Transaction,
  text: string,
  values: readonly unknown[],
): Promise<R[]> {
  // knex binds `?` in order: each `$n` becomes one, with its value.
  const bindings: unknown[] = [];
  const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
    bindings.push(values[Number(n) - 1]);
    return '?';
  });
  const { rows } = await db.raw<{ rows: R[] }>(sql, bindings as Knex.RawBinding[]);
  return rows;
}

/** Statement names by their text (the hash is computed once per text). */
const names = new Map<string, string>();
/** Texts remembered at most: past it, a text's name is hashed again at each call. */
const REMEMBERED_NAMES = 1_000;

/**
 * Runs knex's SQL (`?` values, `??` identifiers) as a prepared statement named after its text
 * (queryNamed). For statements that come in a bounded number of texts: each connection keeps
 * every statement it prepared until it closes.
 */
export async function queryPrepared<R>(
  db: Knex | Knex.Transaction,
  sql: string,
  bindings: readonly Knex.RawBinding[],
): Promise<R[]> {
  if (!ownSessions.has(db as Knex)) {
    const { rows } = await db.raw<{ rows: R[] }>(sql, bindings as Knex.RawBinding[]);
    return rows;
  }
  const native = db
    .raw(sql, bindings as Knex.RawBinding[])
    .toSQL()
    .toNative();
  let name = names.get(native.sql);
  if (!name) {
    name = `q_${createHash('sha1').update(native.sql).digest('hex').slice(0, 32)}`;
    if (names.size < REMEMBERED_NAMES) names.set(native.sql, name);
  }
  return queryNamed<R>(db, name, native.sql, native.bindings);
}
