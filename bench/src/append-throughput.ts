import { randomUUID } from 'node:crypto';
import {
  createPostgresEventStore,
  type EventStore,
  type ExpectedRevision,
  migratePlatform,
  openDatabase,
} from '@interior/platform';
import type { Knex } from 'knex';
import type { ApiClient } from './api-client';
import { type GroupInput, sampleGroup, userGroupCreated } from './groups';
import type { HttpChild } from './http-child';
import {
  inThisProcess,
  measureInterleaved,
  type RunPlan,
  type Throughput,
  type WriterFactory,
} from './measure';

/**
 * Section 1: single-row writes, one per call, each writer with one call in flight.
 *
 * The baseline is a plain single-row INSERT of a row shaped like an event (uuid, text, jsonb)
 * through the same knex/pg pool, into a table with only a primary key. Against it:
 * - `store.append(stream, [event], { expectedRevision })`: every writer appends to a stream of its
 *   own, expecting the revision its previous append returned, so each call does the store's
 *   optimistic-concurrency check (one statement: max(revision) of the stream + insert), and the
 *   events table keeps its four indexes (position, id, stream+revision, global order).
 * - POST /api/usergroup: the whole command path (token and session check, id sequence, load the
 *   stream, decide, append, wait until the projections have caught up, read the record back).
 * - POST /api/brand: a catalogue record's creation, whose name is reserved as unique (a read and
 *   an append more) and whose read model also counts the brand's products (a product's events are
 *   applied in a transaction; the brand's own are planned as the groups' are).
 *
 * INSERT and store.append run before the platform starts, so no projection runner reads the log
 * meanwhile, and take turns (`rounds` slices each, alternating) so that both meet the same load of
 * the machine and the server; their ratio is the figure that carries. POST runs later, against the
 * platform in this process, from the HTTP client in a process of its own (http-child.ts), as a
 * real client is; the same POSTs from a client in this process (sharing the server's event loop
 * and CPU) are printed beside it, labelled. They take turns with the plain INSERT again (through
 * the platform's pool, into the same table, which no projection reads), so that their ratios too
 * are of figures taken under the same load, not minutes apart (the same code gave 0.13× to 0.18×
 * in three runs that way). Both INSERT figures are printed. `node CPU %` (this process's CPU time
 * over wall time: the server, and the client when it runs here) shows whether it was the
 * bottleneck.
 */
const PLAIN_TABLE = 'bench_plain_rows';

export interface WritePlan {
  warmupMs: number;
  durationMs: number;
  /** Each measurement runs once per writer count. */
  writers: readonly number[];
  /** plain INSERT and store.append take turns in this many slices of `durationMs / rounds` each. */
  rounds: number;
  /**
   * Before the first POST measurement, the freshly started server runs the same requests this long
   * at the highest writer count, thrown away: V8 compiles a path over its first seconds of use, and
   * the figures are of a server that has been running (the baselines they are divided by are warm:
   * their connections have run thousands of statements in interleaved rounds).
   */
  serverWarmupMs: number;
}

export type AppendKind =
  | 'plain INSERT'
  | 'store.append'
  | 'plain INSERT, platform started'
  | 'POST /api/usergroup'
  | 'POST /api/usergroup, client in this process'
  | 'POST /api/brand';

export interface AppendRow extends Throughput {
  what: AppendKind;
  /** Operations per second over the plain INSERT's at the same number of writers. */
  ratioToInsert: number;
}

/** Streams the store benchmark writes, removed before the platform starts so no projection reads them. */
const BENCH_STREAM_PREFIX = 'Bench-';

async function createPlainTable(knex: Knex): Promise<void> {
  await knex.raw(
    `create table ${PLAIN_TABLE} (id uuid primary key, stream text not null, data jsonb not null)`,
  );
}

async function removeBenchEvents(knex: Knex): Promise<number> {
  return knex('events').where('stream', 'like', `${BENCH_STREAM_PREFIX}%`).delete();
}

function plainInsertWriter(knex: Knex): WriterFactory {
  return () => {
    const stream = `${BENCH_STREAM_PREFIX}${randomUUID()}`;
    let n = 0;
    return async () => {
      await knex.raw(`insert into ${PLAIN_TABLE} (id, stream, data) values (?, ?, ?::jsonb)`, [
        randomUUID(),
        stream,
        JSON.stringify(sampleGroup(n++)),
      ]);
    };
  };
}

