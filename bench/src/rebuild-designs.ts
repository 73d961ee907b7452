import { readFile } from 'node:fs/promises';
import { nextId } from '@interior/command-service/ids';
import {
  type DesignDocument,
  documentDelta,
  emptyDesignDocument,
  validateDesignDocument,
} from '@interior/contracts';
import {
  createPostgresEventStore,
  type EventStore,
  migratePlatform,
  openDatabase,
  PiiVault,
} from '@interior/platform';
import { ProjectionRunner, requestRebuild } from '@interior/projections';
import { designsProjection } from '@interior/projections/designs/designs.projection';
import type { Knex } from 'knex';
import { createBenchDatabase } from './bench-database';
import { profiled } from './cpu-profile';
import { until } from './measure';

/**
 * Section 6: building the designs read model (`mydesign` and the current documents) from a log as
 * the platform keeps it: each design created with a small plan and saved as it grew, every save
 * one `DesignDocumentChanged` with the whole document. The events are written by SQL in chunks (as
 * the groups are, rebuild.ts); MB/s is of the designs' events' data as JSON text.
 */
export interface DesignsRebuild {
  designs: number;
  /**
   * How the runner read the log: `slim`, the pages without the documents, whose rooms the projection
   * reads from the log in SQL (the PostgreSQL store's log in the read models' database); `whole`,
   * every event with its document through the process (a store whose log is elsewhere).
   */
  pages: 'slim' | 'whole';
  /** Saves per design after its creation. */
  saves: number;
  seedSeconds: number;
  /** The designs' events in the log, and the bytes of their data as JSON text. */
  logEvents: number;
  logBytes: number;
  /** The build reached the end of the log within its time budget. */
  finished: boolean;
  /** Events applied (all of them when finished) over the seconds of the build (or of the budget). */
  appliedEvents: number;
  seconds: number;
  /** The first generation's build, before: from the runner's start to its being caught up. */
  firstBuildSeconds: number;
  /** Of `seconds`: creating the read model's indexes once the new generation was full, then vacuuming it. */
  indexSeconds: number;
  vacuumSeconds: number;
  eventsPerSecond: number;
  /** Their data, in MB (10⁶ bytes) a second. */
  megabytesPerSecond: number;
  /**
   * CPU seconds spent on the build by this process (the runner) and by the PostgreSQL backends of
   * the section's database (null when the server's processes cannot be read here: not on this
   * machine, or no /proc). On a loaded machine the rate measures the wait for a core as much as the
   * work; events per CPU second does not.
   */
  runnerCpuSeconds: number;
  serverCpuSeconds: number | null;
}

const SAVES = 2;

/** The section's sizes: designs seeded, and the longest its build is timed. */
export const DESIGNS_REBUILD_PLAN = {
  full: { designs: 100_000, budgetMs: 120_000 },
  quick: { designs: 5_000, budgetMs: 30_000 },
} as const;

/** A room of `width` × `depth` mm at (x, y), its four walls, a door in the first. */
function addRoom(doc: DesignDocument, n: number, x: number, y: number, width: number, depth: number) {
  const corners = [
    { x, y },
    { x: x + width, y },
    { x: x + width, y: y + depth },
    { x, y: y + depth },
  ];
  doc.rooms.push({ id: `room-${n}`, name: `방 ${n + 1}`, polygon: corners, ceilingHeight: 2_400 });
  corners.forEach((a, i) => {
    const b = corners[(i + 1) % corners.length]!;
    doc.walls.push({ id: `wall-${n}-${i}`, a, b, thickness: 150, height: 2_400 });
  });
  doc.openings.push({
    id: `door-${n}`,
    wallId: `wall-${n}-0`,
    kind: 'Door',
    offset: 300,
    width: 900,
    height: 2_100,
    sill: 0,
  });
}

