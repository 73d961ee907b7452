import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

/**
 * Waits until `check` answers true, asking every `intervalMs`, and fails after `timeoutMs`. A
 * committed event shows in the log only once every transaction begun before it has ended, so a
 * test that reads what it just wrote, while other suites hold transactions open, must wait for it.
 */
export async function eventually(
  check: () => Promise<boolean>,
  { timeoutMs = 20_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not reached in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A digest of every stored row, table by table (every table of every schema the platform made,
 * partitions counted in their parent): two calls give the same map exactly when no row was added,
 * removed or changed in between. Rows are hashed one by one and sorted, so the order PostgreSQL
 * happens to return them in does not count.
 */
export async function tableDigests(knex: knexFactory.Knex): Promise<Record<string, string>> {
  const tables = await knex.raw<{ rows: { name: string }[] }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  if (tables.rows.length === 0) return {};
  const digests = await knex.raw<{ rows: { name: string; digest: string }[] }>(
    tables.rows
      .map(
        ({ name }) =>
          `select ${quoteLiteral(name)} as name,
                  md5(coalesce(string_agg(md5(row_text), '' order by md5(row_text)), '')) as digest
             from (select t::text as row_text from ${name} t) rows`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(digests.rows.map(({ name, digest }) => [name, digest]));
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * How long the event loop was held, at worst, between the probe's start and `stop()`: how far a
 * short timer of its own fired beyond its time. Timers of its own rather than
 * `monitorEventLoopDelay`, whose histogram missed a loop held from the moment it was enabled.
 *
 * A timer is also late when its thread waited for a core (a loaded test machine), which holds
 * nobody's request up more than any other process's. So each late tick counts at most the CPU time
 * the loop's own thread used since the tick before: a loop held by its own work used at least that
 * much, a descheduled one next to none. The thread's, not the process's: while the loop's thread
 * waits, the process's other threads (the collector, the file and crypto pool, workers) may run.
 */
export function eventLoopProbe(intervalMs = 10): { stop(): number } {
  let worst = 0;
  let last = performance.now();
  let lastCpu = mainThreadCpuMs();
  const held = () => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    const late = Math.min(now - last - intervalMs, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
    return late;
  };
  const timer = setInterval(() => {
    worst = Math.max(worst, held());
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(worst, held());
    },
  };
}

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;
let schedstatReadable = true;

/**
 * CPU time the main thread (the event loop's) has used, in milliseconds. Linux answers it per
 * thread in nanoseconds (the first field of the thread's schedstat); elsewhere, or where the file
 * cannot be read, the whole process's time stands in for it.
 */
export function mainThreadCpuMs(): number {
  if (schedstatReadable) {
    try {
      return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      schedstatReadable = false;
    }
  }
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
