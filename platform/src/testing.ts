import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { type Database, openDatabase } from './db/database';
import { migratePlatform } from './db/migrations';

/**
 * A fresh, migrated database for one test file: a new database on the server named by
 * TEST_DATABASE_URL, or an in-memory PGlite when it is not set (or when `embedded` is asked for).
 */
export interface TestDatabase extends Database {
  /** Closes the pool and removes the database. */
  drop(): Promise<void>;
}

export async function openTestDatabase(
  options: { embedded?: boolean; poolSize?: number } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const embedded = options.embedded ?? !serverUrl;
  if (embedded || !serverUrl) {
    const db = await openDatabase({ poolSize: options.poolSize ?? 10 });
    await migratePlatform(db.knex);
    return { ...db, drop: () => db.close() };
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 10 });
  await migratePlatform(db.knex);
  return {
    ...db,
    async drop() {
      await db.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

/** A promise and what settles it: one step of a test waiting for another (a transaction held open). */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