/** The plan as created (one room) and after each save (a room and furniture more each time). */
export function growingDocuments(): DesignDocument[] {
  const documents: DesignDocument[] = [];
  const doc = emptyDesignDocument();
  for (let stage = 0; stage <= SAVES; stage++) {
    addRoom(doc, stage, stage * 4_000, 0, 3_800, 3_200);
    for (let i = 0; i < 4; i++) {
      doc.items.push({
        id: `item-${stage}-${i}`,
        productId: 1 + i,
        x: stage * 4_000 + 500 + i * 700,
        y: 1_000,
        rotation: 90 * i,
        quantity: 1,
      });
    }
    const checked = validateDesignDocument(structuredClone(doc));
    if (!checked.ok) throw new Error(`the bench's design document is invalid: ${checked.message}`);
    documents.push(checked.data);
  }
  return documents;
}

/**
 * Per design: its `DesignCreated` (revision 0) and `SAVES` `DesignDocumentChanged` (revisions
 * 1…), in that order in the log, with ids from the platform's sequence and the metadata the
 * command-service gives (as SEED_SQL in rebuild.ts).
 */
const SEED_SQL = `
  with ids as (select nextval('id_design')::int as id from generate_series(1, ?)),
  docs as (select ordinality - 1 as revision, value as document, ?::jsonb -> (ordinality::int - 1) as delta
           from jsonb_array_elements(?::jsonb) with ordinality)
  insert into events (id, stream, revision, type, data, metadata)
  select gen_random_uuid(), 'Design-' || ids.id, docs.revision,
    case when docs.revision = 0 then 'DesignCreated' else 'DesignDocumentChanged' end,
    case when docs.revision = 0 then jsonb_build_object(
        'id', ids.id, 'name', '벤치 디자인 ' || ids.id, 'description', '', 'ownerId', ?::int,
        'folderId', null, 'planId', null, 'document', docs.document)
      else jsonb_build_object('revision', docs.revision, 'document', docs.document, 'delta', docs.delta) end,
    jsonb_build_object(
      'actorId', ?::int, 'correlationId', gen_random_uuid(), 'causationId', null,
      'occurredAt', to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'schemaVersion', 1)
  from ids cross join docs
  order by ids.id, docs.revision`;

/**
 * The designs' events at or before the designs loop's committed checkpoint (`<xid8>:<position>`,
 * the log's order), or 0 before its first batch.
 */
async function appliedEvents(knex: Knex, checkpoint: string | null): Promise<number> {
  if (!checkpoint) return 0;
  const [tx = '0', position = '0'] = checkpoint.split(':');
  const { rows } = await knex.raw<{ rows: { n: number }[] }>(
    `select count(*)::int as n from events
     where type = any(?::text[]) and (transaction_id, position) <= (?::xid8, ?::bigint)`,
    [[...designsProjection.handles], tx, position],
  );
  return rows[0]?.n ?? 0;
}

/**
 * In a database of its own (created on `serverUrl`, dropped after), so that no other projection
 * of the platform has the seeded events to catch up with, and no other section finds the designs:
 * the log is seeded, a runner of the designs projection alone is started on it (its first
 * generation, timed apart), then a rebuild is requested and timed from its loop's start (the
 * runner's rescan picks it up) to the new generation being active, its indexes and vacuum
 * included, or for at most `budgetMs`: then the rate is of the events its committed checkpoint had
 * passed by then (a batch under way is not counted, so the rate is if anything low).
 */
