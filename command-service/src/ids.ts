import { koreanDay, type ObjectType } from '@interior/contracts';
import { pgErrorCode, pgErrorCodes } from '@interior/platform';
import type { Knex } from 'knex';

/**
 * Integer ids (always positive) from one PostgreSQL sequence per object type, created on first
 * use. Sequences never hand out a number twice, even across processes; gaps are fine.
 */
/** Object types that carry an ACL, and entities with ids of their own that are not object types. */
export type IdKind = ObjectType | 'Business' | 'File' | 'SnsAccount' | 'SubscriptionPlan' | 'Payment';

/**
 * Ids fetched ahead and not handed out yet, per pool and sequence. A sequence asked again within
 * BUSY_MS hands out RESERVED numbers in one round trip, the rest kept here for the next creates
 * (a create's first round trip is its id's); ids asked for now and then come one at a time, so a
 * quiet platform has no gaps. A process that stops loses the numbers it kept: gaps, never reuse.
 */
const reserved = new WeakMap<Knex, Map<string, Reserve>>();
const RESERVED = 16;
const BUSY_MS = 1_000;

interface Reserve {
  ids: number[];
  fetchedAt: number;
  /** The fetch under way: creates that find no id kept wait for it instead of fetching too. */
  fetching: Promise<void> | null;
}

export async function nextId(knex: Knex, type: IdKind): Promise<number> {
  const sequence = `id_${type.toLowerCase()}`;
  let bySequence = reserved.get(knex);
  if (!bySequence) {
    bySequence = new Map();
    reserved.set(knex, bySequence);
  }
  let kept = bySequence.get(sequence);
  if (!kept) {
    kept = { ids: [], fetchedAt: Number.NEGATIVE_INFINITY, fetching: null };
    bySequence.set(sequence, kept);
  }
  for (;;) {
    const ready = kept.ids.shift();
    if (ready !== undefined) return ready;
    if (!kept.fetching) {
      const now = performance.now();
      const count = now - kept.fetchedAt < BUSY_MS ? RESERVED : 1;
      kept.fetchedAt = now;
      const into = kept;
      into.fetching = fetchIds(knex, sequence, count)
        .then((ids) => {
          into.ids.push(...ids);
        })
        .finally(() => {
          into.fetching = null;
        });
    }
    await kept.fetching;
  }
}

async function fetchIds(knex: Knex, sequence: string, count: number): Promise<number[]> {
  try {
    const { rows } = await knex.raw<{ rows: { id: number }[] }>(
      'select nextval(?::regclass)::int as id from generate_series(1, ?) order by 1',
      [sequence, count],
    );
    return rows.map((row) => row.id);
  } catch (error) {
    if (pgErrorCode(error) !== pgErrorCodes.undefinedTable) throw error;
    try {
      await knex.raw('create sequence if not exists ?? as integer', [sequence]);
    } catch (raced) {
      // Two first uses at once: "if not exists" does not stop the loser's unique violation.
      if (
        pgErrorCode(raced) !== pgErrorCodes.uniqueViolation &&
        pgErrorCode(raced) !== pgErrorCodes.duplicateTable
      )
        throw raced;
    }
    return fetchIds(knex, sequence, count);
  }
}

/**
 * The next number of the day for a prefix, as people read it: `EST-20261124-0001` (the Korean
 * calendar day). Never the same twice; a refused command may leave a gap.
 */
export async function nextDailyNumber(knex: Knex, prefix: string, at: Date = new Date()): Promise<string> {
  const korean = koreanDay(at);
  const { rows } = await knex.raw(
    `insert into daily_numbers (prefix, day, last) values (?, ?, 1)
     on conflict (prefix, day) do update set last = daily_numbers.last + 1
     returning last`,
    [prefix, korean],
  );
  return `${prefix}-${korean.replace(/-/g, '')}-${String(rows[0].last).padStart(4, '0')}`;
}