/** Events of a type no projection handles, in `Bench-` streams: only the store's cost is measured. */
function storeAppendWriter(store: EventStore): WriterFactory {
  return () => {
    const stream = `${BENCH_STREAM_PREFIX}${randomUUID()}`;
    let expectedRevision: ExpectedRevision = 'no_stream';
    let n = 0;
    return async () => {
      const event = { ...userGroupCreated(n, sampleGroup(n), null), type: 'BenchAppended' };
      n++;
      const result = await store.append(stream, [event], { expectedRevision });
      expectedRevision = result.nextRevision;
    };
  };
}

/** Counts answers that came before the read model had caught up (the bounded wait ran out). */
interface HttpCreateStats {
  behind: number;
}

function httpCreateWriter(client: ApiClient, stats: HttpCreateStats): WriterFactory {
  // Numbered across the writers made for every slice, so no two groups have one name.
  let n = 0;
  return (index) => {
    return async () => {
      const group: GroupInput = { name: `벤치 HTTP ${index}-${n}`, description: `HTTP 생성 ${index}-${n}` };
      n++;
      const { caughtUp } = await client.createGroup(group);
      if (!caughtUp) stats.behind++;
    };
  };
}

/** Plain INSERT and store.append, before the platform starts: no projection runner reads the log. */
export async function measureDirectWrites(url: string, plan: WritePlan): Promise<AppendRow[]> {
  const db = await openDatabase({ url, poolSize: 10, applicationName: 'bench-direct' });
  try {
    await migratePlatform(db.knex);
    await createPlainTable(db.knex);
    const store = createPostgresEventStore(db.knex, { prepared: true });
    const rows: AppendRow[] = [];
    for (const writers of plan.writers) {
      const runPlan = { writers, warmupMs: plan.warmupMs, durationMs: plan.durationMs };
      const [insert, append] = await measureInterleaved({ ...runPlan, rounds: plan.rounds }, [
        inThisProcess(plainInsertWriter(db.knex)),
        inThisProcess(storeAppendWriter(store)),
      ]);
      if (!insert || !append) throw new Error('measureInterleaved returned fewer results than kinds');
      rows.push(appendRow('plain INSERT', insert, insert), appendRow('store.append', append, insert));
    }
    await removeBenchEvents(db.knex);
    return rows;
  } finally {
    await db.close();
  }
}

function appendRow(what: AppendKind, measured: Throughput, insert: Throughput): AppendRow {
  return { what, ...measured, ratioToInsert: measured.opsPerSecond / insert.opsPerSecond };
}

/**
 * POST /api/usergroup from `child` (a client process) and from `client` (this process), and POST
 * /api/brand from `child`, in turns with the plain INSERT through the started platform (`knex`, its
 * pool).
 */
export async function measureHttpCreates(
  client: ApiClient,
  child: HttpChild,
  knex: Knex,
  plan: WritePlan,
  notes: string[],
): Promise<AppendRow[]> {
  const rows: AppendRow[] = [];
  const post = (stats: HttpCreateStats) =>
    child.slices(client.baseUrl, { kind: 'create-group', prefix: '벤치 HTTP 클라이언트' }, stats);
  await post({ behind: 0 })(Math.max(...plan.writers), plan.serverWarmupMs);
  for (const writers of plan.writers) {
    const stats: HttpCreateStats = { behind: 0 };
    const runPlan: RunPlan = { writers, warmupMs: plan.warmupMs, durationMs: plan.durationMs };
    const [insert, measured, here, brand] = await measureInterleaved({ ...runPlan, rounds: plan.rounds }, [
      inThisProcess(plainInsertWriter(knex)),
      post(stats),
      inThisProcess(httpCreateWriter(client, stats)),
      child.slices(client.baseUrl, { kind: 'create-brand', prefix: `벤치 브랜드 ${writers}` }, stats),
    ]);
    if (!insert || !measured || !here || !brand)
      throw new Error('measureInterleaved returned fewer results than kinds');
    rows.push(
      appendRow('plain INSERT, platform started', insert, insert),
      appendRow('POST /api/usergroup', measured, insert),
      appendRow('POST /api/usergroup, client in this process', here, insert),
      appendRow('POST /api/brand', brand, insert),
    );
    if (stats.behind > 0) {
      notes.push(`${stats.behind} POST answers at ${writers} writers came before the read model caught up`);
    }
  }
  return rows;
}