export async function measureDesignsRebuild(
  serverUrl: string,
  designs: number,
  budgetMs: number,
  progress: (message: string) => void,
  pages: DesignsRebuild['pages'] = 'slim',
  chunk = 20_000,
): Promise<DesignsRebuild> {
  const database = await createBenchDatabase(serverUrl);
  const db = await openDatabase({ url: database.url, poolSize: 4, applicationName: 'bench-designs' });
  const store = createPostgresEventStore(db.knex, { prepared: true });
  // Without its SQL over the log, the store is read as one whose log is elsewhere: whole pages.
  const read: EventStore =
    pages === 'slim' ? store : Object.create(store, { logInSql: { value: undefined } });
  const runner = new ProjectionRunner({
    knex: db.knex,
    store: read,
    vault: new PiiVault(db.knex),
    projections: [designsProjection],
  });
  try {
    await migratePlatform(db.knex);
    const { knex } = db;
    const documents = growingDocuments();
    const deltas = documents.map((doc, i) => (i === 0 ? null : documentDelta(documents[i - 1]!, doc)));
    // Owned by an id no account has: the designs projection reads no accounts.
    const ownerId = 1;
    await nextId(knex, 'Design');
    const started = performance.now();
    for (let done = 0; done < designs; ) {
      const size = Math.min(chunk, designs - done);
      await knex.raw(SEED_SQL, [size, JSON.stringify(deltas), JSON.stringify(documents), ownerId, ownerId]);
      done += size;
      progress(`seeded ${done.toLocaleString('en-US')} of ${designs.toLocaleString('en-US')} designs`);
    }
    const seedSeconds = (performance.now() - started) / 1000;
    const log = await handledLog(knex);
    // The generation a first start makes is active from its first event, with its indexes kept as
    // it fills (a platform whose log is already there): timed, printed beside. A rebuild, what a
    // deploy of a new version of the projection does, builds a new generation beside it and indexes
    // it when full: the figure.
    progress('the designs read model as first built on the log');
    const firstBegan = performance.now();
    await profiled('designs-first-build', async () => {
      await runner.start();
      await runner.caughtUp({ timeoutMs: budgetMs * 5 });
    });
    const firstBuildSeconds = (performance.now() - firstBegan) / 1000;
    progress(`rebuilding the designs read model from the log (${pages} pages)`);
    const generation = await requestRebuild(knex, designsProjection);
    const loop = () =>
      runner.health().find((h) => h.name === designsProjection.name && h.generation === generation);
    // The runner finds a requested generation on its next rescan (every 5 s): a wait on the rescan
    // interval, not the work, so the build is timed from its loop's start, as the usergroups' is.
    await until(() => loop() !== undefined, { everyMs: 2, timeoutMs: 30_000, what: 'the runner to pick up' });
    const serverBefore = await backendCpuSeconds(knex);
    const cpuBefore = process.cpuUsage();
    const began = performance.now();
    const finished = await profiled('designs-rebuild', () =>
      until(() => loop()?.status === 'active', {
        everyMs: 2,
        timeoutMs: budgetMs,
        what: 'the rebuilt generation to be active',
      })
        .then(() => true)
        .catch(() => false),
    );
    const seconds = (performance.now() - began) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const serverAfter = await backendCpuSeconds(knex);
    const applied = finished ? log.events : await appliedEvents(knex, loop()?.checkpoint ?? null);
    return {
      designs,
      pages,
      saves: SAVES,
      seedSeconds,
      logEvents: log.events,
      logBytes: log.bytes,
      finished,
      appliedEvents: applied,
      seconds,
      firstBuildSeconds,
      indexSeconds: loop()?.indexSeconds ?? 0,
      vacuumSeconds: loop()?.vacuumSeconds ?? 0,
      eventsPerSecond: applied / seconds,
      // Every design's events are alike, so the bytes applied are in proportion to the events.
      megabytesPerSecond: (log.bytes * (applied / log.events)) / 1e6 / seconds,
      runnerCpuSeconds: (cpu.user + cpu.system) / 1e6,
      serverCpuSeconds: serverAfter && serverBefore ? cpuSince(serverBefore, serverAfter) : null,
    };
  } finally {
    await runner.stop();
    await db.close();
    await database.drop();
  }
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/**
 * CPU seconds so far of each backend of the database `knex` uses, by process id, read from /proc:
 * null when they cannot be read (the server is on another machine, or this is not Linux).
 */
async function backendCpuSeconds(knex: Knex): Promise<Map<number, number> | null> {
  const { rows } = await knex.raw<{ rows: { pid: number }[] }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const seconds = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS);
    }
  } catch {
    return null;
  }
  return seconds;
}

/** CPU seconds between two readings (a backend that started meanwhile counts from zero). */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

async function handledLog(knex: Knex): Promise<{ events: number; bytes: number }> {
  const { rows } = await knex.raw<{ rows: { events: number; bytes: string | null }[] }>(
    `select count(*)::int as events, sum(octet_length(data::text)) as bytes from events
     where type = any(?::text[])`,
    [[...designsProjection.handles]],
  );
  return { events: rows[0]?.events ?? 0, bytes: Number(rows[0]?.bytes ?? 0) };
}
